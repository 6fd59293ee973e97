/**
 * Prints the gzip size of the JavaScript a browser downloads to show the landing page `/`: the entry chunk, the
 * lazily loaded landing chunk, and every chunk either of them imports statically (dynamic imports are other
 * pages and are not fetched). CSS is listed separately for information.
 *
 * Runs as the last step of `npm run build -w @fitwise/web` and fails the build (exit 1) when the landing page's
 * JavaScript is over its 150 KB gzip budget (docs/decisions/016-guardrails.md), so `npm install`, `npm test` and
 * `npm run check` all stop there. An argument measures another build folder (the guardrail test's fixtures).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const LANDING_SOURCE = "src/features/marketing/LandingPage.tsx";
const BUDGET_BYTES = 150 * 1024;

const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("The manifest has no entry chunk; is build.manifest enabled?");
if (!manifest[LANDING_SOURCE]) throw new Error(`The manifest has no chunk for ${LANDING_SOURCE}.`);

/** The chunks loaded for the given roots: the roots and, transitively, their static imports. */
function collectStaticGraph(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest refers to a missing chunk ${key}.`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

// gzip level 6 is both zlib's and the gzip command's default, so the figure matches `gzip -c file | wc -c`.
function gzipBytes(file: string): { rawBytes: number; gzipBytes: number } {
  const content = readFileSync(join(distDir, file));
  return { rawBytes: content.length, gzipBytes: gzipSync(content, { level: 6 }).length };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

const chunkKeys = collectStaticGraph([entryKey, LANDING_SOURCE]);
const jsFiles = [...chunkKeys].map((key) => manifest[key]?.file ?? key);
const cssFiles = [...new Set([...chunkKeys].flatMap((key) => manifest[key]?.css ?? []))];

let jsGzipTotal = 0;
let jsRawTotal = 0;
console.log("JavaScript loaded for /:");
for (const file of jsFiles) {
  const size = gzipBytes(file);
  jsGzipTotal += size.gzipBytes;
  jsRawTotal += size.rawBytes;
  console.log(
    `  ${file.padEnd(40)} ${kb(size.rawBytes).padStart(11)} raw ${kb(size.gzipBytes).padStart(11)} gzip`,
  );
}
let cssGzipTotal = 0;
console.log("CSS loaded for /:");
for (const file of cssFiles) {
  const size = gzipBytes(file);
  cssGzipTotal += size.gzipBytes;
  console.log(
    `  ${file.padEnd(40)} ${kb(size.rawBytes).padStart(11)} raw ${kb(size.gzipBytes).padStart(11)} gzip`,
  );
}
console.log(
  `Landing JS total: ${kb(jsGzipTotal)} gzip (${jsGzipTotal} bytes; ${kb(jsRawTotal)} raw); CSS ${kb(cssGzipTotal)} gzip`,
);
if (jsGzipTotal > BUDGET_BYTES) {
  console.error(`Over the ${kb(BUDGET_BYTES)} budget: the landing page must load less JavaScript.`);
  process.exit(1);
}
console.log(`Within the ${kb(BUDGET_BYTES)} budget.`);
