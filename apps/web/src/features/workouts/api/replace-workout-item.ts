import { useMutation, useQueryClient } from "@tanstack/react-query";
import { WorkoutItemSchema } from "@fitwise/contracts/plans";
import type { WorkoutItem } from "@fitwise/contracts/plans";
import { callFunction } from "../../../lib/call-function";
import { parseJsonTextResponse } from "../../../lib/json-text-response";
import { queryKeys } from "../../../lib/query-keys";
import { cacheWorkoutPlan } from "./get-workout-plan";

export interface WorkoutReplacement {
  oldItem: WorkoutItem;
  newItem: WorkoutItem;
  freeReplacementsUsed: number;
  freeReplacementsLimit: number;
}

/**
 * `replace_workout_item`: swaps one exercise for another of the same body part and equipment; the
 * best alternative, or `chosen` (the name of one of the alternatives offered).
 */
export async function replaceWorkoutItem(
  item: WorkoutItem,
  plan: readonly WorkoutItem[],
  chosen?: string,
): Promise<WorkoutReplacement> {
  const response = await callFunction("replace_workout_item", {
    workoutToReplace: item,
    current_workout_data: plan,
    ...(chosen === undefined ? {} : { chosenWorkout: chosen }),
  });
  const newItem = parseJsonTextResponse(response.replacementWorkout, WorkoutItemSchema);
  return {
    oldItem: item,
    newItem,
    freeReplacementsUsed: response.freeReplacementsUsed,
    freeReplacementsLimit: response.freeReplacementsLimit,
  };
}

export function useReplaceWorkoutItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      item,
      plan,
      chosen,
    }: {
      item: WorkoutItem;
      plan: readonly WorkoutItem[];
      chosen?: string;
    }) => replaceWorkoutItem(item, plan, chosen),
    onSuccess: ({ oldItem, newItem }) => {
      const plan = queryClient.setQueryData<WorkoutItem[]>(queryKeys.workoutPlan(), (current) =>
        current?.map((candidate) => (candidate.id === oldItem.id ? newItem : candidate)),
      );
      if (plan) cacheWorkoutPlan(plan);
    },
  });
}
