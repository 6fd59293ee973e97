import type { MealItem } from "@fitwise/contracts/plans";

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
      calories: sum.calories + item.Calories,
      proteinG: sum.proteinG + item.Protein,
      carbsG: sum.carbsG + item.Carbs,
      fatG: sum.fatG + item.Fat,
    }),
    { calories: 0, proteinG: 0, carbsG: 0, fatG: 0 },
  );
}
