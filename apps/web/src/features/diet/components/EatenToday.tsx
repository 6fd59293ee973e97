import { useProgress } from "../../../lib/get-progress";
import { localIsoDate } from "../../../lib/local-date";
import { useDiary } from "../api/get-diary";
import styles from "./Eaten.module.css";

/**
 * Today's intake so far, from the food diary (get_diary): ticked plan items and logged foods. While the diary
 * cannot be read (offline), the ticks kept with the progress answer stand in, queued ticks included.
 */
export function EatenToday() {
  const diary = useDiary(localIsoDate());
  const progress = useProgress();
  const entries = diary.data?.meals.flatMap((meal) => meal.entries);
  const ticked = entries
    ? entries.filter((entry) => entry.kind === "plan_item").length
    : (progress.data?.eaten_today.length ?? 0);
  const logged = entries ? entries.length - ticked : 0;
  const totalKcal =
    diary.data?.totals.energy_kcal ??
    (progress.data?.eaten_today ?? []).reduce((sum, row) => sum + row.energy_kcal, 0);
  return (
    <p className={styles.today} role="status" data-testid="eaten-today">
      Eaten today: <strong>{Math.round(totalKcal).toLocaleString("en-US")} kcal</strong> ({ticked}{" "}
      {ticked === 1 ? "item" : "items"} ticked{logged > 0 ? `, ${logged} logged` : ""})
    </p>
  );
}
