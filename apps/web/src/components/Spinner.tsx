import styles from "./Spinner.module.css";

/** An animated ring with a text alternative; `label` is read out by screen readers. */
export function Spinner({ label = "Loading...", size = 24 }: { label?: string; size?: number }) {
  return (
    <span className={styles.wrapper} role="status">
      <span className={styles.ring} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
