import type { PlanChange } from "@fitwise/contracts/plans";
import { Button } from "./Button";
import styles from "./PlanChangeNotice.module.css";

/**
 * Right after a Replace or reset on /diet and /workouts: what changed, before → after, and Undo (decision 069). The
 * wrapper is a polite live region that is always rendered, so the lines are read out when they appear without
 * interrupting; the buttons are ordinary buttons in the page's tab order.
 */
export function PlanChangeNotice({
  change,
  undoing,
  onUndo,
  onDismiss,
}: {
  change: PlanChange | null;
  undoing: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {change === null || change.lines.length === 0 ? null : (
        <div className={styles.notice} data-testid="plan-change">
          <p className={styles.title}>What changed</p>
          <ul className={styles.lines}>
            {change.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onUndo} busy={undoing}>
              {undoing ? "Undoing…" : "Undo"}
            </Button>
            <Button variant="link" onClick={onDismiss} disabled={undoing}>
              Dismiss
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
