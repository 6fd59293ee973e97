import { describe, expect, it } from "vitest";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { ALLERGENS } from "@fitwise/engine/nutrition/food.types";
import { AVOIDANCE_CHIPS, hasChip, toggleChip } from "./avoidance-chips";

describe("allergy chips", () => {
  it("each adds words the reader understands, and nothing it cannot place", () => {
    for (const chip of AVOIDANCE_CHIPS) {
      const parsed = parseAvoidances(chip.text);
      expect(parsed.unrecognised, chip.label).toEqual([]);
      expect(parsed.allergens.length + parsed.flags.length, chip.label).toBeGreaterThan(0);
    }
  });

  it("covers the EU's fourteen allergens, one chip each", () => {
    const allergens = new Set(AVOIDANCE_CHIPS.flatMap((chip) => parseAvoidances(chip.text).allergens));
    expect([...allergens].sort()).toEqual([...ALLERGENS].sort());
    // The five the EU adds to the US nine set their own allergen alone (the peanut chip also brings lupin).
    for (const [text, allergen] of [
      ["celery", "celery"],
      ["mustard", "mustard"],
      ["lupin", "lupin"],
      ["molluscs", "molluscs"],
      ["sulphites", "sulphites"],
    ] as const)
      expect(parseAvoidances(text).allergens, text).toEqual([allergen]);
  });

  it("lights the EU chips for the words people type for them", () => {
    for (const [typed, chip] of [
      ["Celery", "celery"],
      ["celeriac", "celery"],
      ["mustard allergy", "mustard"],
      ["lupine", "lupin"],
      ["lupini beans", "lupin"],
      ["sulfites", "sulphites"],
      ["sulphites", "sulphites"],
      ["mollusks", "molluscs"],
      ["molluscs", "molluscs"],
    ] as const)
      expect(hasChip(`peanuts, ${typed}`, chip), typed).toBe(true);
    expect(toggleChip("peanuts, lupine", "lupin")).toBe("peanuts");
    expect(toggleChip(toggleChip("milk", "molluscs"), "molluscs")).toBe("milk");
  });

  it("adds a chip as one more comma-separated entry, and a second click takes it out again", () => {
    expect(toggleChip("", "halal")).toBe("halal");
    expect(toggleChip("peanuts", "halal")).toBe("peanuts, halal");
    expect(toggleChip("peanuts, ", "halal")).toBe("peanuts, halal");
    expect(toggleChip("peanuts, Halal", "halal")).toBe("peanuts");
    expect(toggleChip(toggleChip("milk", "sesame"), "sesame")).toBe("milk");
    expect(hasChip("no pork, vegan", "no pork")).toBe(true);
    expect(hasChip("sesame", "no pork")).toBe(false);
  });

  it("lights the chip of what the reader understood, typos included, and only that one", () => {
    expect(hasChip("penuts", "peanuts")).toBe(true);
    expect(toggleChip("penuts, halal", "peanuts")).toBe("halal");
    expect(hasChip("milk", "milk")).toBe(true);
    expect(hasChip("milk", "lactose-free")).toBe(false);
    expect(hasChip("zorblax", "peanuts")).toBe(false);
  });

  it("has no diet chips: vegetarian and vegan are chosen as the diet", () => {
    expect(AVOIDANCE_CHIPS.map((chip) => chip.text)).not.toContain("vegetarian");
    expect(AVOIDANCE_CHIPS.map((chip) => chip.text)).not.toContain("vegan");
  });
});
