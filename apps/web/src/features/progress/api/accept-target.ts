import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AcceptTargetRequestSchema, AcceptTargetResponseSchema } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/api-client";
import { PROGRESS_QUERY_KEY } from "../../../lib/get-progress";
import { localIsoDate } from "../../../lib/local-date";
import { USER_PROFILE_QUERY_KEY } from "../../../lib/user-profile";

/** `accept_suggested_target` (Pro): the suggestion becomes the daily target and the meal plans re-solve for it. */
export function acceptTarget(goalKcal: number): Promise<{ goal_tdee: number }> {
  return callFunction(
    "accept_suggested_target",
    AcceptTargetRequestSchema.parse({ goal_kcal: goalKcal, today: localIsoDate() }),
    AcceptTargetResponseSchema,
  );
}

export function useAcceptTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROGRESS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY }),
        // The plans are solved for the new target the next time they are read.
        queryClient.invalidateQueries({ queryKey: ["openai_get_meal_plan"] }),
      ]);
    },
  });
}
