/**
 * Every guardrail of `npm run check` fires (docs/decisions/016-guardrails.md): each is run, with the
 * repository's own configuration, on a fixture that breaks it, and must fail naming the rule.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(root, "scripts", "guardrails-fixtures");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

describe("guardrails", () => {
  it("dependency-cruiser refuses each import rule's breach: across features, a type-only cycle, the engine, contracts, web app, server, its HTTP edge and test helpers importing what they must not, and two server modules using each other", () => {
    const cruise = (outputType: string) =>
      spawnSync(
        process.execPath,
        [
          join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs"),
          "apps",
          "packages",
          "--config",
          join(root, ".dependency-cruiser.cjs"),
          "--output-type",
          outputType,
        ],
        { cwd: join(fixtures, "imports"), encoding: "utf8" },
      );
    // As `npm run check` runs it: the violations fail the command.
    expect(cruise("err").status).not.toBe(0);
    const result = cruise("json");
    const violations = (JSON.parse(result.stdout) as { summary: { violations: Violation[] } }).summary
      .violations;
    const found = violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "features-stay-apart: apps/web/src/features/alpha/components/AlphaCard.ts → apps/web/src/features/beta/api/beta-title.ts",
        "engine-imports-nothing-of-ours: packages/engine/src/uses-contracts.ts → packages/contracts/src/contract.ts",
        expect.stringMatching(
          /^no-cycles: packages\/engine\/src\/plan(-item)?\.ts → packages\/engine\/src\/plan(-item)?\.ts$/,
        ),
        "shared-web-code-above-features: apps/web/src/lib/feature-title.ts → apps/web/src/features/beta/api/beta-title.ts",
        "contracts-above-apps: packages/contracts/src/uses-app.ts → apps/server/src/modules/gamma/gamma.service.ts",
        "web-uses-contracts-and-engine-only: apps/web/src/lib/server-name.ts → apps/server/src/modules/gamma/gamma.service.ts",
        "server-uses-contracts-engine-db-only: apps/server/src/modules/gamma/web-title.ts → apps/web/src/features/beta/api/beta-title.ts",
        "server-edge-below-modules: apps/server/src/http/edge.ts → apps/server/src/modules/gamma/gamma.service.ts",
        "server-edge-below-modules: apps/server/src/test/journey.fixture.ts → apps/server/src/modules/gamma/gamma.service.ts",
        "server-modules-acyclic: apps/server/src/modules/gamma → apps/server/src/modules/delta",
        "server-modules-acyclic: apps/server/src/modules/delta → apps/server/src/modules/gamma",
      ]),
    );
    // The gamma ⇄ delta cycle runs through different files: only the folder-level rule sees it.
    expect(found.filter((line) => line.startsWith("no-cycles:") && line.includes("/modules/"))).toEqual([]);
  });

  it("type-aware ESLint flags floating and misused promises, awaiting a non-promise and a needless assertion", async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [report] = await eslint.lintFiles([join(fixtures, "lint", "promises.ts")]);
    const rules = report?.messages.map((message) => message.ruleId);
    expect(rules).toEqual([
      "@typescript-eslint/no-floating-promises",
      "@typescript-eslint/no-misused-promises",
      "@typescript-eslint/await-thenable",
      "@typescript-eslint/no-unnecessary-type-assertion",
    ]);
  });

  it("the landing budget fails a build whose landing JavaScript is over 150 KB gzip, and passes one under it", () => {
    const dist = mkdtempSync(join(tmpdir(), "fitwise-budget-"));
    try {
      mkdirSync(join(dist, ".vite"));
      mkdirSync(join(dist, "assets"));
      writeFileSync(
        join(dist, ".vite", "manifest.json"),
        JSON.stringify({
          "index.html": { file: "assets/index.js", isEntry: true, imports: ["_shared.js"] },
          "_shared.js": { file: "assets/shared.js" },
          "src/features/marketing/LandingPage.tsx": { file: "assets/landing.js", imports: ["_shared.js"] },
        }),
      );
      // Random bytes do not compress: their gzip size is their size.
      const measure = (sharedKb: number) => {
        writeFileSync(join(dist, "assets", "index.js"), randomBytes(60 * 1024));
        writeFileSync(join(dist, "assets", "landing.js"), randomBytes(20 * 1024));
        writeFileSync(join(dist, "assets", "shared.js"), randomBytes(sharedKb * 1024));
        return spawnSync(
          process.execPath,
          ["--import", "tsx", join(root, "apps", "web", "scripts", "landing-size.ts"), dist],
          { cwd: root, encoding: "utf8" },
        );
      };
      const over = measure(80);
      expect(over.status).toBe(1);
      expect(over.stderr).toContain("Over the 150.00 KB budget");
      const under = measure(40);
      expect(under.status).toBe(0);
      expect(under.stdout).toContain("Within the 150.00 KB budget.");
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("the citation check flags issue numbers, the old product spec and paths outside the repo, and not other senses of spec", () => {
    const check = (...files: string[]) =>
      spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          join(root, "scripts", "check-citations.ts"),
          ...files.map((file) => join(fixtures, "citations", file)),
        ],
        { cwd: root, encoding: "utf8" },
      );
    const flagged = check("flagged.ts", "flagged.sql");
    expect(flagged.status).toBe(1);
    const found = flagged.stderr
      .split("\n")
      .filter((line) => line.startsWith("scripts/"))
      .map((line) => line.split(": ").slice(0, 2).join(": "));
    expect(found).toEqual([
      "scripts/guardrails-fixtures/citations/flagged.ts:2: issue-number",
      "scripts/guardrails-fixtures/citations/flagged.ts:3: issue-number",
      "scripts/guardrails-fixtures/citations/flagged.ts:4: old-spec",
      "scripts/guardrails-fixtures/citations/flagged.ts:5: old-spec",
      "scripts/guardrails-fixtures/citations/flagged.ts:6: outside-path",
      "scripts/guardrails-fixtures/citations/flagged.ts:7: outside-path",
      "scripts/guardrails-fixtures/citations/flagged.ts:8: outside-path",
      "scripts/guardrails-fixtures/citations/flagged.sql:1: issue-number",
      "scripts/guardrails-fixtures/citations/flagged.sql:2: old-spec",
    ]);
    const allowed = check("allowed.ts");
    expect(allowed.stderr).toBe("");
    expect(allowed.status).toBe(0);
  });
});
