import styles from "./FormError.module.css";

/** A form's error line, announced as an alert; renders nothing while there is no error. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className={styles.error} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
