import { describe, expect, it } from "vitest";
import { isProfileRefreshDue, PROFILE_REFRESH_INTERVAL_MS } from "./profile-refresh";

describe("the daily user-data refresh", () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it("runs when it never ran", () => {
    expect(isProfileRefreshDue(null, now)).toBe(true);
  });

  it("waits until 86 400 000 ms have passed since the last run", () => {
    expect(isProfileRefreshDue(now - PROFILE_REFRESH_INTERVAL_MS + 1, now)).toBe(false);
    expect(isProfileRefreshDue(now - PROFILE_REFRESH_INTERVAL_MS, now)).toBe(true);
    expect(PROFILE_REFRESH_INTERVAL_MS).toBe(24 * 60 * 60 * 1000);
  });
});
