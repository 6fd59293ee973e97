import { formatGrams, formatKcal, formatTwoDecimals } from "@fitwise/engine/nutrition/number-format";
import type { NutritionTotals } from "../lib/meal-totals";
import styles from "./MacroFigures.module.css";

/**
 * "everyday": whole kcal and grams to one decimal, as everywhere in the app and in Alex's replies;
 * "two-decimals": the public plan's meal headers and Total, which docs/product.md §3 shows to 2 decimals
 * (docs/decisions/024-one-number-format-and-meal-icons.md).
 */
export type FigureStyle = "everyday" | "two-decimals";

export const formatFigure = {
  kcal: (value: number, style: FigureStyle) =>
    style === "two-decimals" ? `${formatTwoDecimals(value)} kcal` : formatKcal(value),
  grams: (value: number, style: FigureStyle) =>
    style === "two-decimals" ? `${formatTwoDecimals(value)} g` : formatGrams(value),
};

/** A nutrient's name: in full, or its initial on a phone; screen readers always hear it in full. */
function Nutrient({ name }: { name: string }) {
  return (
    <>
      <span className={styles.long}>{name}</span>
      <span className={styles.short} aria-hidden="true">
        {name.charAt(0)}
      </span>
    </>
  );
}

/** Calories, protein, carbs and fat as four spans, for the caller's own line (a meal header, an item). */
export function MacroFigures({
  totals,
  style = "everyday",
}: {
  totals: NutritionTotals;
  style?: FigureStyle;
}) {
  return (
    <>
      <span className={styles.figure}>{formatFigure.kcal(totals.calories, style)}</span>
      <span className={styles.figure}>
        <Nutrient name="Protein" /> {formatFigure.grams(totals.proteinG, style)}
      </span>
      <span className={styles.figure}>
        <Nutrient name="Carbs" /> {formatFigure.grams(totals.carbsG, style)}
      </span>
      <span className={styles.figure}>
        <Nutrient name="Fat" /> {formatFigure.grams(totals.fatG, style)}
      </span>
    </>
  );
}
