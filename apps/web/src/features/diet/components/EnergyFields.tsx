import { TextField } from "../../../components/TextField";
import styles from "./Diary.module.css";

/** One typed figure and its setter, as a form keeps it (text, so "" means not given). */
interface Typed {
  value: string;
  set(value: string): void;
}

/**
 * The energy and optional macros a person types for a quick add or a food of their own: the same four fields,
 * labels and keyboards in both forms.
 */
export function EnergyFields({
  kcal,
  kcalError,
  protein,
  carbs,
  fat,
}: {
  kcal: Typed;
  kcalError: string | undefined;
  protein: Typed;
  carbs: Typed;
  fat: Typed;
}) {
  return (
    <>
      <TextField
        label="Energy (kcal)"
        inputMode="decimal"
        value={kcal.value}
        onChange={(event) => kcal.set(event.target.value)}
        error={kcalError}
      />
      <div className={styles.macros}>
        <TextField
          label="Protein (g, optional)"
          inputMode="decimal"
          value={protein.value}
          onChange={(event) => protein.set(event.target.value)}
        />
        <TextField
          label="Carbs (g, optional)"
          inputMode="decimal"
          value={carbs.value}
          onChange={(event) => carbs.set(event.target.value)}
        />
        <TextField
          label="Fat (g, optional)"
          inputMode="decimal"
          value={fat.value}
          onChange={(event) => fat.set(event.target.value)}
        />
      </div>
    </>
  );
}
