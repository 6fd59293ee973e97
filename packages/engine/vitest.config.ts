import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The engine is pure (no module state a test can change), so its files may share one import of
    // the food and exercise catalogues per worker instead of building them again for every file.
    isolate: false,
  },
});
