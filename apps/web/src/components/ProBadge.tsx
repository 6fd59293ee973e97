import styles from "./ProBadge.module.css";

/** The small "Pro" tag on an action or tab that needs Pro (docs/product.md §5). */
export function ProBadge() {
  return <span className={styles.badge}>Pro</span>;
}
