import { describe, expect, it } from "vitest";
import { UserStateCache } from "./user-state-cache";

function clock(startMs = 1_000_000) {
  let nowMs = startMs;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

describe("UserStateCache", () => {
  it("keeps an entry for its TTL, and no longer than its own limit", () => {
    const time = clock();
    const cache = new UserStateCache<string>({ ttlMs: 5_000, maxEntries: 10, now: time.now });
    cache.set("token-a", "user-1", "a", cache.epoch());
    cache.set("token-b", "user-1", "b", cache.epoch(), time.now() + 1_000);
    time.advance(999);
    expect([cache.get("token-a"), cache.get("token-b")]).toEqual(["a", "b"]);
    time.advance(1);
    expect([cache.get("token-a"), cache.get("token-b")]).toEqual(["a", undefined]);
    time.advance(4_000);
    expect(cache.get("token-a")).toBeUndefined();
  });

  it("forgets one user's entries and keeps the others'", () => {
    const cache = new UserStateCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    cache.set("token-a", "user-1", "a", cache.epoch());
    cache.set("token-b", "user-1", "b", cache.epoch());
    cache.set("token-c", "user-2", "c", cache.epoch());
    cache.forgetUser("user-1");
    expect([cache.get("token-a"), cache.get("token-b"), cache.get("token-c")]).toEqual([
      undefined,
      undefined,
      "c",
    ]);
    cache.clear();
    expect(cache.get("token-c")).toBeUndefined();
  });

  it("does not keep a value loaded while an invalidation ran (a read racing a logout)", () => {
    const cache = new UserStateCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const before = cache.epoch();
    cache.forgetUser("user-1");
    cache.set("token-a", "user-1", "stale", before);
    expect(cache.get("token-a")).toBeUndefined();
    cache.set("token-a", "user-1", "fresh", cache.epoch());
    expect(cache.get("token-a")).toBe("fresh");
  });

  it("drops the oldest entry past its bound", () => {
    const cache = new UserStateCache<number>({ ttlMs: 5_000, maxEntries: 2 });
    for (const n of [1, 2, 3]) cache.set(`k${n}`, "user", n, cache.epoch());
    expect([cache.get("k1"), cache.get("k2"), cache.get("k3")]).toEqual([undefined, 2, 3]);
  });

  it("shares one load among concurrent misses, and starts a new one after an invalidation", async () => {
    const cache = new UserStateCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const releases: Array<(value: string) => void> = [];
    const load = () => new Promise<string>((resolve) => releases.push(resolve));
    const first = cache.getOrLoad("token-a", "user-1", load);
    const joined = cache.getOrLoad("token-a", "user-1", load);
    expect(releases).toHaveLength(1);
    cache.forgetUser("user-1");
    const afterLogout = cache.getOrLoad("token-a", "user-1", load);
    expect(releases).toHaveLength(2);
    releases[0]?.("before logout");
    releases[1]?.("after logout");
    expect([await first, await joined, await afterLogout]).toEqual([
      "before logout",
      "before logout",
      "after logout",
    ]);
    expect(cache.get("token-a")).toBe("after logout");
  });
});
