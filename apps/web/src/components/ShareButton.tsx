import { useEffect, useRef, useState } from "react";
import { Button } from "./Button";
import styles from "./ShareButton.module.css";

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** How long "Link copied" stays beside the button. */
const CONFIRMATION_MS = 4_000;

type Outcome = { kind: "idle" } | { kind: "copied" } | { kind: "manual"; url: string };

/**
 * Shares a plan's public link: the system share sheet (Web Share API) where the browser has one, else
 * the link is copied to the clipboard and "Link copied" confirms it. Where neither works the link is
 * shown, selected, for the user to copy.
 */
export function ShareButton({
  path,
  title,
  label = "Share",
  accessibleLabel,
}: {
  /** The public page's path, e.g. /fulldiet/…; the origin is this page's own. */
  path: string;
  /** Title handed to the share sheet. */
  title: string;
  label?: string;
  /** A fuller name for screen readers where several share buttons sit on one page. */
  accessibleLabel?: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const manualRef = useRef<HTMLInputElement>(null);
  const url = new URL(path, window.location.origin).href;

  useEffect(() => {
    if (outcome.kind !== "copied") return;
    const timer = setTimeout(() => setOutcome({ kind: "idle" }), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  useEffect(() => {
    if (outcome.kind === "manual") manualRef.current?.select();
  }, [outcome]);

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ kind: "copied" });
    } catch {
      setOutcome({ kind: "manual", url });
    }
  };

  return (
    <span className={styles.share}>
      <Button variant="secondary" onClick={() => void share()} aria-label={accessibleLabel}>
        <ShareIcon />
        {label}
      </Button>
      <span role="status" className={styles.confirmation}>
        {outcome.kind === "copied" ? "Link copied" : ""}
      </span>
      {outcome.kind === "manual" ? (
        <label className={styles.manual}>
          Copy this link
          <input ref={manualRef} type="text" readOnly value={outcome.url} className={styles.manualInput} />
        </label>
      ) : null}
    </span>
  );
}
