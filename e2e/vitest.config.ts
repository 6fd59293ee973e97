import { defineConfig } from "vitest/config";

// Browser tests drive Debian's Chromium; they run one file at a time to keep the 2-core machine responsive.
export default defineConfig({
  test: {
    include: ["**/*.spec.ts"],
    exclude: ["node_modules/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
