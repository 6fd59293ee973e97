import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { getAuthState } from "../../../lib/auth-session";
import { readCache, writeCache } from "../../../lib/local-cache";

/**
 * When an answer last came from the server (epoch ms), or null if never on this browser. Follows the
 * query cache: every fetched answer counts, a value set by the app itself (setQueryData) does not.
 * Only while signed in: an answer that lands just after sign-out must not leave a key behind for the
 * next person on this browser (sign-out keeps only the two visit flags).
 */
export function useLastSyncedAt(): number | null {
  const queryClient = useQueryClient();
  const [syncedAt, setSyncedAt] = useState(() => readCache("last_synced_at"));
  useEffect(() => {
    const record = (at: number) => {
      if (getAuthState().status !== "signedIn") return;
      writeCache("last_synced_at", at);
      setSyncedAt(at);
    };
    const cache = queryClient.getQueryCache();
    // Answers that arrived before this loaded (it is loaded lazily, beside the first page).
    const latest = Math.max(0, ...cache.getAll().map((query) => query.state.dataUpdatedAt));
    if (latest > (readCache("last_synced_at") ?? 0)) record(latest);
    return cache.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success" && !event.action.manual) {
        record(Date.now());
      }
    });
  }, [queryClient]);
  return syncedAt;
}
