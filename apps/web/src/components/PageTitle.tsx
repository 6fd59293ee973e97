import { useEffect } from "react";
import type { ReactNode } from "react";
import { SITE_CONFIG } from "../lib/site-config";
import styles from "./PageTitle.module.css";

/** The page's one h1; also sets the document title so tabs and history entries are distinguishable. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  const title = documentTitle ?? (typeof children === "string" ? children : undefined);
  useEffect(() => {
    if (title) document.title = `${title} | ${SITE_CONFIG.brandName}`;
  }, [title]);
  return <h1 className={styles.title}>{children}</h1>;
}
