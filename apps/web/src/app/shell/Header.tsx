import { Link, NavLink, useNavigate } from "react-router";
import { flushAnalytics } from "../../lib/analytics";
import { useAuth } from "../../lib/auth";
import { SITE_CONFIG } from "../../lib/site-config";
import { Logo } from "./Logo";
import styles from "./Shell.module.css";

export function Header() {
  const { status, signOut } = useAuth();
  const navigate = useNavigate();

  const onSignOut = async () => {
    // Writes still queued offline would be lost with the offline store (docs/decisions/047): ask first.
    const { pendingWrites } = await import("../../lib/offline-queue");
    const pending = await pendingWrites();
    if (
      pending > 0 &&
      !window.confirm(
        `${pending === 1 ? "1 change has" : `${pending} changes have`} not reached the server yet. Signing out now discards ${pending === 1 ? "it" : "them"}. Sign out anyway?`,
      )
    ) {
      return;
    }
    // Offline, /signin's page can load only while the service worker's cache still holds it, and sign-out empties that
    // cache: the page is loaded first (a no-op when it already was), so the person lands on a sign-in form, not an error.
    await import("../../features/auth/components/SignInPage").catch(() => undefined);
    await flushAnalytics();
    await signOut();
    await navigate("/signin", { replace: true });
  };

  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Logo />
        <nav aria-label="Main" className={styles.headerNav}>
          {status === "signedIn" ? (
            <>
              <NavLink to="/diet" className={styles.headerLink}>
                My Diet
              </NavLink>
              <NavLink to="/workouts" className={styles.headerLink}>
                My Workouts
              </NavLink>
              <button type="button" className={styles.headerButton} onClick={() => void onSignOut()}>
                Signout
              </button>
            </>
          ) : (
            <>
              {/* BLOG_URL: hidden while the operator has no blog. */}
              {SITE_CONFIG.links.blog ? (
                <a
                  href={SITE_CONFIG.links.blog}
                  className={styles.headerLink}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Blog<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : null}
              <NavLink to="/signin" className={styles.headerLink}>
                Sign In
              </NavLink>
              <Link to="/signup" className={styles.headerCta}>
                Sign Up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
