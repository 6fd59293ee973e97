import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AcceptTargetRequestSchema } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { localIsoDate } from "../../../lib/local-date";
import { queryKeys } from "../../../lib/query-keys";

/** `accept_suggested_target` (Pro): the suggestion becomes the daily target and the meal plans re-solve for it. */
export function acceptTarget(goalKcal: number): Promise<{ goal_tdee: number }> {
  return callFunction(
    "accept_suggested_target",
    AcceptTargetRequestSchema.parse({ goal_kcal: goalKcal, today: localIsoDate() }),
  );
}

export function useAcceptTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.progress() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile() }),
        // The plans are solved for the new target the next time they are read.
        queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans() }),
      ]);
    },
  });
}
