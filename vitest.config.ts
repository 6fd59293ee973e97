import { defineConfig } from "vitest/config";

// One runner for everything: engine unit tests, server integration tests, browser (e2e) tests.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/server", "apps/web", "e2e"],
  },
});
