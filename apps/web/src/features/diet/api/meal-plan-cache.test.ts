import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { MemoryStorage } from "../../../lib/test-support";
import { cachePlan, dayColumn, readCachedPlan } from "./meal-plan-cache";

const oats: MealItem = {
  id: "p1-breakfast-oats",
  slot: "Breakfast",
  name: "Oats",
  grams: 80,
  energyKcal: 300,
  proteinG: 10,
  carbsG: 54,
  fatG: 5,
  foodId: "oats",
  image: "grain",
};

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("meal plan cache", () => {
  it("maps plan tabs 1–3 to the server's columns diet_one … diet_three", () => {
    expect([dayColumn(1), dayColumn(2), dayColumn(3)]).toEqual(["diet_one", "diet_two", "diet_three"]);
  });

  it("stores a day under both product keys (Day2 and diet_two), in the API's item shape, and reads it back", () => {
    cachePlan(2, [oats]);
    const wire = {
      id: "p1-breakfast-oats",
      Meal: "Breakfast",
      Item: "Oats",
      Weight: 80,
      Calories: 300,
      Protein: 10,
      Carbs: 54,
      Fat: 5,
      foodId: "oats",
      image: "grain",
    };
    expect(JSON.parse(localStorage.getItem("Day2") ?? "null")).toEqual([wire]);
    expect(JSON.parse(localStorage.getItem("diet_two") ?? "null")).toEqual([wire]);
    expect(readCachedPlan(2)).toEqual([oats]);
    expect(readCachedPlan(1)).toBeUndefined();
  });

  it("ignores a cached plan that no longer has the item shape", () => {
    localStorage.setItem("Day1", JSON.stringify([{ id: "x", Meal: "Brunch" }]));
    expect(readCachedPlan(1)).toBeUndefined();
  });
});
