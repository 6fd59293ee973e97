import { defineConfig } from "vitest/config";

// Unit tests of the browser-side libraries run in Node with a stubbed localStorage and fetch;
// screens are covered by the browser tests in e2e/.
export default defineConfig({ test: { include: ["src/**/*.test.ts"], environment: "node" } });
