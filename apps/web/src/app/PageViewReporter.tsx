import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { trackAppOpened, trackPageView } from "../lib/analytics";
import { screenForPath } from "../lib/analytics-screens";
import { useAuth } from "../lib/auth";

/**
 * docs/decisions/011's page views: app_opened, then every screen the router shows, under its route pattern and the
 * analytics names (/goal is /fitness-goals). Both wait for the session check: until it ends the shell shows
 * only "Loading...", and only then is it known whose views these are.
 */
export function PageViewReporter() {
  const { status } = useAuth();
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (status !== "loading") trackAppOpened();
  }, [status]);

  useEffect(() => {
    if (status !== "loading") trackPageView(screenForPath(pathname), navigationType === "REPLACE");
  }, [status, key, pathname, navigationType]);

  return null;
}
