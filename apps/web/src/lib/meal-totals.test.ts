import { describe, expect, it } from "vitest";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { totalsOf } from "./meal-totals";

const item = (energyKcal: number, proteinG: number, carbsG: number, fatG: number): MealItem => ({
  id: `m-${energyKcal}`,
  slot: "Breakfast",
  name: "Oats",
  grams: 100,
  energyKcal,
  proteinG,
  carbsG,
  fatG,
  foodId: "oats",
  image: "grain",
});

describe("totalsOf", () => {
  it("adds calories and macros of every item", () => {
    expect(totalsOf([item(300, 10.5, 40, 8), item(150.25, 5, 20.5, 2)])).toEqual({
      calories: 450.25,
      proteinG: 15.5,
      carbsG: 60.5,
      fatG: 10,
    });
    expect(totalsOf([item(512.25, 30.1, 40.2, 12.3), item(300, 20, 10, 5)])).toEqual({
      calories: 812.25,
      proteinG: 50.1,
      carbsG: 50.2,
      fatG: 17.3,
    });
  });

  it("is zero for an empty group", () => {
    expect(totalsOf([])).toEqual({ calories: 0, proteinG: 0, carbsG: 0, fatG: 0 });
  });
});
