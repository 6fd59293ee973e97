import { describe, expect, it } from "vitest";
import { countText, formatCreatedAt, moreText, previewOf } from "./plan-preview";

describe("previewOf", () => {
  it("shows the first 3 items and counts the rest", () => {
    expect(previewOf(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], moreCount: 2, total: 5 });
  });

  it("leaves nothing out of a short plan", () => {
    expect(previewOf(["a", "b"])).toEqual({ shown: ["a", "b"], moreCount: 0, total: 2 });
    expect(previewOf([])).toEqual({ shown: [], moreCount: 0, total: 0 });
  });
});

describe("card texts", () => {
  it("uses the plural wording and the singular for one", () => {
    expect(moreText(4, "meal")).toBe("... and 4 more meals");
    expect(moreText(1, "exercise")).toBe("... and 1 more exercise");
    expect(countText(12, "meal")).toBe("12 meals in this plan");
    expect(countText(1, "meal")).toBe("1 meal in this plan");
    expect(countText(30, "exercise")).toBe("30 exercises in this plan");
  });

  it("formats the creation time with date and time", () => {
    expect(formatCreatedAt("2026-11-22T14:05:00Z", "en-GB")).toMatch(/22 Nov 2026.*\d{2}:\d{2}/);
    expect(formatCreatedAt("not a date")).toBe("not a date");
  });
});
