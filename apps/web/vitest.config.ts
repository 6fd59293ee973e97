import { defineConfig } from "vitest/config";

// Unit tests of the browser-side libraries run in Node with a stubbed localStorage and fetch. Component tests
// (*.test.tsx, each marked `@vitest-environment happy-dom`) render one part of a screen with Testing Library;
// whole screens and journeys are covered by the browser tests in e2e/.
export default defineConfig({
  test: { include: ["src/**/*.test.ts", "src/**/*.test.tsx"], environment: "node" },
});
