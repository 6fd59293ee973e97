/** Chromium's install event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<(event: BeforeInstallPromptEvent) => void>();

/**
 * Listens for the browser's install event from the first script on the page. Chromium fires it once per
 * page load, and it can come before the lazily loaded install prompt is mounted; held here, it is not lost
 * (docs/decisions/047). The browser's own prompt is held back until the app offers it.
 */
export function holdInstallEvent(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    for (const listener of listeners) listener(held);
  });
}

/** Calls `listener` with the held event, now if one came already and again for any later one. */
export function onInstallEvent(listener: (event: BeforeInstallPromptEvent) => void): () => void {
  listeners.add(listener);
  if (held) listener(held);
  return () => {
    listeners.delete(listener);
  };
}
