import type { ReactNode } from "react";
import { SITE_CONFIG } from "../../../lib/site-config";
import styles from "./StoreBadges.module.css";

/** One store's badge: its logo, the small line and the store's name, linking out. */
function Badge({
  href,
  logo,
  small,
  store,
}: {
  href: string;
  logo: ReactNode;
  small: string;
  store: string;
}) {
  return (
    <li>
      <a className={styles.badge} href={href} rel="noopener noreferrer">
        <svg
          className={styles.logo}
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          {logo}
        </svg>
        <span className={styles.text}>
          <span className={styles.small}>{small}</span> <span className={styles.large}>{store}</span>
        </span>
      </a>
    </li>
  );
}

/**
 * A badge for each app that exists (APP_STORE_URL, GOOGLE_PLAY_URL); none while neither is set. Drawn with CSS
 * and inline SVG rather than the official artwork so the page makes no image requests.
 */
export function StoreBadges({ className }: { className?: string }) {
  const { appStore, googlePlay } = SITE_CONFIG.links;
  if (appStore === undefined && googlePlay === undefined) return null;
  return (
    <ul
      className={className ? `${styles.badges} ${className}` : styles.badges}
      aria-label="Get the mobile app"
    >
      {appStore === undefined ? null : (
        <Badge
          href={appStore}
          small="Download on the"
          store="App Store"
          logo={
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.2.8c1.3 0 2.1-1.2 2.9-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-.9-2.4-3.9zM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
            />
          }
        />
      )}
      {googlePlay === undefined ? null : (
        <Badge
          href={googlePlay}
          small="Get it on"
          store="Google Play"
          logo={
            <>
              <path fill="#34a853" d="M3.6 2.3 13.5 12l-9.9 9.7c-.4-.2-.6-.7-.6-1.2V3.5c0-.5.2-1 .6-1.2z" />
              <path fill="#fbbc04" d="m16.8 8.7-3.3 3.3 3.3 3.3 3.7-2.1c.7-.4.7-1.4 0-1.8l-3.7-2.7z" />
              <path fill="#4285f4" d="M3.6 2.3c.3-.2.8-.2 1.2 0l12 6.4-3.3 3.3-9.9-9.7z" />
              <path fill="#ea4335" d="M13.5 12l3.3 3.3-12 6.4c-.4.2-.9.2-1.2 0l9.9-9.7z" />
            </>
          }
        />
      )}
    </ul>
  );
}
