import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The engine is pure (no module state a test can change), so its files may share one import of
    // the food and exercise catalogues per worker instead of building them again for every file.
    isolate: false,
    // Plans are CPU work: a test taking 1 s on an idle machine took over Vitest's 5 s default beside
    // browser tests on CI's two cores. Pure code cannot hang on I/O, so a long limit hides nothing.
    testTimeout: 60_000,
  },
});
