import { useId } from "react";
import { FREE_TEXT_MAX } from "@fitwise/contracts/profile";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { AVOIDANCE_CHIPS, hasChip, toggleChip } from "./avoidance-chips";
import styles from "./ProfileForm.module.css";

export interface SavedAvoidances {
  /** The allergy text as the server stored it. */
  text: string;
  /** The words of it the server could not place (its reader also knows every catalogue food's words). */
  unrecognised: readonly string[];
}

export interface AllergyFieldProps {
  value: string;
  onChange(value: string): void;
  hint: string;
  /** The server's verdict on the saved text; while the field still holds that text, it is the one shown. */
  saved?: SavedAvoidances;
}

function quoted(words: readonly string[]): string {
  const list = words.map((word) => `'${word}'`);
  return list.length <= 1
    ? list.join("")
    : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1] ?? ""}`;
}

/**
 * The allergy and dislike field: free text read as the user types by the same reader the planner uses, a note naming
 * every word it cannot place (never silently ignored), and chips for the EU's fourteen allergens and common rules.
 */
export function AllergyField({ value, onChange, hint, saved }: AllergyFieldProps) {
  const ids = { field: useId(), hint: useId(), note: useId(), chips: useId() };
  const unrecognised =
    saved !== undefined && saved.text.trim() === value.trim()
      ? saved.unrecognised
      : parseAvoidances(value).unrecognised;
  return (
    <div className={styles.section}>
      <label htmlFor={ids.field} className={styles.label}>
        Allergies and foods to avoid
      </label>
      <p id={ids.hint} className={styles.hint}>
        {hint}
      </p>
      <textarea
        id={ids.field}
        className={styles.textarea}
        rows={3}
        maxLength={FREE_TEXT_MAX}
        aria-describedby={`${ids.hint} ${ids.note}`}
        aria-invalid={unrecognised.length > 0}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={ids.note} className={styles.fieldError} role="status" aria-live="polite">
        {unrecognised.length > 0
          ? `We didn't recognise ${quoted(unrecognised)} — tell us another way, or pick from the list.`
          : ""}
      </p>
      <p id={ids.chips} className={styles.hint}>
        Or pick from the list:
      </p>
      <div className={styles.choices} role="group" aria-labelledby={ids.chips}>
        {AVOIDANCE_CHIPS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            className={styles.toggle}
            aria-pressed={hasChip(value, chip.text)}
            onClick={() => onChange(toggleChip(value, chip.text))}
          >
            {chip.label}
          </button>
        ))}
      </div>
    </div>
  );
}
