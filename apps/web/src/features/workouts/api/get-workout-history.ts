import { useQuery } from "@tanstack/react-query";
import { GetWorkoutHistoryRequestSchema, WorkoutHistoryResponseSchema } from "@fitwise/contracts/progress";
import type { WorkoutHistoryResponse } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/api-client";

export const WORKOUT_HISTORY_QUERY_KEY = ["get_workout_history"] as const;

/** `get_workout_history`: every logged exercise with its latest sessions and the next step. */
export function fetchWorkoutHistory(): Promise<WorkoutHistoryResponse> {
  return callFunction(
    "get_workout_history",
    GetWorkoutHistoryRequestSchema.parse({}),
    WorkoutHistoryResponseSchema,
  );
}

export function useWorkoutHistory() {
  return useQuery({ queryKey: WORKOUT_HISTORY_QUERY_KEY, queryFn: fetchWorkoutHistory });
}
