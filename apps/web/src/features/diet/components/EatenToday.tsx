import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useProgress } from "../../../lib/get-progress";
import { localIsoDate } from "../../../lib/local-date";
import { queryKeys } from "../../../lib/query-keys";
import { useDiary } from "../api/get-diary";
import styles from "./Eaten.module.css";

const kcal = (value: number) => `${Math.round(value).toLocaleString("en-US")} kcal`;

/**
 * Today's intake so far, from the food diary (get_diary): ticked plan items and logged foods. A ticked
 * item that was replaced, reset or re-planned since is no longer on the screen, so it no longer counts
 * (the server names those, eaten_today_dropped) and a note says so. While the diary cannot be read
 * (offline), the ticks kept with the progress answer stand in, queued ticks included.
 */
export function EatenToday({ planKey }: { planKey: string }) {
  const diary = useDiary(localIsoDate());
  const progress = useProgress();
  const queryClient = useQueryClient();
  const shownKey = useRef(planKey);
  // The plan on the screen changed (a replacement, a reset, Alex): the server splits the ticks anew.
  useEffect(() => {
    if (shownKey.current === planKey) return;
    shownKey.current = planKey;
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.diaries() });
  }, [planKey, queryClient]);
  const dropped = progress.data?.eaten_today_dropped ?? [];
  const droppedIds = new Set(dropped.map((row) => row.item_id));
  const entries = diary.data?.meals
    .flatMap((meal) => meal.entries)
    .filter((entry) => !(entry.kind === "plan_item" && droppedIds.has(entry.id)));
  const ticked = entries
    ? entries.filter((entry) => entry.kind === "plan_item").length
    : (progress.data?.eaten_today.length ?? 0);
  const logged = entries ? entries.length - ticked : 0;
  const totalKcal = entries
    ? entries.reduce((sum, entry) => sum + entry.energy_kcal, 0)
    : (progress.data?.eaten_today ?? []).reduce((sum, row) => sum + row.energy_kcal, 0);
  return (
    <div className={styles.todayBox}>
      <p className={styles.today} role="status" data-testid="eaten-today">
        Eaten today: <strong>{kcal(totalKcal)}</strong> ({ticked} {ticked === 1 ? "item" : "items"} ticked
        {logged > 0 ? `, ${logged} logged` : ""})
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
