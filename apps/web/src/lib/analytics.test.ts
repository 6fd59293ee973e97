import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANALYTICS_MAX_BATCH,
  ANALYTICS_SCREENS,
  TrackEventsRequestSchema,
} from "@fitwise/contracts/analytics";
import { screenForPath } from "./analytics-screens";
import { makeSession, MemoryStorage } from "./test-support";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

interface Sent {
  via: "fetch" | "beacon";
  authorization: string | null;
  keepalive?: boolean;
  events: unknown[];
}

let sent: Sent[];
let status: number;
let fetchFails: boolean;
let beaconAccepts: boolean;
let privacy: { doNotTrack: string | null; globalPrivacyControl?: boolean };
let windowTarget: EventTarget;
let documentTarget: EventTarget & { visibilityState: DocumentVisibilityState };

/** Every body the client sends must pass the server's schema. */
function eventsOf(body: string): unknown[] {
  return TrackEventsRequestSchema.parse(JSON.parse(body)).events;
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ now: NOW });
  vi.stubGlobal("localStorage", new MemoryStorage());
  sent = [];
  status = 204;
  fetchFails = false;
  beaconAccepts = true;
  privacy = { doNotTrack: null };
  windowTarget = new EventTarget();
  const visibilityState: DocumentVisibilityState = "visible";
  documentTarget = Object.assign(new EventTarget(), { visibilityState });
  vi.stubGlobal("window", windowTarget);
  vi.stubGlobal("document", documentTarget);
  vi.stubGlobal("navigator", {
    get doNotTrack() {
      return privacy.doNotTrack;
    },
    get globalPrivacyControl() {
      return privacy.globalPrivacyControl;
    },
    sendBeacon: (url: string, body: string) => {
      if (!beaconAccepts) return false;
      expect(url).toBe("/functions/v1/track_events");
      sent.push({ via: "beacon", authorization: null, events: eventsOf(body) });
      return true;
    },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (fetchFails) throw new TypeError("Failed to fetch");
      // Sign-out in a test calls /auth/v1/logout; only analytics requests are recorded.
      if (url !== "/functions/v1/track_events") return new Response(null, { status: 204 });
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({
        via: "fetch",
        authorization: headers.Authorization ?? null,
        keepalive: init.keepalive,
        events: eventsOf(String(init.body)),
      });
      return new Response(null, { status });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = () => import("./analytics");

async function signIn() {
  const auth = await import("./auth-session");
  auth.setSession(makeSession(NOW, 3600));
  return auth;
}

/** Lets the batch timer fire and the async send (token, fetch) finish. */
async function settle(ms = 5_000) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe("batching", () => {
  it("queues events and sends them together a moment later, by fetch with keepalive, without a token when signed out", async () => {
    const analytics = await load();
    analytics.trackAppOpened();
    analytics.trackEvent({ name: "sign_in" });
    analytics.trackEvent({ name: "diet_info_updated", screen: "/mealplanpreferences" });
    expect(sent).toEqual([]);
    await settle();
    expect(sent).toEqual([
      {
        via: "fetch",
        authorization: null,
        keepalive: true,
        events: [
          { name: "app_opened" },
          { name: "sign_in" },
          { name: "diet_info_updated", screen: "/mealplanpreferences" },
        ],
      },
    ]);
  });

  it("attaches the bearer token of the signed-in user", async () => {
    await signIn();
    const analytics = await load();
    analytics.trackEvent({ name: "sign_up" });
    await settle();
    expect(sent).toEqual([
      { via: "fetch", authorization: "Bearer access-1", keepalive: true, events: [{ name: "sign_up" }] },
    ]);
  });

  it(`sends at once when ${ANALYTICS_MAX_BATCH} events are waiting, and never more in one request`, async () => {
    const analytics = await load();
    for (let index = 0; index < ANALYTICS_MAX_BATCH + 3; index += 1)
      analytics.trackEvent({ name: "sign_in" });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((request) => request.events.length)).toEqual([ANALYTICS_MAX_BATCH]);
    await settle();
    expect(sent.map((request) => request.events.length)).toEqual([ANALYTICS_MAX_BATCH, 3]);
  });

  it("sends each event under the user signed in when it happened, never another", async () => {
    const analytics = await load();
    analytics.trackPageView("/signup", false);
    await settle();
    const auth = await signIn();
    analytics.trackEvent({ name: "sign_up" });
    await auth.signOut();
    await settle();
    expect(sent).toEqual([
      expect.objectContaining({ authorization: null, events: [{ name: "page_view", path: "/signup" }] }),
      // Signed out before the batch left: sent without a token rather than under nobody's name.
      expect.objectContaining({ authorization: null, events: [{ name: "sign_up" }] }),
    ]);
    expect(sent).toHaveLength(2);
  });

  it("sends what is waiting under the signed-in user when flushed before sign-out", async () => {
    const auth = await signIn();
    const analytics = await load();
    analytics.trackPageView("/diet", false);
    analytics.trackEvent({ name: "sign_in" });
    await analytics.flushAnalytics();
    await auth.signOut();
    await settle();
    expect(sent).toEqual([
      {
        via: "fetch",
        authorization: "Bearer access-1",
        keepalive: true,
        // The page view waits to settle, so it joins the queue when flushed, after the event.
        events: [{ name: "sign_in" }, { name: "page_view", path: "/diet" }],
      },
    ]);
  });

  it("keeps the events and drops only the user when the token is refused", async () => {
    await signIn();
    status = 401;
    const analytics = await load();
    analytics.trackEvent({ name: "sign_in" });
    await settle();
    expect(sent.map((request) => request.authorization)).toEqual(["Bearer access-1", null]);
  });
});

describe("never in the way", () => {
  it("swallows network failures and keeps working afterwards", async () => {
    const analytics = await load();
    fetchFails = true;
    expect(() => analytics.trackEvent({ name: "sign_in" })).not.toThrow();
    await settle();
    fetchFails = false;
    analytics.trackEvent({ name: "sign_up" });
    await settle();
    expect(sent).toEqual([expect.objectContaining({ events: [{ name: "sign_up" }] })]);
  });

  it("does not throw even when the browser lacks what it needs", async () => {
    const analytics = await load();
    vi.stubGlobal("navigator", undefined);
    expect(() => analytics.trackEvent({ name: "sign_in" })).not.toThrow();
    vi.stubGlobal("fetch", () => {
      throw new Error("no fetch here");
    });
    vi.stubGlobal("navigator", { doNotTrack: null });
    expect(() => analytics.trackEvent({ name: "sign_in" })).not.toThrow();
    await expect(settle()).resolves.toBeUndefined();
    expect(() => windowTarget.dispatchEvent(new Event("pagehide"))).not.toThrow();
  });
});

describe("Do Not Track and Global Privacy Control", () => {
  it.each([
    ["Do Not Track", () => (privacy.doNotTrack = "1")],
    ["Global Privacy Control", () => (privacy.globalPrivacyControl = true)],
  ])("sends nothing at all under %s", async (_label, optOut) => {
    optOut();
    await signIn();
    const analytics = await load();
    analytics.trackAppOpened();
    analytics.trackPageView("/", false);
    analytics.trackChatOpened();
    for (let index = 0; index < ANALYTICS_MAX_BATCH; index += 1) analytics.trackEvent({ name: "sign_in" });
    await settle();
    windowTarget.dispatchEvent(new Event("pagehide"));
    await settle();
    expect(sent).toEqual([]);
  });
});

describe("leaving the page", () => {
  it("sends an anonymous batch by sendBeacon on pagehide, pending page view included", async () => {
    const analytics = await load();
    analytics.trackAppOpened();
    analytics.trackPageView("/", false);
    windowTarget.dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([
      {
        via: "beacon",
        authorization: null,
        events: [{ name: "app_opened" }, { name: "page_view", path: "/" }],
      },
    ]);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it("sends a signed-in batch by fetch with keepalive and the token when the tab is hidden", async () => {
    await signIn();
    const analytics = await load();
    analytics.trackEvent({ name: "google_connect" });
    documentTarget.visibilityState = "hidden";
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    expect(sent).toEqual([
      {
        via: "fetch",
        authorization: "Bearer access-1",
        keepalive: true,
        events: [{ name: "google_connect" }],
      },
    ]);
  });

  it("falls back to fetch when the browser refuses the beacon", async () => {
    beaconAccepts = false;
    const analytics = await load();
    analytics.trackEvent({ name: "sign_in" });
    windowTarget.dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([expect.objectContaining({ via: "fetch", keepalive: true, authorization: null })]);
  });
});

describe("page views", () => {
  it("counts a screen once it has settled, and the same screen twice in a row once", async () => {
    const analytics = await load();
    analytics.trackPageView("/diet", false);
    analytics.trackPageView("/diet", false);
    await settle();
    analytics.trackPageView("/diet", false);
    analytics.trackPageView("/workouts", false);
    analytics.trackPageView("/diet", false);
    await settle();
    expect(sent.flatMap((request) => request.events)).toEqual([
      { name: "page_view", path: "/diet" },
      { name: "page_view", path: "/workouts" },
      { name: "page_view", path: "/diet" },
    ]);
  });

  it("drops a screen a redirect replaced before anyone touched it", async () => {
    const analytics = await load();
    analytics.trackPageView("/", false);
    analytics.trackPageView("/diet", true);
    await settle();
    expect(sent.flatMap((request) => request.events)).toEqual([{ name: "page_view", path: "/diet" }]);
  });

  it("keeps a screen the visitor used before being sent on, and one that had settled", async () => {
    const analytics = await load();
    analytics.trackPageView("/signup", false);
    windowTarget.dispatchEvent(new Event("pointerdown"));
    analytics.trackPageView("/fitness-goals", true);
    await vi.advanceTimersByTimeAsync(1_500);
    analytics.trackPageView("/userinfo", true);
    await settle();
    expect(sent.flatMap((request) => request.events)).toEqual([
      { name: "page_view", path: "/signup" },
      { name: "page_view", path: "/fitness-goals" },
      { name: "page_view", path: "/userinfo" },
    ]);
  });

  it("reports app_opened once per load and the chat's screen with its event each time it opens", async () => {
    const analytics = await load();
    analytics.trackAppOpened();
    analytics.trackAppOpened();
    analytics.trackChatOpened();
    analytics.trackChatOpened();
    await settle();
    expect(sent.flatMap((request) => request.events)).toEqual([
      { name: "app_opened" },
      { name: "page_view", path: "/chat" },
      { name: "WEB_user_in_chat_screen" },
      { name: "page_view", path: "/chat" },
      { name: "WEB_user_in_chat_screen" },
    ]);
  });
});

describe("screenForPath", () => {
  it("reports /goal as /fitness-goals and both calculator paths as /userinfo", () => {
    expect(screenForPath("/goal")).toBe("/fitness-goals");
    expect(screenForPath("/Goal/")).toBe("/fitness-goals");
    expect(screenForPath("/userinfo")).toBe("/userinfo");
    expect(screenForPath("/user-info")).toBe("/userinfo");
    expect(screenForPath("/")).toBe("/");
  });

  it("keeps ids out: public plans are reported by their route pattern", () => {
    expect(screenForPath("/fulldiet/3f1c2a9e-7d4b-4c1e-9a2b-5d6e7f8a9b0c")).toBe("/fulldiet/:id");
    expect(screenForPath("/fullworkout/anything")).toBe("/fullworkout/:id");
  });

  it("reports any other address as the not-found screen, never as itself", () => {
    expect(screenForPath("/fitness-goals")).toBe("*");
    expect(screenForPath("/chat")).toBe("*");
    expect(screenForPath("/ada@example.com")).toBe("*");
    expect(screenForPath("/diet/extra")).toBe("*");
  });

  it("maps every route of the router, and together they report every screen of the contract but the chat", () => {
    const router = readFileSync(new URL("../app/router.tsx", import.meta.url), "utf8");
    const paths = [...router.matchAll(/path: "([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(paths.length).toBeGreaterThan(20);
    // The landing page is the index route, which has no path.
    const reported = new Set(
      ["", ...paths].map((path) => screenForPath(`/${path.replace(":id", randomUUID())}`)),
    );
    for (const path of paths.filter((candidate) => candidate !== "*")) {
      expect(screenForPath(`/${path}`), path).not.toBe("*");
    }
    const screens = Object.keys(ANALYTICS_SCREENS).filter((screen) => screen !== "/chat");
    expect([...reported].sort()).toEqual(screens.sort());
  });
});
