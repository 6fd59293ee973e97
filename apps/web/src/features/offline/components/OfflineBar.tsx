import { useEffect, useState } from "react";
import { useLastSyncedAt } from "../hooks/use-last-synced";
import { useOnline } from "../hooks/use-online";
import { lastSyncedText } from "./last-synced";
import styles from "./Offline.module.css";

/** How often the bar's "last synced" wording is brought up to date (a day may turn while offline). */
const REFRESH_MS = 60_000;

/**
 * The quiet "Offline — showing what you had" bar with the time of the last sync (docs/decisions/047),
 * the writes kept on this device, and what cannot be done without a connection. The live region is
 * always there, so screen readers hear it appear.
 */
export function OfflineBar({ pendingWrites }: { pendingWrites: number }) {
  const online = useOnline();
  const syncedAt = useLastSyncedAt();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const waiting = pendingWrites === 1 ? "1 change" : `${pendingWrites} changes`;
  let text = null;
  if (!online) {
    text = (
      <>
        <strong>Offline — showing what you had.</strong> {lastSyncedText(syncedAt, now)}
        {pendingWrites > 0 ? ` ${waiting} kept on this device, sent when you are back online.` : null} New
        plans, Replace, Reset, Save, Alex and payments need a connection.
      </>
    );
  } else if (pendingWrites > 0) {
    text = `${waiting} kept on this device: the server could not be reached yet. Trying again…`;
  }
  return (
    <div role="status" className={text ? styles.offlineBar : undefined} data-testid="offline-bar">
      {text ? <p className={styles.line}>{text}</p> : null}
    </div>
  );
}
