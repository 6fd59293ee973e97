import { Button } from "../../../components/Button";
import styles from "./Offline.module.css";

/**
 * "A new version is ready — reload". The new service worker waits until this button is pressed, so
 * the app never changes under someone in the middle of a set (docs/decisions/047).
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <div className={styles.notice} role="status">
      <p className={styles.line}>A new version is ready.</p>
      <Button variant="secondary" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
