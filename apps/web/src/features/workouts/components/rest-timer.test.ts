import { describe, expect, it } from "vitest";
import { formatClock, remainingSeconds } from "./rest-timer";

describe("remainingSeconds", () => {
  it("counts down from the end time, whatever happened in between", () => {
    const start = 1_700_000_000_000;
    const endsAt = start + 90_000;
    expect(remainingSeconds(endsAt, start)).toBe(90);
    expect(remainingSeconds(endsAt, start + 500)).toBe(90);
    expect(remainingSeconds(endsAt, start + 1_000)).toBe(89);
    // A tab in the background for a minute reads the right value when it looks again.
    expect(remainingSeconds(endsAt, start + 60_000)).toBe(30);
    expect(remainingSeconds(endsAt, start + 120_000)).toBe(0);
  });
});

describe("formatClock", () => {
  it("shows minutes and seconds", () => {
    expect(formatClock(90)).toBe("1:30");
    expect(formatClock(5)).toBe("0:05");
    expect(formatClock(0)).toBe("0:00");
  });
});
