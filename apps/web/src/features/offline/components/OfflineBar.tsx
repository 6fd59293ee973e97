import { useEffect, useState } from "react";
import { useLastSyncedAt } from "../hooks/use-last-synced";
import { useOnline } from "../hooks/use-online";
import { lastSyncedText } from "./last-synced";
import styles from "./Offline.module.css";

/** How often the bar's "last synced" wording is brought up to date (a day may turn while offline). */
const REFRESH_MS = 60_000;

/**
 * The quiet "Offline — showing what you had" bar with the time of the last sync (docs/decisions/047),
 * and what cannot be done without a connection. The live region is always there, so screen readers
 * hear it appear.
 */
export function OfflineBar() {
  const online = useOnline();
  const syncedAt = useLastSyncedAt();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div role="status" className={online ? undefined : styles.offlineBar} data-testid="offline-bar">
      {online ? null : (
        <p className={styles.line}>
          <strong>Offline — showing what you had.</strong> {lastSyncedText(syncedAt, now)} New plans, Replace,
          Reset, Save, Alex and payments need a connection.
        </p>
      )}
    </div>
  );
}
