// Types only: the contract's zod schemas would otherwise land in the first page's bundle.
import type { ANALYTICS_MAX_BATCH, AnalyticsEvent, ScreenPath } from "@fitwise/contracts/analytics";
import type { FunctionName, FunctionRequest } from "@fitwise/contracts/functions";
import { getAccessToken, getAuthState } from "./auth-session";

/*
 * First-party product analytics (docs/product.md §8, docs/decisions/011): allow-listed events queued here and sent
 * to our own server in batches. Nothing is sent when the browser asks not to be tracked, and nothing
 * here may ever break a screen, so every entry point swallows its own failures.
 */

/** Sent with fetch and sendBeacon rather than call-function: keepalive, no token refresh on page hide. */
const FUNCTION_NAME = "track_events" satisfies FunctionName;
const ENDPOINT = `/functions/v1/${FUNCTION_NAME}`;

/** The body, checked against the function registry's request type. */
function body(events: AnalyticsEvent[]): string {
  return JSON.stringify({ events } satisfies FunctionRequest<typeof FUNCTION_NAME>);
}
/** The contract's batch limit, typed as its literal so the two cannot drift apart. */
const MAX_BATCH: typeof ANALYTICS_MAX_BATCH = 20;
/** Events wait this long for company, so a screen change and what happens on it go in one request. */
const FLUSH_DELAY_MS = 2_000;
/** A screen replaced by a redirect sooner than this, before the visitor touched it, was never seen. */
const SETTLE_MS = 1_000;
/** On page hide there is no time to refresh a token; one this close to expiry would only be refused. */
const TOKEN_MARGIN_MS = 10_000;

export type TrackedEvent = Exclude<AnalyticsEvent, { name: "page_view" }>;

/** The user signed in when the events happened (null: nobody); a batch never mixes two. */
type Owner = string | null;

let queue: AnalyticsEvent[] = [];
let queueOwner: Owner = null;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let pendingView: {
  path: ScreenPath;
  owner: Owner;
  touched: boolean;
  timer: ReturnType<typeof setTimeout>;
} | null = null;
let lastScreen: ScreenPath | null = null;
let appOpenedSent = false;
let listening = false;

/** Do Not Track or Global Privacy Control: then nothing is queued and nothing is sent. */
function trackingAllowed(): boolean {
  if (typeof navigator === "undefined") return false;
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return privacy.doNotTrack !== "1" && privacy.globalPrivacyControl !== true;
}

function safely(run: () => void): void {
  try {
    if (trackingAllowed()) run();
  } catch {
    // Analytics is never worth an error on screen.
  }
}

function currentUserId(): Owner {
  return getAuthState().session?.user.id ?? null;
}

function headersFor(token: string | null): Record<string, string> {
  return token
    ? { "Content-Type": "application/json", Authorization: `Bearer ${token}` }
    : { "Content-Type": "application/json" };
}

/** keepalive lets the request finish even if the page goes away meanwhile. */
async function post(events: AnalyticsEvent[], token: string | null): Promise<Response | null> {
  try {
    return await fetch(ENDPOINT, {
      method: "POST",
      keepalive: true,
      headers: headersFor(token),
      body: body(events),
    });
  } catch {
    return null;
  }
}

async function send(events: AnalyticsEvent[], owner: Owner): Promise<void> {
  const token = owner !== null && owner === currentUserId() ? await getAccessToken().catch(() => null) : null;
  const response = await post(events, token);
  // A refused token (signed out in another tab, say): the events still count, without their user.
  if (response?.status === 401 && token) await post(events, null);
}

function takeQueue(): { events: AnalyticsEvent[]; owner: Owner } | null {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (queue.length === 0) return null;
  const batch = { events: queue, owner: queueOwner };
  queue = [];
  return batch;
}

function flush(): void {
  const batch = takeQueue();
  if (batch) void send(batch.events, batch.owner).catch(() => undefined);
}

function enqueue(event: AnalyticsEvent, owner: Owner): void {
  listen();
  if (queue.length > 0 && owner !== queueOwner) flush();
  queueOwner = owner;
  queue.push(event);
  if (queue.length >= MAX_BATCH) flush();
  else flushTimer ??= setTimeout(() => safely(flush), FLUSH_DELAY_MS);
}

function commitPendingView(): void {
  if (!pendingView) return;
  clearTimeout(pendingView.timer);
  enqueue({ name: "page_view", path: pendingView.path }, pendingView.owner);
  lastScreen = pendingView.path;
  pendingView = null;
}

/** The access token as it stands, without the refresh there is no time for while the page goes away. */
function tokenNow(owner: Owner): string | null {
  const session = getAuthState().session;
  if (owner === null || session?.user.id !== owner) return null;
  return session.expires_at * 1000 - Date.now() > TOKEN_MARGIN_MS ? session.access_token : null;
}

/**
 * The page is being hidden, perhaps for good: send everything now. sendBeacon cannot carry the
 * Authorization header, so it takes anonymous batches (as text/plain, which needs no preflight); a
 * signed-in batch goes by fetch with keepalive, which outlives the page as well.
 */
function flushOnHide(): void {
  safely(() => {
    commitPendingView();
    const batch = takeQueue();
    if (!batch) return;
    const token = tokenNow(batch.owner);
    if (token === null && navigator.sendBeacon?.(ENDPOINT, body(batch.events))) return;
    void post(batch.events, token);
  });
}

function markTouched(): void {
  if (pendingView) pendingView.touched = true;
}

function listen(): void {
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("pagehide", flushOnHide);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushOnHide();
  });
  const passive = { capture: true, passive: true };
  window.addEventListener("pointerdown", markTouched, passive);
  window.addEventListener("keydown", markTouched, passive);
}

/**
 * A screen was shown. `redirected` is true for a navigation that replaced the previous entry: when it
 * replaces a screen nobody touched within SETTLE_MS (a signed-out visitor of /diet sent to /signin, a
 * signed-in one of / sent to /diet), that screen is dropped rather than counted. The same screen twice
 * in a row is one view.
 */
export function trackPageView(path: ScreenPath, redirected: boolean): void {
  safely(() => {
    if (pendingView ? pendingView.path === path : lastScreen === path) return;
    if (pendingView && redirected && !pendingView.touched) {
      clearTimeout(pendingView.timer);
      pendingView = null;
    }
    commitPendingView();
    listen();
    pendingView = {
      path,
      owner: currentUserId(),
      touched: false,
      timer: setTimeout(() => safely(commitPendingView), SETTLE_MS),
    };
  });
}

/** docs/product.md §8 "app-opened": once per page load. */
export function trackAppOpened(): void {
  safely(() => {
    if (appOpenedSent) return;
    appOpenedSent = true;
    enqueue({ name: "app_opened" }, currentUserId());
  });
}

/** docs/product.md §8: the chat's screen, WEB_chat_screen, and the event WEB_user_in_chat_screen, each time it opens. */
export function trackChatOpened(): void {
  safely(() => {
    const owner = currentUserId();
    enqueue({ name: "page_view", path: "/chat" }, owner);
    enqueue({ name: "WEB_user_in_chat_screen" }, owner);
  });
}

/** One of docs/product.md §8's events (sign up, sign in, Google connect, diet info updated). */
export function trackEvent(event: TrackedEvent): void {
  safely(() => enqueue(event, currentUserId()));
}

/**
 * Sends what is waiting, pending page view included, and resolves when the request is done. Sign-out
 * calls it first: once the session has ended, the server would store these events without their user.
 */
export async function flushAnalytics(): Promise<void> {
  if (!trackingAllowed()) return;
  try {
    commitPendingView();
    const batch = takeQueue();
    if (batch) await send(batch.events, batch.owner);
  } catch {
    // Analytics is never worth an error on screen, nor a sign-out that does not happen.
  }
}
