import { useQuery } from "@tanstack/react-query";
import { GetWorkoutHistoryRequestSchema } from "@fitwise/contracts/progress";
import type { WorkoutHistoryResponse } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `get_workout_history`: every logged exercise with its latest sessions and the next step. */
export function fetchWorkoutHistory(): Promise<WorkoutHistoryResponse> {
  return callFunction("get_workout_history", GetWorkoutHistoryRequestSchema.parse({}));
}

export function useWorkoutHistory() {
  return useQuery({ queryKey: queryKeys.workoutHistory(), queryFn: fetchWorkoutHistory });
}
