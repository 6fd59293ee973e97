import { useAlert, useAlertState } from "../lib/alerts";
import styles from "./AlertBanner.module.css";

const labels = { error: "Error", alert: "Notice", success: "Success" } as const;

/** The global banner (docs/product.md §3 Shell): error, alert or success; closable; hides itself after 15 s. */
export function AlertBanner() {
  const { isVisible, type, message } = useAlertState();
  const { hideAlert } = useAlert();
  if (!isVisible || !type) return null;
  return (
    <div className={`${styles.banner} ${styles[type]}`} role="alert" data-alert-type={type}>
      <p className={styles.message}>
        <span className="visually-hidden">{labels[type]}: </span>
        {message}
      </p>
      <button type="button" className={styles.close} onClick={hideAlert} aria-label="Close alert">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
