/*
 * Pro status across the user's open tabs (docs/product.md §7: user_pro is "updated when changed in another tab").
 * A purchase completes in the checkout's tab; every other tab must drop its upgrade overlay and read the
 * status again. BroadcastChannel carries the news at once; the storage event of the user_pro key is the
 * fallback where BroadcastChannel is missing, and also covers a change no tab announced.
 */
const CHANNEL_NAME = "fitwise:pro-status";

export type ProStatusNews = "granted" | "changed";

/**
 * This tab's name on the channel. Every BroadcastChannel object of the name hears a message, those of the
 * sending tab included, so a tab tells its own news from another's by this.
 */
const THIS_TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface ProStatusMessage {
  type: "pro-status";
  news: ProStatusNews;
  from: string;
}

/** The answer of a tab that heard the news, so the sender knows another app tab is open. */
interface HeardMessage {
  type: "pro-status-heard";
  to: string;
}

function isMessage(data: unknown): data is ProStatusMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, news, from } = data as Partial<ProStatusMessage>;
  return type === "pro-status" && (news === "granted" || news === "changed") && typeof from === "string";
}

function isHeard(data: unknown, to: string): boolean {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Partial<HeardMessage>;
  return message.type === "pro-status-heard" && message.to === to;
}

/**
 * Tells the user's other tabs that Pro was granted (a purchase, a restore) or that the status changed.
 * Resolves true when another tab of the app answered within `waitMs`, false otherwise (or at once when the
 * browser has no BroadcastChannel).
 */
export function announceProStatus(
  news: ProStatusNews,
  { waitMs = 0, tabId = THIS_TAB }: { waitMs?: number; tabId?: string } = {},
): Promise<boolean> {
  if (typeof BroadcastChannel !== "function") return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL_NAME);
  return new Promise((resolve) => {
    const finish = (heard: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(heard);
    };
    const timer = setTimeout(() => finish(false), waitMs);
    channel.addEventListener("message", (event: MessageEvent) => {
      if (isHeard(event.data, tabId)) finish(true);
    });
    channel.postMessage({ type: "pro-status", news, from: tabId } satisfies ProStatusMessage);
  });
}

/**
 * Calls `onNews` when another tab announces a change or rewrites user_pro, and answers that tab that it was
 * heard; returns the unsubscribe.
 */
export function listenForProStatus(
  onNews: (news: ProStatusNews) => void,
  storageEvents: EventTarget = window,
  tabId = THIS_TAB,
): () => void {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  const onMessage = (event: MessageEvent) => {
    if (!isMessage(event.data) || event.data.from === tabId) return;
    channel?.postMessage({ type: "pro-status-heard", to: event.data.from } satisfies HeardMessage);
    onNews(event.data.news);
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
