import { defineConfig } from "vite";
import type { PluginOption } from "vite";
import react from "@vitejs/plugin-react";

// In development the Fastify server (npm run dev) answers the API on :3000; Vite serves the SPA and forwards these.
const apiTarget = "http://localhost:3000";
const proxiedPaths = ["/auth", "/functions", "/healthz", "/webhooks", "/test-checkout"];

// vitest 4 hoists vite 8 to the repository root, so the plugin's types resolve vite 8 while this
// workspace builds with vite 7; the plugin supports both (its peer range is ^4 … ^8).
const reactPlugin = react() as unknown as PluginOption;

export default defineConfig({
  plugins: [reactPlugin],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
