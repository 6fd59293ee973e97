import type { ReactNode } from "react";
import styles from "./ErrorBox.module.css";

/** A red box with a problem and what to do about it; `alert` announces it when it appears. */
export function ErrorBox({ alert = false, children }: { alert?: boolean; children: ReactNode }) {
  return (
    <div className={styles.box} role={alert ? "alert" : undefined}>
      {children}
    </div>
  );
}
