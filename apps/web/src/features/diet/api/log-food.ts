import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiaryEntry, LogFoodRequest } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `log_food`: a food of the search, a custom entry or a quick add. Each attempt carries a client_id, so a
 * retry after a lost answer does not log the food twice (docs/decisions/047).
 */
export async function logFood(request: Omit<LogFoodRequest, "client_id">): Promise<DiaryEntry> {
  return (await callFunction("log_food", { ...request, client_id: crypto.randomUUID() })).entry;
}

export function useLogFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logFood,
    onSuccess: (entry, request) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.date) });
      // The adaptive target reads the diary's intake.
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    },
  });
}
