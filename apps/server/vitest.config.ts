import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Each suite builds its own app on its own database, and the server keeps no module state a test could change
    // (its module-level maps are caches keyed by their input), so a worker's files share one import of the server
    // and the engine's catalogues instead of evaluating them again for every file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["src/test/pglite-template.global-setup.ts"],
  },
});
