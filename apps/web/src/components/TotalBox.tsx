import { useId } from "react";
import type { NutritionTotals } from "../lib/meal-totals";
import { formatFigure, type FigureStyle } from "./MacroFigures";
import styles from "./TotalBox.module.css";

/** The red Total box of a day's meal plan (docs/product.md §3); the public plan shows it to 2 decimals. */
export function TotalBox({
  totals,
  className,
  testId,
  style = "everyday",
}: {
  totals: NutritionTotals;
  style?: FigureStyle;
  className?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `${styles.total} ${className}` : styles.total}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <h2 id={headingId} className={styles.title}>
        Total
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>Calories</dt>
          <dd>{formatFigure.kcal(totals.calories, style)}</dd>
        </div>
        <div>
          <dt>Protein</dt>
          <dd>{formatFigure.grams(totals.proteinG, style)}</dd>
        </div>
        <div>
          <dt>Carbs</dt>
          <dd>{formatFigure.grams(totals.carbsG, style)}</dd>
        </div>
        <div>
          <dt>Fat</dt>
          <dd>{formatFigure.grams(totals.fatG, style)}</dd>
        </div>
      </dl>
    </section>
  );
}
