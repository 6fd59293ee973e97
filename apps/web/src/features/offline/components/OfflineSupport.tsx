import { useEffect, useState } from "react";
import { registerServiceWorker } from "../api/service-worker";
import { useWriteQueue } from "../hooks/use-write-queue";
import { InstallPrompt } from "./InstallPrompt";
import { OfflineBar } from "./OfflineBar";
import { UpdatePrompt } from "./UpdatePrompt";
import styles from "./Offline.module.css";

/**
 * Everything the offline app adds to a signed-in page (docs/decisions/047): the service worker, the
 * write queue's sending, the offline bar, the update and install prompts. Loaded lazily by the shell after sign-in, so none of
 * it is in the landing page's JavaScript.
 */
export default function OfflineSupport() {
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((apply) => setApplyUpdate(() => apply)), []);
  const pendingWrites = useWriteQueue();

  return (
    <div className={styles.notices}>
      <OfflineBar pendingWrites={pendingWrites} />
      {applyUpdate ? <UpdatePrompt onReload={applyUpdate} /> : null}
      <InstallPrompt />
    </div>
  );
}
