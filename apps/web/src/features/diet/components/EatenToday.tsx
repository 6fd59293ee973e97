import { useProgress } from "../../../lib/get-progress";
import styles from "./Eaten.module.css";

/** Today's intake so far: the sum of the items ticked as eaten (any plan). */
export function EatenToday() {
  const progress = useProgress();
  const eaten = progress.data?.eaten_today ?? [];
  const totalKcal = eaten.reduce((sum, row) => sum + row.energy_kcal, 0);
  return (
    <p className={styles.today} role="status" data-testid="eaten-today">
      Eaten today: <strong>{Math.round(totalKcal).toLocaleString("en-US")} kcal</strong> ({eaten.length}{" "}
      {eaten.length === 1 ? "item" : "items"} ticked)
    </p>
  );
}
