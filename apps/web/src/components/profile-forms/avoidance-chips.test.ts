import { describe, expect, it } from "vitest";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { AVOIDANCE_CHIPS, hasChip, withChip } from "./avoidance-chips";

describe("allergy chips", () => {
  it("each adds words the reader understands, and nothing it cannot place", () => {
    for (const chip of AVOIDANCE_CHIPS) {
      const parsed = parseAvoidances(chip.text);
      expect(parsed.unrecognised, chip.label).toEqual([]);
      expect(parsed.allergens.length + parsed.flags.length, chip.label).toBeGreaterThan(0);
    }
  });

  it("covers the nine allergens", () => {
    const allergens = new Set(AVOIDANCE_CHIPS.flatMap((chip) => parseAvoidances(chip.text).allergens));
    expect(allergens.size).toBe(9);
  });

  it("appends a chip as one more comma-separated entry, once", () => {
    expect(withChip("", "halal")).toBe("halal");
    expect(withChip("peanuts", "halal")).toBe("peanuts, halal");
    expect(withChip("peanuts, ", "halal")).toBe("peanuts, halal");
    expect(withChip("peanuts, Halal", "halal")).toBe("peanuts, Halal");
    expect(hasChip("no pork, vegan", "no pork")).toBe(true);
    expect(hasChip("no porky stuff", "no pork")).toBe(false);
  });
});
