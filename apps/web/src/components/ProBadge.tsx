import styles from "./ProBadge.module.css";

/** The small "Pro" tag on an action or tab that needs Pro (spec §4). */
export function ProBadge() {
  return <span className={styles.badge}>Pro</span>;
}
