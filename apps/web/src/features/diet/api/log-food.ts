import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogFoodRequestSchema } from "@fitwise/contracts/diary";
import type { LogFoodRequest } from "@fitwise/contracts/diary";
import { sendOrQueue } from "../../../lib/offline-queue";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `log_food`: a food of the search, a custom entry or a quick add. It goes through the offline queue
 * (docs/decisions/047): "queued" while the server cannot be reached, sent once when it can, so a retry after a
 * lost answer does not log the food twice either.
 */
export function logFood({ name, request }: { name: string; request: Omit<LogFoodRequest, "client_id"> }) {
  const checked = LogFoodRequestSchema.parse(request);
  return sendOrQueue("log_food", checked, `${name} (${checked.meal}, ${checked.date})`);
}

export function useLogFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logFood,
    // Offline the entry is queued, not paused: the person is told at once that it is kept.
    networkMode: "always",
    onSuccess: (_outcome, { request }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.date) });
      // The adaptive target reads the diary's intake.
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.diaryWeeks() });
    },
  });
}
