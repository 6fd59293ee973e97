import { useId } from "react";
import type { NutritionTotals } from "../lib/meal-totals";
import { twoDecimals } from "../lib/meal-totals";
import styles from "./TotalBox.module.css";

/** The red Total box of a day's meal plan (spec §2): calories and macros to 2 decimals. */
export function TotalBox({
  totals,
  className,
  testId,
}: {
  totals: NutritionTotals;
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
          <dd>{twoDecimals(totals.calories)} kcal</dd>
        </div>
        <div>
          <dt>Protein</dt>
          <dd>{twoDecimals(totals.proteinG)} g</dd>
        </div>
        <div>
          <dt>Carbs</dt>
          <dd>{twoDecimals(totals.carbsG)} g</dd>
        </div>
        <div>
          <dt>Fat</dt>
          <dd>{twoDecimals(totals.fatG)} g</dd>
        </div>
      </dl>
    </section>
  );
}
