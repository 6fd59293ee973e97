import type { MealItem } from "@fitwise/contracts/plans";
import { totalsOf } from "../../../lib/meal-totals";
import type { NutritionTotals } from "../../../lib/meal-totals";

export type MealType = MealItem["Meal"];

/** Spec §2: groups shown in this order. */
export const MEAL_ORDER: readonly MealType[] = ["Breakfast", "Lunch", "Snacks", "Dinner"];

export interface MealGroup {
  meal: MealType;
  items: MealItem[];
  totals: NutritionTotals;
}

/** The day's items by meal, in spec order; meals with no items are left out. */
export function groupMeals(items: readonly MealItem[]): MealGroup[] {
  return MEAL_ORDER.map((meal) => {
    const mealItems = items.filter((item) => item.Meal === meal);
    return { meal, items: mealItems, totals: totalsOf(mealItems) };
  }).filter((group) => group.items.length > 0);
}

/** Item amounts: up to 2 decimals, without trailing zeros (120 g, 52.5 g). */
export function amount(value: number): string {
  return String(Math.round(value * 100) / 100);
}
