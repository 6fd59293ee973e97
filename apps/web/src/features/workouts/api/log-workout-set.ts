import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogWorkoutSetRequestSchema } from "@fitwise/contracts/progress";
import type { LogWorkoutSetRequest, WorkoutHistoryResponse } from "@fitwise/contracts/progress";
import { sendOrQueue } from "../../../lib/offline-queue";
import { queryKeys } from "../../../lib/query-keys";
import { cacheWorkoutHistory, readCachedWorkoutHistory } from "./get-workout-history";

export interface LoggedSet {
  request: LogWorkoutSetRequest;
  /** For messages and for the history shown while offline. */
  exerciseName: string;
}

/**
 * `log_workout_set`: one set's reps, load and reps in reserve; logging a set again replaces it.
 * Through the offline queue (docs/decisions/047): "queued" while the server cannot be reached.
 */
export function logWorkoutSet({ request, exerciseName }: LoggedSet) {
  const parsed = LogWorkoutSetRequestSchema.parse(request);
  const what = `Set ${parsed.set_number} of ${exerciseName} on ${parsed.date}`;
  return sendOrQueue("log_workout_set", parsed, what);
}

/** The history with a queued set in it, until the server's own answer replaces it. */
function withSet(
  history: WorkoutHistoryResponse,
  { request, exerciseName }: LoggedSet,
): WorkoutHistoryResponse {
  const { date, exercise_id, set_number, reps, load_kg, rir } = request;
  const set = { set_number, reps, load_kg, rir };
  const exercise = history.exercises.find((entry) => entry.exercise_id === exercise_id) ?? {
    exercise_id,
    exercise_name: exerciseName,
    sessions: [],
    next: null,
  };
  const session = exercise.sessions.find((entry) => entry.date === date) ?? { date, sets: [] };
  const sets = [...session.sets.filter((entry) => entry.set_number !== set_number), set].sort(
    (a, b) => a.set_number - b.set_number,
  );
  const sessions = [{ date, sets }, ...exercise.sessions.filter((entry) => entry.date !== date)].sort(
    (a, b) => b.date.localeCompare(a.date),
  );
  return {
    exercises: [
      { ...exercise, sessions },
      ...history.exercises.filter((entry) => entry.exercise_id !== exercise_id),
    ],
  };
}

export function useLogWorkoutSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkoutSet,
    // Offline the set is queued, not paused: it shows as logged and the rest timer starts.
    networkMode: "always",
    onSuccess: (outcome, logged) => {
      if (outcome.status === "sent") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.workoutHistory() });
        return;
      }
      const history = queryClient.getQueryData<WorkoutHistoryResponse>(queryKeys.workoutHistory()) ??
        readCachedWorkoutHistory() ?? { exercises: [] };
      const next = withSet(history, logged);
      cacheWorkoutHistory(next);
      queryClient.setQueryData(queryKeys.workoutHistory(), next);
    },
  });
}
