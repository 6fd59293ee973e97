import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { writeCache } from "../../../lib/local-cache";
import { queryKeys } from "../../../lib/query-keys";
import { writeUserProfile } from "../../../lib/write-user-profile";

/**
 * Tells the server that /diet has asked whether to continue to /workouts (docs/product.md §3: on the first visit
 * after plan creation), so no other device asks again; the hasVisitedDietScreen key caches it.
 * The plans are not refetched: this flag is not a planning input.
 */
export function useMarkDietVisited() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    writeCache("hasVisitedDietScreen", true);
    void writeUserProfile({ has_visited_diet_screen: true })
      .then((profile) => queryClient.setQueryData(queryKeys.profile(), profile))
      // Not recorded (offline, say): the question simply comes once more on the next visit.
      .catch(() => undefined);
  }, [queryClient]);
}
