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
      const stop = listenForProStatus((news) => {
        stop();
        resolve(news);
      }, storage);
    });
    announceProStatus("granted");
    expect(await heard).toBe("granted");
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
