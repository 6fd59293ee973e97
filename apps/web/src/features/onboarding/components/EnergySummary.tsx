import { PLANNING_FLOOR_KCAL } from "@fitwise/engine/nutrition/energy";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import type { Gender } from "@fitwise/engine/profile.types";
import styles from "./Onboarding.module.css";

const kcal = formatKcal;

export interface EnergySummaryProps {
  tdeeKcal: number;
  goalTdeeKcal: number;
  goalLabel: string | null;
  gender: Gender | null;
  /** Announce changes (the calculator's live preview); the preferences screen shows fixed figures. */
  live?: boolean;
}

/** Daily need and goal target, and in words the planning floor of docs/product.md when the target is below it. */
export function EnergySummary({
  tdeeKcal,
  goalTdeeKcal,
  goalLabel,
  gender,
  live = false,
}: EnergySummaryProps) {
  const floorKcal = gender ? PLANNING_FLOOR_KCAL[gender] : null;
  return (
    <div className={styles.summary} aria-live={live ? "polite" : undefined}>
      <p>
        Current calories (your daily need): <strong>{kcal(tdeeKcal)}</strong>
      </p>
      <p>
        Target calories{goalLabel ? ` to ${goalLabel.toLowerCase()}` : ""}:{" "}
        <strong>{kcal(goalTdeeKcal)}</strong>
      </p>
      {floorKcal !== null && goalTdeeKcal < floorKcal ? (
        <p className={styles.floorNote}>
          Your target is below {kcal(floorKcal)} a day, the lowest intake we plan for{" "}
          {gender === "female" ? "women" : "men"} without medical supervision, so your meal plans will provide{" "}
          {kcal(floorKcal)} a day.
        </p>
      ) : null}
    </div>
  );
}
