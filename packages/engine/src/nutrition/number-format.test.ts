import { describe, expect, it } from "vitest";
import { formatGrams, formatKcal, formatTwoDecimals } from "./number-format";

describe("number format", () => {
  it("writes whole kilocalories with en-US grouping", () => {
    expect(formatKcal(195)).toBe("195 kcal");
    expect(formatKcal(2013.45)).toBe("2,013 kcal");
    expect(formatKcal(194.5)).toBe("195 kcal");
    expect(formatKcal(0.2)).toBe("0 kcal");
    expect(formatKcal(-0.2)).toBe("0 kcal");
  });

  it("writes grams to at most one decimal, without trailing zeros", () => {
    expect(formatGrams(150)).toBe("150 g");
    expect(formatGrams(8.94)).toBe("8.9 g");
    expect(formatGrams(8.96)).toBe("9 g");
    expect(formatGrams(1250.25)).toBe("1,250.3 g");
    expect(formatGrams(-0.01)).toBe("0 g");
  });

  it("writes two decimals where the product shows them", () => {
    expect(formatTwoDecimals(565)).toBe("565.00");
    expect(formatTwoDecimals(1565.456)).toBe("1,565.46");
    expect(formatTwoDecimals(-0.001)).toBe("0.00");
  });
});
