import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useProgress } from "../../../lib/get-progress";
import { queryKeys } from "../../../lib/query-keys";
import styles from "./Eaten.module.css";

const kcal = (value: number) => `${Math.round(value).toLocaleString("en-US")} kcal`;

/**
 * Today's intake so far: the items of the current meal plans ticked as eaten. A ticked item that was
 * replaced, reset or re-planned since is no longer on the screen, so it no longer counts; a note names it.
 */
export function EatenToday({ planKey }: { planKey: string }) {
  const progress = useProgress();
  const queryClient = useQueryClient();
  const shownKey = useRef(planKey);
  // The plan on the screen changed (a replacement, a reset, Alex): the server splits the ticks anew.
  useEffect(() => {
    if (shownKey.current === planKey) return;
    shownKey.current = planKey;
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
  }, [planKey, queryClient]);
  const eaten = progress.data?.eaten_today ?? [];
  const dropped = progress.data?.eaten_today_dropped ?? [];
  const totalKcal = eaten.reduce((sum, row) => sum + row.energy_kcal, 0);
  return (
    <div className={styles.todayBox}>
      <p className={styles.today} role="status" data-testid="eaten-today">
        Eaten today: <strong>{kcal(totalKcal)}</strong> ({eaten.length}{" "}
        {eaten.length === 1 ? "item" : "items"} ticked)
      </p>
      {dropped.length > 0 ? (
        <p className={styles.droppedNote} data-testid="eaten-dropped">
          Not counted any more:{" "}
          {dropped.map((row) => `${row.item_name} (${kcal(row.energy_kcal)})`).join(", ")}.{" "}
          {dropped.length === 1 ? "It was" : "They were"} ticked, then replaced or re-planned; tick what you
          ate in today&apos;s plan.
        </p>
      ) : null}
    </div>
  );
}
