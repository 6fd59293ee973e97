import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { PageTitle } from "./PageTitle";
import styles from "./SettingsLayout.module.css";

/**
 * docs/product.md §3.11 "Settings": the tab bar shared by the settings pages (and /account-security, which
 * belongs to the account feature); Saved leads to the saved plans.
 */
const SETTINGS_TABS = [
  { to: "/updatemyinfo", label: "Info" },
  { to: "/updatemyworkoutinfo", label: "Workout" },
  { to: "/updatemydietinfo", label: "Diet" },
  { to: "/othersettings", label: "Subscription" },
  { to: "/saved", label: "Saved" },
  { to: "/account-security", label: "Security" },
] as const;

export function SettingsLayout({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.page}>
      <PageTitle>{title}</PageTitle>
      <nav className={styles.tabs} aria-label="Settings">
        <ul className={styles.tabList}>
          {SETTINGS_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className={styles.tab} end>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
