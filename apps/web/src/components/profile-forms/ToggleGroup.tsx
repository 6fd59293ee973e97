import { useId } from "react";
import type { ReactNode } from "react";
import { toggleInOrder } from "../../lib/profile-fields";
import styles from "./ProfileForm.module.css";

export interface ToggleGroupProps<V extends string> {
  legend: string;
  hint: ReactNode;
  /** A fixed id for the hint where a screen has one; otherwise a generated one. */
  hintId?: string;
  options: readonly V[];
  value: readonly V[];
  onChange(value: V[]): void;
  /** Shown under the buttons, e.g. a live count of the choices. */
  footer?: ReactNode;
}

/** A multiple choice of toggle buttons (aria-pressed); the selection keeps the options' order. */
export function ToggleGroup<V extends string>({
  legend,
  hint,
  hintId,
  options,
  value,
  onChange,
  footer,
}: ToggleGroupProps<V>) {
  const generatedId = useId();
  const describedBy = hintId ?? generatedId;
  return (
    <fieldset className={styles.section} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={describedBy} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.choices}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.toggle}
            aria-pressed={value.includes(option)}
            onClick={() => onChange(toggleInOrder(options, value, option))}
          >
            {option}
          </button>
        ))}
      </div>
      {footer}
    </fieldset>
  );
}
