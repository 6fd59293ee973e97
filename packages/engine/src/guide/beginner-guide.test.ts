import { describe, it, expect } from "vitest";
import { BEGINNER_GUIDE } from "./beginner-guide";

describe("BEGINNER_GUIDE", () => {
  it("has the six sections of docs/product.md §3 in order", () => {
    expect(BEGINNER_GUIDE.map((section) => section.title)).toEqual([
      "Measuring Food",
      "Measuring Your Stats",
      "Hydration and Nutrition",
      "Workout Basics",
      "Consistency Over Intensity",
      "Injuries and Allergies",
    ]);
  });

  it("uses unique, URL-safe ids", () => {
    const ids = BEGINNER_GUIDE.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("gives every section some advice", () => {
    for (const section of BEGINNER_GUIDE) {
      expect(section.paragraphs.length).toBeGreaterThan(0);
      for (const paragraph of section.paragraphs) expect(paragraph.trim().length).toBeGreaterThan(40);
    }
  });

  it("states the 2–3 litres daily hydration advice of docs/product.md §3", () => {
    const hydration = BEGINNER_GUIDE.find((section) => section.id === "hydration-and-nutrition");
    expect(hydration?.paragraphs.join(" ")).toContain("2–3 litres of water a day");
  });
});
