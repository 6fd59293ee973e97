import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { AlertBanner } from "../../components/AlertBanner";
import { useAlert } from "../../lib/alerts";
import { useAuth } from "../../lib/auth";
import { recordVisitSource, writeCache } from "../../lib/local-cache";
import { chatStartsOpen } from "../../lib/chat-dock";
import { ProStatusSync } from "../ProStatusSync";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LoadingScreen } from "./LoadingScreen";
import { Sidebar } from "./Sidebar";
import { TabBar } from "./TabBar";
import styles from "./Shell.module.css";

// Signed-in only, so the chat (and its Markdown parser) stays out of the landing page's bundle.
const ChatWidget = lazy(() => import("../../features/chat/components/ChatWidget"));
// Signed-in only too: the service worker and the offline store never load on the landing page (docs/decisions/047).
const OfflineSupport = lazy(() => import("../../features/offline/components/OfflineSupport"));

export function AppShell() {
  const { status } = useAuth();
  const { leavePage } = useAlert();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(location.pathname);
  // Held here, not in the lazily loaded widget: the page reserves the docked panel's width from the first paint.
  const [chatOpen, setChatOpenState] = useState(chatStartsOpen);
  const setChatOpen = useCallback((open: boolean) => {
    writeCache("chat_open", open);
    setChatOpenState(open);
  }, []);

  useEffect(() => {
    recordVisitSource(location.search);
  }, [location.search]);

  // After a client-side navigation, move focus to the new page so screen readers announce it.
  // A banner belongs to the page that showed it ("Successfully saved meal plan!" means nothing on /workouts).
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    mainRef.current?.focus({ preventScroll: true });
    leavePage();
  }, [location.pathname, leavePage]);

  if (status === "loading") return <LoadingScreen />;

  const signedIn = status === "signedIn";
  return (
    <div
      className={`${styles.shell} ${signedIn ? styles.signedIn : ""} ${signedIn && chatOpen ? styles.chatDocked : ""}`}
    >
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {/* One sticky block: the banner sits under the header instead of covering it. */}
      <div className={styles.top}>
        <Header />
        <AlertBanner />
      </div>
      {signedIn ? (
        <Suspense fallback={null}>
          <OfflineSupport />
        </Suspense>
      ) : null}
      <div className={styles.body}>
        {signedIn ? <Sidebar /> : null}
        <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      <Footer />
      {signedIn ? <TabBar /> : null}
      {signedIn ? <ProStatusSync /> : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <ChatWidget open={chatOpen} onOpenChange={setChatOpen} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
