import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";

export type AlertType = "error" | "alert" | "success";

/** docs/product.md §3.1 "Shell", the alert: isVisible, type, message. */
export interface AlertState {
  isVisible: boolean;
  type: AlertType | null;
  message: ReactNode;
  /** Kept when the user moves to another page; otherwise the banner belongs to the page that showed it. */
  keepOnNavigation: boolean;
}

export interface AlertOptions {
  /** For a message that reports on what just happened before a navigation (a purchase, a deleted account). */
  keepOnNavigation?: boolean;
}

export interface AlertActions {
  /** Shows the global banner; a message may carry a link (e.g. "Sign up"). Replaces any banner already shown. */
  showAlert(type: AlertType, message: ReactNode, options?: AlertOptions): void;
  hideAlert(): void;
  /** Called by the shell when the page changes: hides the banner unless it was shown to be kept. */
  leavePage(): void;
}

/** docs/product.md §6.5: the banner hides itself after 15 s. */
export const ALERT_AUTO_HIDE_MS = 15_000;

const hidden: AlertState = { isVisible: false, type: null, message: null, keepOnNavigation: false };

const AlertActionsContext = createContext<AlertActions | null>(null);
const AlertStateContext = createContext<AlertState>(hidden);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState>(hidden);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Whether the banner shown now outlives a change of page. */
  const keep = useRef(false);

  const hideAlert = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    keep.current = false;
    setAlert(hidden);
  }, []);

  const showAlert = useCallback(
    (type: AlertType, message: ReactNode, options: AlertOptions = {}) => {
      if (timer.current) clearTimeout(timer.current);
      keep.current = options.keepOnNavigation ?? false;
      setAlert({ isVisible: true, type, message, keepOnNavigation: options.keepOnNavigation ?? false });
      timer.current = setTimeout(hideAlert, ALERT_AUTO_HIDE_MS);
    },
    [hideAlert],
  );

  const leavePage = useCallback(() => {
    if (!keep.current) hideAlert();
  }, [hideAlert]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const actions = useMemo(() => ({ showAlert, hideAlert, leavePage }), [showAlert, hideAlert, leavePage]);
  return (
    <AlertActionsContext.Provider value={actions}>
      <AlertStateContext.Provider value={alert}>{children}</AlertStateContext.Provider>
    </AlertActionsContext.Provider>
  );
}

export function useAlert(): AlertActions {
  const actions = useContext(AlertActionsContext);
  if (!actions) throw new Error("useAlert must be used inside AlertProvider");
  return actions;
}

/** The banner's current state, for the one component that renders it. */
export function useAlertState(): AlertState {
  return useContext(AlertStateContext);
}
