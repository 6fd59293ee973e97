import { defineConfig } from "vite";
import type { PluginOption } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

// In development the Fastify server (npm run dev) answers the API on :3000; Vite serves the SPA and forwards these.
const apiTarget = "http://localhost:3000";
const proxiedPaths = ["/auth", "/functions", "/healthz", "/webhooks", "/test-checkout"];

// vitest 4 hoists vite 8 to the repository root, so the plugin's types resolve vite 8 while this
// workspace builds with vite 7; the plugin supports both (its peer range is ^4 … ^8).
const reactPlugin = react() as unknown as PluginOption;

/*
 * The installable app (docs/decisions/047-offline-app-shell-and-write-queue.md): the manifest and a
 * service worker that precaches the built shell. injectRegister false: the app registers the worker
 * itself, after sign-in only, so the landing page never loads it. The server renders the manifest's
 * name per host (apps/server/src/http/spa.ts), as it does the page title.
 */
const pwaPlugin = VitePWA({
  strategies: "injectManifest",
  srcDir: "src/service-worker",
  filename: "sw.ts",
  injectRegister: false,
  registerType: "prompt",
  manifest: {
    id: "/",
    name: "Fitwise",
    short_name: "Fitwise",
    description: "Custom diet plans, custom workouts and a 24/7 AI personal trainer.",
    start_url: "/diet",
    scope: "/",
    display: "standalone",
    theme_color: "#0f7b5f",
    background_color: "#f6f7f9",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  // The icons are precached through the glob below; listing them again from the manifest would add them twice.
  includeManifestIcons: false,
  injectManifest: {
    // The shell and every lazily loaded page; source maps, precompressed copies and the share picture stay out.
    globPatterns: ["**/*.{js,css,html,svg}", "icons/*.png"],
  },
}) as unknown as PluginOption;

export default defineConfig({
  plugins: [reactPlugin, pwaPlugin],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
