/**
 * What the offline app keeps in this browser besides localStorage (docs/decisions/047): the IndexedDB
 * store of writes waiting to be sent, and the service worker with its Cache Storage. Kept apart from
 * the store itself (apps/web/src/lib/offline-queue.ts) because sign-out, which every page can reach,
 * must clear them without loading IndexedDB code into the landing page.
 */
export const OFFLINE_DB_NAME = "fitwise-offline";

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // A tab that still holds the store open delays the deletion; it completes when that tab lets go.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Removes the offline store, every Cache Storage cache and the service worker, so the next person on
 * this browser is served nothing of the last one's (docs/decisions/047 "Sign-out"). The next sign-in
 * registers the worker again. Each part is skipped where the browser lacks it (and in unit tests).
 */
export async function wipeOfflineData(): Promise<void> {
  const work: Promise<unknown>[] = [];
  if (typeof indexedDB !== "undefined") work.push(deleteDatabase(OFFLINE_DB_NAME));
  if (typeof caches !== "undefined") {
    work.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  }
  if (typeof navigator !== "undefined" && "serviceWorker" in navigator) {
    work.push(
      navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))),
    );
  }
  await Promise.allSettled(work);
}
