/*
 * Pro status across the user's open tabs (docs/product.md §7: user_pro is "updated when changed in another tab").
 * A purchase completes in the checkout's tab; every other tab must drop its upgrade overlay and read the
 * status again. BroadcastChannel carries the news at once; the storage event of the user_pro key is the
 * fallback where BroadcastChannel is missing, and also covers a change no tab announced.
 */
const CHANNEL_NAME = "fitwise:pro-status";

export type ProStatusNews = "granted" | "changed";

interface ProStatusMessage {
  type: "pro-status";
  news: ProStatusNews;
}

function isMessage(data: unknown): data is ProStatusMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, news } = data as Partial<ProStatusMessage>;
  return type === "pro-status" && (news === "granted" || news === "changed");
}

/** Tells the user's other tabs that Pro was granted (a purchase, a restore) or that the status changed. */
export function announceProStatus(news: ProStatusNews): void {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: "pro-status", news } satisfies ProStatusMessage);
  channel.close();
}

/** Calls `onNews` when another tab announces a change or rewrites user_pro; returns the unsubscribe. */
export function listenForProStatus(
  onNews: (news: ProStatusNews) => void,
  storageEvents: EventTarget = window,
): () => void {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  const onMessage = (event: MessageEvent) => {
    if (isMessage(event.data)) onNews(event.data.news);
  };
  channel?.addEventListener("message", onMessage);
  const onStorage = (raw: Event) => {
    const event = raw as StorageEvent;
    if (event.key !== "user_pro" || event.newValue === event.oldValue) return;
    onNews(event.newValue === "1" ? "granted" : "changed");
  };
  storageEvents.addEventListener("storage", onStorage);
  return () => {
    channel?.removeEventListener("message", onMessage);
    channel?.close();
    storageEvents.removeEventListener("storage", onStorage);
  };
}
