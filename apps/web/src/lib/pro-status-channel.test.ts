import { describe, expect, it } from "vitest";
import { announceProStatus, listenForProStatus } from "./pro-status-channel";
import type { ProStatusNews } from "./pro-status-channel";

function storageEvent(key: string, oldValue: string | null, newValue: string | null): Event {
  return Object.assign(new Event("storage"), { key, oldValue, newValue });
}

describe("Pro status across tabs", () => {
  it("hears another tab's announcement over BroadcastChannel", async () => {
    const storage = new EventTarget();
    const heard = new Promise<ProStatusNews>((resolve) => {
      const stop = listenForProStatus(
        (news) => {
          stop();
          resolve(news);
        },
        storage,
        "first-tab",
      );
    });
    const answered = announceProStatus("granted", { tabId: "checkout-tab", waitMs: 2_000 });
    expect(await heard).toBe("granted");
    // The listening tab answers, so the announcing tab knows another app tab is open.
    expect(await answered).toBe(true);
  });

  it("ignores its own tab's news, so a lone tab hears no answer", async () => {
    const heard: ProStatusNews[] = [];
    const stop = listenForProStatus((news) => heard.push(news), new EventTarget(), "lone-tab");
    expect(await announceProStatus("granted", { tabId: "lone-tab", waitMs: 100 })).toBe(false);
    stop();
    expect(heard).toEqual([]);
  });

  it("falls back on the user_pro storage event, and ignores other keys and unchanged values", () => {
    const storage = new EventTarget();
    const heard: ProStatusNews[] = [];
    const stop = listenForProStatus((news) => heard.push(news), storage);
    storage.dispatchEvent(storageEvent("user_pro", "0", "1"));
    storage.dispatchEvent(storageEvent("user_replaced", "0", "1"));
    storage.dispatchEvent(storageEvent("user_pro", "1", "1"));
    storage.dispatchEvent(storageEvent("user_pro", "1", "0"));
    stop();
    storage.dispatchEvent(storageEvent("user_pro", "0", "1"));
    expect(heard).toEqual(["granted", "changed"]);
  });
});
