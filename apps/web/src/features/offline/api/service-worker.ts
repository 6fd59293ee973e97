import { registerSW } from "virtual:pwa-register";

let registered = false;

/**
 * Registers the service worker (apps/web/src/service-worker/sw.ts) once per page. Called only after
 * sign-in, so the landing page never loads it (docs/decisions/047). A new version waits until the
 * person chooses to reload: `onUpdateReady` gets the function that switches to it and reloads.
 */
export function registerServiceWorker(onUpdateReady: (applyUpdate: () => void) => void): void {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  const applyUpdate = () => {
    // The plugin reloads by itself only when the page was already controlled at load; after the very
    // first install it was not, so the reload is asked for here once the new worker takes over.
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
      once: true,
    });
    void updateServiceWorker(true);
  };
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => onUpdateReady(applyUpdate),
  });
}
