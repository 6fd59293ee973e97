import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../../../components/Button";
import { readCache, writeCache } from "../../../lib/local-cache";
import { SITE_CONFIG } from "../../../lib/site-config";
import { onInstallEvent } from "../api/install-event";
import type { BeforeInstallPromptEvent } from "../api/install-event";
import styles from "./Offline.module.css";

function hasPlan(): boolean {
  return (readCache("Day1")?.length ?? 0) > 0 || (readCache("userWorkoutData")?.length ?? 0) > 0;
}

/**
 * Offers to install the app once per browser, after the first plan and never on the landing page
 * (docs/decisions/047). The browser's event, held from page load (../api/install-event.ts), only fires
 * at all once the service worker, registered after sign-in, is running.
 */
export function InstallPrompt() {
  const { pathname } = useLocation();
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [offeredBefore] = useState(() => readCache("install_prompt_offered") === true);
  const [closed, setClosed] = useState(false);

  useEffect(() => onInstallEvent(setInstallEvent), []);

  // Worked out on every render, page changes included: the first plan may arrive after the browser's event.
  const open = installEvent !== null && !offeredBefore && !closed && pathname !== "/" && hasPlan();
  useEffect(() => {
    if (open) writeCache("install_prompt_offered", true);
  }, [open]);

  if (!open) return null;
  const close = () => setClosed(true);
  return (
    <section className={styles.notice} aria-labelledby="install-prompt-title">
      <p className={styles.line} id="install-prompt-title">
        Install {SITE_CONFIG.brandName} on this device: today&apos;s plan and your workouts open even without
        a connection.
      </p>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            close();
            void installEvent.prompt();
          }}
        >
          Install
        </Button>
        <Button variant="secondary" onClick={close}>
          Not now
        </Button>
      </div>
    </section>
  );
}
