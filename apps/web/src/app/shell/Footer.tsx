import { Link } from "react-router";
import { BRAND_NAME } from "./Logo";
import styles from "./Shell.module.css";

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label="Footer" className={styles.footerNav}>
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacypolicy">Privacy Policy</Link>
          <Link to="/termsofservice">Terms of Service</Link>
        </nav>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {BRAND_NAME}. Your personal trainer in your pocket.
        </p>
      </div>
    </footer>
  );
}
