import { onlineManager, useQuery } from "@tanstack/react-query";
import { GetWorkoutHistoryRequestSchema, WorkoutHistoryResponseSchema } from "@fitwise/contracts/progress";
import type { WorkoutHistoryResponse } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { readCache, writeCache } from "../../../lib/local-cache";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `get_workout_history`: every logged exercise with its latest sessions and the next step. The answer
 * is kept, so sets can be logged offline beside the last session (docs/decisions/047).
 */
export async function fetchWorkoutHistory(): Promise<WorkoutHistoryResponse> {
  const history = await callFunction("get_workout_history", GetWorkoutHistoryRequestSchema.parse({}));
  cacheWorkoutHistory(history);
  return history;
}

export function cacheWorkoutHistory(history: WorkoutHistoryResponse): void {
  writeCache("workout_history", history);
}

export function readCachedWorkoutHistory(): WorkoutHistoryResponse | undefined {
  const parsed = WorkoutHistoryResponseSchema.safeParse(readCache("workout_history"));
  return parsed.success ? parsed.data : undefined;
}

/** Offline with nothing kept, sets can still be logged: there are just no previous numbers to show. */
function placeholderHistory(): WorkoutHistoryResponse | undefined {
  return readCachedWorkoutHistory() ?? (onlineManager.isOnline() ? undefined : { exercises: [] });
}

export function useWorkoutHistory() {
  return useQuery({
    queryKey: queryKeys.workoutHistory(),
    queryFn: fetchWorkoutHistory,
    placeholderData: placeholderHistory,
  });
}
