import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The browser specs' project (e2e/package.json). */
const BROWSER_PROJECT = "@fitwise/e2e";

/**
 * Spreads the browser specs evenly through the run, each followed by its share of the other files, so
 * that on CI's two cores a browser spec mostly runs beside engine or server tests rather than beside
 * another browser spec (two Chromiums and two servers at once starve each other). Within each kind the
 * order stays Vitest's: longest (or, on a clean clone, largest) first.
 */
class BrowserSpecsSpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((spec) => spec.project.name === BROWSER_PROJECT);
    const others = sorted.filter((spec) => spec.project.name !== BROWSER_PROJECT);
    if (browser.length === 0) return others;
    const othersPerBrowserSpec = Math.ceil(others.length / browser.length);
    return browser.flatMap((spec, index) => [
      spec,
      ...others.slice(index * othersPerBrowserSpec, (index + 1) * othersPerBrowserSpec),
    ]);
  }
}

// One runner for everything: engine unit tests, server integration tests, browser (e2e) tests.
export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; the suites wait on PGlite, PostgreSQL and
    // Chromium much of the time, so two at once keep both cores busy (docs/decisions/037).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: BrowserSpecsSpreadSequencer },
    projects: [
      "packages/*",
      "apps/server",
      "apps/web",
      "e2e",
      // The guardrails of `npm run check` proven to fire on fixtures (scripts/guardrails.test.ts).
      { test: { name: "guardrails", include: ["scripts/*.test.ts"], testTimeout: 180_000 } },
    ],
  },
});
