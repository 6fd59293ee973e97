import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";

export type AlertType = "error" | "alert" | "success";

/** Spec §3 "Alert": isVisible, type, message. */
export interface AlertState {
  isVisible: boolean;
  type: AlertType | null;
  message: ReactNode;
}

export interface AlertActions {
  /** Shows the global banner; a message may carry a link (e.g. "Sign up"). Replaces any banner already shown. */
  showAlert(type: AlertType, message: ReactNode): void;
  hideAlert(): void;
}

/** Spec §9: the banner hides itself after 15 s. */
export const ALERT_AUTO_HIDE_MS = 15_000;

const hidden: AlertState = { isVisible: false, type: null, message: null };

const AlertActionsContext = createContext<AlertActions | null>(null);
const AlertStateContext = createContext<AlertState>(hidden);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState>(hidden);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hideAlert = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setAlert(hidden);
  }, []);

  const showAlert = useCallback(
    (type: AlertType, message: ReactNode) => {
      if (timer.current) clearTimeout(timer.current);
      setAlert({ isVisible: true, type, message });
      timer.current = setTimeout(hideAlert, ALERT_AUTO_HIDE_MS);
    },
    [hideAlert],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const actions = useMemo(() => ({ showAlert, hideAlert }), [showAlert, hideAlert]);
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
