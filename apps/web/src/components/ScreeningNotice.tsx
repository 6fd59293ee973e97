import { computeEnergyTargets } from "@fitwise/engine/nutrition/energy";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import { screeningNotice } from "@fitwise/engine/screening";
import type { ScreeningInput } from "@fitwise/engine/screening";
import { useUserProfile } from "../lib/user-profile";
import styles from "./ScreeningNotice.module.css";

/**
 * A kind word before a plan that could do harm (underweight and losing, or a target the calorie
 * floor lifts above the daily need); nothing is shown otherwise. The wording comes from the engine,
 * so the calculator, the diet screen and Alex say the same thing.
 */
export function ScreeningNotice({ input }: { input: ScreeningInput | null }) {
  const notice = input === null ? undefined : screeningNotice(input);
  if (notice === undefined) return null;
  return (
    <aside className={styles.notice} aria-label="A word of caution" data-testid="screening-notice">
      <p className={styles.title}>Before you start</p>
      <p>{notice.message}</p>
    </aside>
  );
}

/** ScreeningNotice for the signed-in user's stored profile (the diet screen). */
export function ProfileScreeningNotice() {
  const profile = useUserProfile().data;
  if (!profile) return null;
  const { user_weight_in_kgs, user_height_in_cm, user_age, user_gender, user_activity, user_fitness_goal } =
    profile;
  if (
    user_weight_in_kgs === null ||
    user_height_in_cm === null ||
    user_age === null ||
    user_gender === null ||
    user_activity === null ||
    user_fitness_goal === null
  ) {
    return null;
  }
  const goal: FitnessGoal = user_fitness_goal;
  const energy = computeEnergyTargets({
    weightKg: user_weight_in_kgs,
    heightCm: user_height_in_cm,
    ageYears: user_age,
    gender: user_gender,
    activityFactor: user_activity,
    goal,
  });
  return (
    <ScreeningNotice
      input={{
        weightKg: user_weight_in_kgs,
        heightCm: user_height_in_cm,
        goal,
        tdeeKcal: energy.tdeeKcal,
        planningKcal: energy.planningKcal,
        floorKcal: energy.floorKcal,
      }}
    />
  );
}
