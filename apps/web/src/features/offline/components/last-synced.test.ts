import { describe, expect, it } from "vitest";
import { lastSyncedText } from "./last-synced";

describe("lastSyncedText", () => {
  const now = new Date(2026, 10, 27, 18, 30).getTime();

  it("gives the time alone for today", () => {
    expect(lastSyncedText(new Date(2026, 10, 27, 7, 5).getTime(), now, "en-GB")).toBe(
      "Last synced at 07:05.",
    );
  });

  it("adds the day for an earlier day", () => {
    expect(lastSyncedText(new Date(2026, 10, 26, 21, 40).getTime(), now, "en-GB")).toBe(
      "Last synced 26 Nov, 21:40.",
    );
  });

  it("says so when nothing came from the server on this device", () => {
    expect(lastSyncedText(null, now)).toBe("Not synced on this device yet.");
  });
});
