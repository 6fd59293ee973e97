import type { NutritionTotals } from "../lib/meal-totals";
import { twoDecimals } from "../lib/meal-totals";

/**
 * Calories, protein, carbs and fat as four spans, for the caller's own line (a meal header, an
 * item). `format` lets an item show its amounts without trailing zeros.
 */
export function MacroFigures({
  totals,
  format = twoDecimals,
}: {
  totals: NutritionTotals;
  format?: (value: number) => string;
}) {
  return (
    <>
      <span>{format(totals.calories)} kcal</span>
      <span>Protein {format(totals.proteinG)} g</span>
      <span>Carbs {format(totals.carbsG)} g</span>
      <span>Fat {format(totals.fatG)} g</span>
    </>
  );
}
