import { defineConfig } from "vitest/config";

// Browser tests drive Debian's Chromium. They share the run's workers with the other suites; the root
// config's sequencer spreads them so that two seldom run at once (docs/decisions/037).
export default defineConfig({
  test: {
    include: ["**/*.spec.ts"],
    exclude: ["node_modules/**"],
    globalSetup: ["support/build.global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
