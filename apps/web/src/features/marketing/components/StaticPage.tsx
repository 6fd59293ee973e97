import type { ReactNode } from "react";
import { PageTitle } from "../../../components/PageTitle";
import styles from "./StaticPage.module.css";

interface StaticPageProps {
  title: string;
  /** Shown under the title for legal texts, so readers know which version they read. */
  lastUpdated?: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function StaticPage({ title, lastUpdated, lead, children }: StaticPageProps) {
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <PageTitle>{title}</PageTitle>
        {lastUpdated ? <p className={styles.updated}>Last updated: {lastUpdated}</p> : null}
        {lead ? <div className={styles.lead}>{lead}</div> : null}
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
