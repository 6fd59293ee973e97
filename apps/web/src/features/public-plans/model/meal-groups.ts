import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import { totalsOf } from "../../../lib/meal-totals";
import type { NutritionTotals } from "../../../lib/meal-totals";

export type MealType = MealItem["slot"];

export interface MealGroup {
  meal: MealType;
  items: MealItem[];
  totals: NutritionTotals;
}

/** The day's items by meal, in the order of docs/product.md §3.6; meals with no items are left out. */
export function groupMeals(items: readonly MealItem[]): MealGroup[] {
  return MEAL_SLOTS.map((meal) => {
    const mealItems = items.filter((item) => item.slot === meal);
    return { meal, items: mealItems, totals: totalsOf(mealItems) };
  }).filter((group) => group.items.length > 0);
}

/** Item amounts: up to 2 decimals, without trailing zeros (120 g, 52.5 g). */
export function amount(value: number): string {
  return String(Math.round(value * 100) / 100);
}
