import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import type { PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

/*
 * The service worker (docs/decisions/047-offline-app-shell-and-write-queue.md). It precaches the
 * built app shell — the same files for every visitor — and answers page navigations with it, so
 * /diet and /workouts open offline. API answers (/functions, /auth) are never cached here: a
 * signed-in answer must not sit in a cache another account on this browser could be served from;
 * the pages keep their own copies, which sign-out clears (apps/web/src/lib/offline-wipe.ts).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Server paths that are never the app shell (apps/server/src/http/spa.ts API_PREFIXES, and the test checkout). */
const SERVER_PATHS = [
  /^\/auth\//,
  /^\/functions\//,
  /^\/api\//,
  /^\/webhooks\//,
  /^\/healthz/,
  /^\/test-checkout/,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: SERVER_PATHS }));

// The first worker takes the open page at once, so it works offline after this one visit; a later
// version waits until the person chooses "Reload" (apps/web/src/features/offline), never mid-set.
clientsClaim();
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === "object" && data !== null && "type" in data && data.type === "SKIP_WAITING") {
    void self.skipWaiting();
  }
});
