import type { MealPlanDay } from "@fitwise/contracts/plans";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import styles from "./DayNotes.module.css";

/**
 * With food on training days on (docs/decisions/066), whether the plan's day is a training or a rest day of the
 * person's workout calendar, and the day's own target. Day 1 is Monday, as the trainer and the shopping list count.
 */
export function DayHeader({ day }: { day: MealPlanDay }) {
  if (day.dayKind === null) return null;
  const training = day.dayKind === "training";
  return (
    <p className={styles.dayKind} data-testid="day-kind">
      <strong>{training ? "Training day" : "Rest day"}</strong> ({day.weekday}): {formatKcal(day.targetKcal)},{" "}
      {training ? "with more carbohydrate for your workout." : "a little lighter than your training days."}
    </p>
  );
}
