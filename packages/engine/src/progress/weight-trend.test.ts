import { describe, expect, it } from "vitest";
import { isoDateOfDay, isoDayNumber, weeklyRateKg, weightTrend } from "./weight-trend";

describe("isoDayNumber", () => {
  it("counts days since 1970 and refuses impossible dates", () => {
    expect(isoDayNumber("1970-01-02")).toBe(1);
    expect(isoDateOfDay(isoDayNumber("2024-02-29"))).toBe("2024-02-29");
    expect(isoDayNumber("2023-02-29")).toBeNaN();
    expect(isoDayNumber("2024-13-01")).toBeNaN();
    expect(isoDayNumber("24-1-1")).toBeNaN();
  });
});

describe("weightTrend", () => {
  it("starts at the first weigh-in and moves 10 % of the way each day", () => {
    const trend = weightTrend([
      { date: "2026-01-02", weightKg: 81 },
      { date: "2026-01-01", weightKg: 80 },
    ]);
    expect(trend.map((point) => point.date)).toEqual(["2026-01-01", "2026-01-02"]);
    expect(trend[0]?.trendKg).toBe(80);
    expect(trend[1]?.trendKg).toBeCloseTo(80.1, 10);
  });

  it("fills a gap by interpolating the days between weigh-ins", () => {
    const trend = weightTrend([
      { date: "2026-01-01", weightKg: 80 },
      { date: "2026-01-03", weightKg: 82 },
    ]);
    // Day 2 interpolates to 81: 80 + 0.1 × 1 = 80.1; day 3: 80.1 + 0.1 × (82 − 80.1) = 80.29.
    expect(trend[1]?.trendKg).toBeCloseTo(80.29, 10);
  });

  it("is empty without weigh-ins", () => {
    expect(weightTrend([])).toEqual([]);
    expect(weeklyRateKg([])).toBeUndefined();
  });
});

describe("weeklyRateKg", () => {
  it("reads a steady loss of 0.1 kg a day as about -0.7 kg a week once the trend has settled", () => {
    const entries = Array.from({ length: 60 }, (_, day) => ({
      date: isoDateOfDay(isoDayNumber("2026-01-01") + day),
      weightKg: 90 - 0.1 * day,
    }));
    expect(weeklyRateKg(weightTrend(entries))).toBeCloseTo(-0.7, 1);
  });

  it("needs two weigh-ins on different days", () => {
    expect(weeklyRateKg(weightTrend([{ date: "2026-01-01", weightKg: 70 }]))).toBeUndefined();
  });
});
