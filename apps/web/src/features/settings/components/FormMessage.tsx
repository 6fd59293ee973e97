import { useCallback, useEffect, useRef, useState } from "react";
import styles from "./Settings.module.css";

export interface FormMessageValue {
  type: "success" | "error";
  text: string;
  /** A second line, e.g. what happens to the plans after a change. */
  detail?: string;
}

/**
 * The message under a settings form. With `clearAfterMs` it disappears on its own (docs/product.md §5, §9: the
 * workout settings page clears its messages after 5 s).
 */
export function useFormMessage(clearAfterMs?: number) {
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(
    (next: FormMessageValue | null) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setMessage(next);
      if (next && clearAfterMs !== undefined)
        timer.current = setTimeout(() => setMessage(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [message, show] as const;
}

/** Errors are announced at once (role alert), confirmations politely (role status). */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  return (
    <div role={message?.type === "error" ? "alert" : "status"}>
      {message ? (
        <div className={`${styles.message} ${message.type === "error" ? styles.error : styles.success}`}>
          <p>{message.text}</p>
          {message.detail ? <p>{message.detail}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
