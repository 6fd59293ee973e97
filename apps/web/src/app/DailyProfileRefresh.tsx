import { useEffect } from "react";
import { useAuth } from "../lib/auth";
import { readCache, writeCache } from "../lib/local-cache";
import { isProfileRefreshDue } from "./profile-refresh";

/**
 * docs/product.md §6.5: on start, with a session, the user data is read again once per 24 hours and the time is
 * stored as lastExecutionTimestamp; the outcome is only logged. The profile module is loaded on
 * demand so the landing page's bundle does not grow.
 */
export function DailyProfileRefresh() {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== "signedIn") return;
    const nowMs = Date.now();
    if (!isProfileRefreshDue(readCache("lastExecutionTimestamp"), nowMs)) return;
    writeCache("lastExecutionTimestamp", nowMs);
    import("../lib/user-profile")
      .then(({ fetchUserProfile }) => fetchUserProfile())
      .then(
        () => console.info("Daily user-data refresh done."),
        (error: unknown) => console.warn("Daily user-data refresh failed.", error),
      );
  }, [status]);
  return null;
}
