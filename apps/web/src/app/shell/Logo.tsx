import { Link } from "react-router";
import { SITE_CONFIG } from "../../lib/site-config";
import styles from "./Shell.module.css";

export const BRAND_NAME = SITE_CONFIG.brandName;

/** Logo and brand name; links home. */
export function Logo() {
  return (
    <Link to="/" className={styles.brand}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M10 8h13v4h-8.5v3H21v4h-6.5v5H10z" fill="#fff" />
      </svg>
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
