import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WorkoutItem } from "@fitwise/contracts/plans";
import { SaveWorkoutResponseSchema } from "@fitwise/contracts/saved";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `write_user_data` { write_table: "saved_workouts", workout_plan }: saves the week; answers its share id. */
export function saveWorkout(items: readonly WorkoutItem[]): Promise<{ workout_id: string }> {
  return callFunction(
    "write_user_data",
    { write_table: "saved_workouts", workout_plan: [...items] },
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
