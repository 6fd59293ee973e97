import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogWorkoutSetRequestSchema, LogWorkoutSetResponseSchema } from "@fitwise/contracts/progress";
import type { LogWorkoutSetRequest } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/api-client";
import { WORKOUT_HISTORY_QUERY_KEY } from "./get-workout-history";

/** `log_workout_set`: one set's reps, load and reps in reserve; logging a set again replaces it. */
export function logWorkoutSet(input: LogWorkoutSetRequest) {
  return callFunction(
    "log_workout_set",
    LogWorkoutSetRequestSchema.parse(input),
    LogWorkoutSetResponseSchema,
  );
}

export function useLogWorkoutSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkoutSet,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WORKOUT_HISTORY_QUERY_KEY }),
  });
}
