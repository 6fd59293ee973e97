import { defineConfig } from "vitest/config";

// One runner for everything: engine unit tests, server integration tests, browser (e2e) tests.
export default defineConfig({
  test: {
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
