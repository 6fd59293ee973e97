import styles from "./Shell.module.css";

/** Shown until the stored session has been checked (docs/product.md §3 Shell). */
export function LoadingScreen() {
  return (
    <div className={styles.loading} role="status">
      Loading...
    </div>
  );
}
