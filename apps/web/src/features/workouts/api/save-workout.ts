import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { SaveWorkoutResponseSchema } from "@fitwise/contracts/saved";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `write_user_data` { write_table: "saved_workouts", workout_plan }: saves the week (the server copies its own plan by the item ids); answers its share id. */
export function saveWorkout(items: readonly WorkoutItem[]): Promise<{ workout_id: string }> {
  return callFunction(
    "write_user_data",
    { write_table: "saved_workouts", workout_plan: items.map(({ id }) => ({ id })) },
    { schema: SaveWorkoutResponseSchema },
  );
}

export function useSaveWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkout,
    // The saved-plans screen lists the new record next time it is opened.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.savedList("saved_workouts") }),
  });
}
