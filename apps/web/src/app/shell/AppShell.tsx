import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { AlertBanner } from "../../components/AlertBanner";
import { useAuth } from "../../lib/auth";
import { recordVisitSource } from "../../lib/local-cache";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LoadingScreen } from "./LoadingScreen";
import { Sidebar } from "./Sidebar";
import { TabBar } from "./TabBar";
import styles from "./Shell.module.css";

// Signed-in only, so the chat (and its Markdown parser) stays out of the landing page's bundle.
const ChatWidget = lazy(() => import("../../features/chat/components/ChatWidget"));

export function AppShell() {
  const { status } = useAuth();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    recordVisitSource(location.search);
  }, [location.search]);

  // After a client-side navigation, move focus to the new page so screen readers announce it.
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  if (status === "loading") return <LoadingScreen />;

  const signedIn = status === "signedIn";
  return (
    <div className={`${styles.shell} ${signedIn ? styles.signedIn : ""}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AlertBanner />
      <Header />
      <div className={styles.body}>
        {signedIn ? <Sidebar /> : null}
        <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <Footer />
      {signedIn ? <TabBar /> : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
