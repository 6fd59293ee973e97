import { Link } from "react-router";
import { SITE_CONFIG } from "../../lib/site-config";
import styles from "./Shell.module.css";

export const BRAND_NAME = SITE_CONFIG.brandName;

/**
 * Logo and brand name; links home. A brand's own logo image carries the name as its alt text, so the
 * name beside it is hidden from screen readers rather than read twice.
 */
export function Logo() {
  const logoUrl = SITE_CONFIG.logoUrl;
  return (
    <Link to="/" className={styles.brand}>
      {logoUrl ? (
        <img src={logoUrl} alt={BRAND_NAME} width="32" height="32" className={styles.brandLogo} />
      ) : (
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
          <path d="M10 8h13v4h-8.5v3H21v4h-6.5v5H10z" fill="#fff" />
        </svg>
      )}
      <span aria-hidden={logoUrl ? true : undefined}>{BRAND_NAME}</span>
    </Link>
  );
}
