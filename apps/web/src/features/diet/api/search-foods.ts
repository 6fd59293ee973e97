import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { FoundFood } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `search_foods`: foods for a query as typed, best first; the person's exclusions are marked, never hidden. */
export async function searchFoods(query: string): Promise<FoundFood[]> {
  return (await callFunction("search_foods", { query, limit: 10 })).foods;
}

/** The answer for the query being typed; the previous answer stays on screen until the next arrives. */
export function useFoodSearch(query: string) {
  const key = query.trim().toLowerCase();
  return useQuery({
    queryKey: queryKeys.foodSearch(key),
    queryFn: () => searchFoods(key),
    enabled: key.length > 0,
    placeholderData: keepPreviousData,
    // The catalogue changes only with a release; the person's exclusions with a profile write.
    staleTime: 5 * 60_000,
  });
}
