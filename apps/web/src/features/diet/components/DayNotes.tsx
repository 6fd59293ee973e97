import { useId } from "react";
import { explainPlanNotes, type PlainNote } from "@fitwise/engine/nutrition/plan-notes";
import styles from "./DayNotes.module.css";

/** A question Alex answers about the first note (the trainer reads "why is fibre high?" as one about the notes). */
function askAlex(note: PlainNote | undefined): string {
  if (note === undefined || note.topic === "other" || note.topic === "fallback")
    return "What does this note mean?";
  return `Why is ${note.topic} ${note.direction === "low" ? "low" : "high"}?`;
}

/**
 * Every bound that gave way in the day's plan, in plain words beside the day's totals, each with why it gave way and
 * what the person can change (the planner's own words kept under "Why?"). Nothing is shown for a day that kept them all.
 */
export function DayNotes({ notes }: { notes: readonly string[] }) {
  const titleId = useId();
  const plain = explainPlanNotes(notes);
  if (plain.length === 0) return null;
  return (
    <section className={styles.notes} aria-labelledby={titleId} data-testid="day-notes">
      <h3 id={titleId} className={styles.title}>
        {plain.length === 1
          ? "One limit gave way on this day"
          : `${plain.length} limits gave way on this day`}
      </h3>
      <ul className={styles.list}>
        {plain.map((note) => (
          <li key={note.note} className={styles.note}>
            <span>{note.plain}</span>
            <details className={styles.why}>
              <summary>Why?</summary>
              <p>{note.why}</p>
              {note.plain === note.note ? null : (
                <p className={styles.detail}>Planner&apos;s note: {note.note}</p>
              )}
            </details>
          </li>
        ))}
      </ul>
      <p className={styles.ask}>You can also ask Alex: &ldquo;{askAlex(plain[0])}&rdquo;</p>
    </section>
  );
}
