import { PLANNING_FLOOR_KCAL, plannedEnergyNote } from "@fitwise/engine/nutrition/energy";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import { FITNESS_GOALS, type Gender } from "@fitwise/engine/profile.types";
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
  const fitnessGoal = FITNESS_GOALS.find((choice) => choice === goalLabel) ?? "Lose Weight";
  const note =
    floorKcal === null
      ? undefined
      : plannedEnergyNote({ goal: fitnessGoal, goalTdeeKcal, tdeeKcal, floorKcal });
  return (
    <div className={styles.summary} aria-live={live ? "polite" : undefined}>
      <p>
        Current calories (your daily need): <strong>{kcal(tdeeKcal)}</strong>
      </p>
      <p>
        Target calories{goalLabel ? ` to ${goalLabel.toLowerCase()}` : ""}:{" "}
        <strong>{kcal(goalTdeeKcal)}</strong>
      </p>
      {note === undefined ? null : <p className={styles.floorNote}>{note}</p>}
    </div>
  );
}
