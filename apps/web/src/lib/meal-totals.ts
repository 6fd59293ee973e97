import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";

export interface NutritionTotals {
  calories: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
}

/** Calories and macros of a group of meal items (a meal, a day). */
export function totalsOf(items: readonly MealItem[]): NutritionTotals {
  return items.reduce<NutritionTotals>(
    (sum, item) => ({
      calories: sum.calories + item.energyKcal,
      proteinG: sum.proteinG + item.proteinG,
      carbsG: sum.carbsG + item.carbsG,
      fatG: sum.fatG + item.fatG,
    }),
    { calories: 0, proteinG: 0, carbsG: 0, fatG: 0 },
  );
}
