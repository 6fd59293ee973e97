import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogWorkoutSetRequestSchema } from "@fitwise/contracts/progress";
import type { LogWorkoutSetRequest } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `log_workout_set`: one set's reps, load and reps in reserve; logging a set again replaces it. */
export function logWorkoutSet(input: LogWorkoutSetRequest) {
  return callFunction("log_workout_set", LogWorkoutSetRequestSchema.parse(input));
}

export function useLogWorkoutSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkoutSet,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.workoutHistory() }),
  });
}
