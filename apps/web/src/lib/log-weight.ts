import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogWeightRequestSchema } from "@fitwise/contracts/progress";
import type { LogWeightRequest, ProgressResponse } from "@fitwise/contracts/progress";
import { cacheProgress, readCachedProgress } from "./get-progress";
import { sendOrQueue } from "./offline-queue";
import { queryKeys } from "./query-keys";

/**
 * `log_weight`: one weigh-in a day; logging a day again replaces it. Goes through the offline queue
 * (docs/decisions/047): "queued" while the server cannot be reached.
 */
export function logWeight(input: LogWeightRequest) {
  const request = LogWeightRequestSchema.parse(input);
  return sendOrQueue("log_weight", request, `Your weigh-in of ${request.weight_kg} kg on ${request.date}`);
}

/** The progress shown with a queued weigh-in in it, until the server's own answer replaces it. */
function withWeighIn(progress: ProgressResponse, { date, weight_kg }: LogWeightRequest): ProgressResponse {
  const entries = [...progress.entries.filter((entry) => entry.date !== date), { date, weight_kg }];
  return { ...progress, entries: entries.sort((a, b) => a.date.localeCompare(b.date)) };
}

export function useLogWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWeight,
    // Offline the write is queued, not paused: the person sees it kept at once.
    networkMode: "always",
    onSuccess: (outcome, input) => {
      if (outcome.status === "sent") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
        return;
      }
      const progress =
        queryClient.getQueryData<ProgressResponse>(queryKeys.progress()) ?? readCachedProgress();
      if (!progress) return;
      const next = withWeighIn(progress, input);
      cacheProgress(next);
      queryClient.setQueryData(queryKeys.progress(), next);
    },
  });
}
