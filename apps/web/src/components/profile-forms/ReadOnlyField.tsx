import { useId } from "react";
import type { HTMLInputTypeAttribute } from "react";
import styles from "./ProfileForm.module.css";

/** A labelled value the user can see and copy but not change here (e.g. the sign-in email). */
export function ReadOnlyField({
  label,
  type,
  value,
  hint,
}: {
  label: string;
  type: HTMLInputTypeAttribute;
  value: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div className={styles.section}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} type={type} value={value} readOnly required />
      <p className={styles.hint}>{hint}</p>
    </div>
  );
}
