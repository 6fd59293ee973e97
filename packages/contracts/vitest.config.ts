import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The golden-answer tests run the engine's planners: CPU work that a loaded 2-core CI machine
    // stretches past Vitest's 5 s default (as in packages/engine).
    testTimeout: 60_000,
  },
});
