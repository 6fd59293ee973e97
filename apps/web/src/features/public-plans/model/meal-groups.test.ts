import { describe, expect, it } from "vitest";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { amount, groupMeals } from "./meal-groups";

function meal(
  id: string,
  slot: MealItem["slot"],
  energyKcal: number,
  proteinG = 10,
  carbsG = 20,
  fatG = 5,
): MealItem {
  return { id, slot, name: id, grams: 100, energyKcal, proteinG, carbsG, fatG, foodId: id, image: "dish" };
}

describe("groupMeals", () => {
  it("orders groups Breakfast, Lunch, Snacks, Dinner and leaves out empty ones", () => {
    const items = [
      meal("d", "Dinner", 600),
      meal("b1", "Breakfast", 300),
      meal("b2", "Breakfast", 150),
      meal("s", "Snacks", 200),
    ];
    const groups = groupMeals(items);
    expect(groups.map((group) => group.meal)).toEqual(["Breakfast", "Snacks", "Dinner"]);
    expect(groups[0]?.items.map((item) => item.id)).toEqual(["b1", "b2"]);
    expect(groups[0]?.totals).toEqual({ calories: 450, proteinG: 20, carbsG: 40, fatG: 10 });
  });
});

describe("amount", () => {
  it("shows item amounts to at most 2 decimals", () => {
    expect(amount(120)).toBe("120");
    expect(amount(52.456)).toBe("52.46");
  });
});
