import { Button } from "./Button";
import { ErrorBox } from "./ErrorBox";
import styles from "./PlanStatus.module.css";

/** A stored plan with no items (/diet, /workouts): says so and offers to create one. */
export function EmptyPlan({
  message,
  actionLabel,
  onCreate,
}: {
  message: string;
  actionLabel: string;
  onCreate: () => void;
}) {
  return (
    <ErrorBox>
      <p>{message}</p>
      <Button variant="secondary" onClick={onCreate}>
        {actionLabel}
      </Button>
    </ErrorBox>
  );
}

/** Shown over the cached plan while the server's copy is being read. */
export function CheckingForUpdates() {
  return (
    <p className={styles.checking} role="status">
      Checking for updates to this plan…
    </p>
  );
}
