/**
 * `npm run check:citations` (docs/decisions/016-guardrails.md): every citation in a tracked source, test,
 * SQL or docs file points inside the repository — docs/product.md §, a decision record or a file. It fails
 * on a tracker issue number, on the old product spec (cited by § or by name: its § numbers are not
 * docs/product.md's), and on paths to files that are not in the repository.
 *
 *   npx tsx scripts/check-citations.ts             every tracked file (git ls-files) but the fixtures
 *   npx tsx scripts/check-citations.ts <file>...   the files given (scripts/guardrails.test.ts)
 *
 * Prints one line per finding, `file:line: rule: text`, and exits 1 when there is any.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

interface Rule {
  name: string;
  pattern: RegExp;
}

/**
 * "spec" alone stays allowed: the `gpc-spec` URL, `*.spec.ts` files, an OpenAPI spec, a browser spec's
 * server. Only a § after it or a definite article before it cites the old product spec.
 */
const RULES: readonly Rule[] = [
  { name: "issue-number", pattern: /\bissues?\s+#?\d+/i },
  { name: "old-spec", pattern: /\bspec\s*\(?§|\bthe\s+spec\b/i },
  { name: "outside-path", pattern: /\.\.\/shared\b|\bDEVELOPERS\.md\b|\bDESIGN\.md\b/ },
];

/** Source, test, SQL and docs files; JSON (data, lock files, configuration) and images are not read. */
const CHECKED_EXTENSIONS = new Set([
  ".ts",
  ".tsx",
  ".mts",
  ".cts",
  ".js",
  ".mjs",
  ".cjs",
  ".jsx",
  ".css",
  ".sql",
  ".md",
  ".html",
  ".yml",
  ".yaml",
  ".sh",
]);

/** The fixtures that prove each rule fires (scripts/guardrails.test.ts). */
const FIXTURES = "scripts/guardrails-fixtures/citations/";

const root = fileURLToPath(new URL("..", import.meta.url));

function isChecked(file: string): boolean {
  if (file.startsWith(FIXTURES) || file.split("/").includes("node_modules")) return false;
  // Extensionless scripts such as .ci/run are read too.
  return CHECKED_EXTENSIONS.has(extname(file)) || !basename(file).includes(".");
}

/** Absolute paths of the tracked files to check. */
function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && isChecked(file))
    .map((file) => join(root, file));
}

function findings(path: string): string[] {
  const file = relative(root, path);
  return readFileSync(path, "utf8")
    .split(/\r?\n/)
    .flatMap((line, index) =>
      RULES.filter((rule) => rule.pattern.test(line)).map(
        (rule) => `${file}:${index + 1}: ${rule.name}: ${line.trim()}`,
      ),
    );
}

const given = process.argv.slice(2);
const files = given.length > 0 ? given.map((file) => resolve(file)) : trackedFiles();
const found = files.flatMap(findings);
for (const line of found) console.error(line);
if (found.length > 0) {
  console.error(
    `${found.length} citation(s) point outside the repository: cite docs/product.md §, docs/decisions/NNN or a file.`,
  );
  process.exitCode = 1;
} else {
  console.log(`Citations: ${files.length} files, none pointing outside the repository.`);
}
