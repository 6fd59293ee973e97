import { describe, expect, it } from "vitest";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import type { MealSlot } from "./food.types";
import { dayKeepsHardRules } from "./meal-plan-rules";
import { toMealItem } from "./meal-planner";

function item(foodId: string, slot: MealSlot, grams: number) {
  const food = findFood(foodId);
  if (!food) throw new Error(`no food ${foodId}`);
  return toMealItem(food, slot, grams, `${slot}-${foodId}`);
}

/** A small day of fruit; its energy is the target the tests start from. */
const DAY = [item("banana", "Breakfast", 120), item("apple", "Snacks", 150)];
const dayKcal = DAY.reduce((sum, entry) => sum + entry.energyKcal, 0);
const rules = { dietType: "standard" as const, allergiesText: "", targetKcal: dayKcal };

describe("dayKeepsHardRules (docs/decisions/055)", () => {
  it("keeps a day that suits the diet, the exclusions and the target within ±3 %", () => {
    expect(dayKeepsHardRules(DAY, rules, FOOD_CATALOGUE)).toBe(true);
    expect(dayKeepsHardRules(DAY, { ...rules, targetKcal: dayKcal * 1.029 }, FOOD_CATALOGUE)).toBe(true);
    // An avoidance the day does not hold changes nothing.
    expect(dayKeepsHardRules(DAY, { ...rules, allergiesText: "peanuts" }, FOOD_CATALOGUE)).toBe(true);
  });

  it("breaks on a held exclusion, a target it misses, or a food it cannot check", () => {
    expect(dayKeepsHardRules(DAY, { ...rules, allergiesText: "banana" }, FOOD_CATALOGUE)).toBe(false);
    expect(dayKeepsHardRules(DAY, { ...rules, targetKcal: dayKcal * 1.05 }, FOOD_CATALOGUE)).toBe(false);
    expect(dayKeepsHardRules([...DAY, { ...DAY[0]!, foodId: "no-such-food" }], rules, FOOD_CATALOGUE)).toBe(
      false,
    );
  });

  it("breaks when a food no longer suits the diet type", () => {
    const meat = FOOD_CATALOGUE.find((food) => food.diet === "standard" && food.slots.includes("Lunch"));
    if (!meat) throw new Error("no standard-diet lunch food");
    const day = [...DAY, item(meat.id, "Lunch", meat.portionMinG)];
    const kcal = day.reduce((sum, entry) => sum + entry.energyKcal, 0);
    expect(dayKeepsHardRules(day, { ...rules, targetKcal: kcal }, FOOD_CATALOGUE)).toBe(true);
    expect(dayKeepsHardRules(day, { ...rules, targetKcal: kcal, dietType: "vegan" }, FOOD_CATALOGUE)).toBe(
      false,
    );
  });
});
