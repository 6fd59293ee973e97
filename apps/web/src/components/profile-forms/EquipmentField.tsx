import { useId } from "react";
import { HOME_EQUIPMENT_CHOICES } from "@fitwise/engine/workouts/exercise.types";
import type { HomeEquipment, WorkoutType } from "@fitwise/engine/workouts/exercise.types";
import styles from "./ProfileForm.module.css";

const LABELS: Record<HomeEquipment, string> = {
  dumbbells: "Dumbbells",
  "resistance band": "Resistance bands",
  kettlebell: "Kettlebell",
  "pull-up bar": "Pull-up bar",
  bench: "Bench",
};

export interface EquipmentFieldProps {
  legend: string;
  workoutType: WorkoutType;
  value: readonly HomeEquipment[];
  onChange(value: HomeEquipment[]): void;
}

/**
 * What the user owns for home workouts (body weight is always there); the plan uses nothing else.
 * "No equipment" clears the rest. A gym has everything, so the question only says so there.
 */
export function EquipmentField({ legend, workoutType, value, onChange }: EquipmentFieldProps) {
  const hintId = useId();
  if (workoutType !== "Home Workout") {
    return (
      <fieldset className={styles.section} aria-describedby={hintId}>
        <legend className={styles.legend}>{legend}</legend>
        <p id={hintId} className={styles.hint}>
          A gym has everything: barbells, machines, cables, dumbbells and more, so your plan can use it all.
        </p>
      </fieldset>
    );
  }
  const toggle = (item: HomeEquipment) =>
    onChange(
      HOME_EQUIPMENT_CHOICES.filter((choice) =>
        choice === item ? !value.includes(choice) : value.includes(choice),
      ),
    );
  return (
    <fieldset className={styles.section} aria-describedby={hintId}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={hintId} className={styles.hint}>
        Your plan only uses what you pick here, plus your own body weight.
      </p>
      <div className={styles.choices}>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={value.length === 0}
          onClick={() => onChange([])}
        >
          No equipment
        </button>
        {HOME_EQUIPMENT_CHOICES.map((item) => (
          <button
            key={item}
            type="button"
            className={styles.toggle}
            aria-pressed={value.includes(item)}
            onClick={() => toggle(item)}
          >
            {LABELS[item]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
