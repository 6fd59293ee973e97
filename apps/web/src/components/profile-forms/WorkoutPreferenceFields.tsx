import type { ReactNode } from "react";
import { FITNESS_GOALS } from "@fitwise/engine/profile.types";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import { EXPERIENCE_LEVELS, WEEKDAYS, WORKOUT_TYPES } from "@fitwise/engine/workouts/exercise.types";
import type {
  ExperienceLevel,
  HomeEquipment,
  Weekday,
  WorkoutType,
} from "@fitwise/engine/workouts/exercise.types";
import { ChoiceGroup } from "./ChoiceGroup";
import { EquipmentField } from "./EquipmentField";
import { ToggleGroup } from "./ToggleGroup";
import styles from "./ProfileForm.module.css";

export interface WorkoutPreferences {
  goal: FitnessGoal;
  level: ExperienceLevel;
  days: readonly Weekday[];
  workoutType: WorkoutType;
  /** Home equipment owned besides body weight (ignored for the gym). */
  equipment: readonly HomeEquipment[];
}

/** The screens word the questions differently (the goal screen numbers them); the radio names follow. */
export interface WorkoutPreferenceWording {
  goal: { legend: string; name: string };
  level: { legend: string; name: string };
  days: { legend: string; hint: ReactNode; hintId?: string };
  workoutType: { legend: string };
  equipment: { legend: string };
}

export interface WorkoutPreferenceFieldsProps {
  values: WorkoutPreferences;
  onChange(next: WorkoutPreferences): void;
  wording: WorkoutPreferenceWording;
  /** Announce "n days selected" under the days (the goal screen; settings counts in the hint). */
  announceDayCount?: boolean;
}

const asOptions = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));

/** docs/product.md §3.3 workout preferences: goal, experience, days (3–6), where to train and, at home, with what. */
export function WorkoutPreferenceFields({
  values,
  onChange,
  wording,
  announceDayCount = false,
}: WorkoutPreferenceFieldsProps) {
  const set = <K extends keyof WorkoutPreferences>(key: K, value: WorkoutPreferences[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <>
      <ChoiceGroup<FitnessGoal>
        legend={wording.goal.legend}
        name={wording.goal.name}
        options={asOptions(FITNESS_GOALS)}
        value={values.goal}
        onChange={(goal) => set("goal", goal)}
      />
      <ChoiceGroup<ExperienceLevel>
        legend={wording.level.legend}
        name={wording.level.name}
        options={asOptions(EXPERIENCE_LEVELS)}
        value={values.level}
        onChange={(level) => set("level", level)}
      />
      <ToggleGroup<Weekday>
        legend={wording.days.legend}
        hint={wording.days.hint}
        hintId={wording.days.hintId}
        options={WEEKDAYS}
        value={values.days}
        onChange={(days) => set("days", days)}
        footer={
          announceDayCount ? (
            <p className={styles.count} aria-live="polite">
              {values.days.length === 1 ? "1 day selected" : `${values.days.length} days selected`}
            </p>
          ) : null
        }
      />
      <ChoiceGroup<WorkoutType>
        legend={wording.workoutType.legend}
        name="workout-type"
        options={asOptions(WORKOUT_TYPES)}
        value={values.workoutType}
        onChange={(workoutType) => set("workoutType", workoutType)}
      />
      <EquipmentField
        legend={wording.equipment.legend}
        workoutType={values.workoutType}
        value={values.equipment}
        onChange={(equipment) => set("equipment", equipment)}
      />
    </>
  );
}
