import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fromWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { WorkoutItemWireSchema, type PlanChange } from "@fitwise/contracts/plans";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { callFunction } from "../../../lib/call-function";
import { parseJsonTextResponse } from "../../../lib/json-text-response";
import { queryKeys } from "../../../lib/query-keys";
import { cacheWorkoutPlan } from "./get-workout-plan";

export interface WorkoutReplacement {
  oldItem: WorkoutItem;
  newItem: WorkoutItem;
  freeReplacementsUsed: number;
  freeReplacementsLimit: number;
  /** The recorded change, for Undo (decision 069); null from a server that does not send it. */
  change: PlanChange | null;
}

/**
 * `replace_workout_item`: swaps one exercise for another of the same body part and equipment; the
 * best alternative, or `chosen` (the name of one of the alternatives offered).
 */
export async function replaceWorkoutItem(item: WorkoutItem, chosen?: string): Promise<WorkoutReplacement> {
  const response = await callFunction("replace_workout_item", {
    workoutToReplace: { id: item.id },
    ...(chosen === undefined ? {} : { chosenWorkout: chosen }),
  });
  const newItem = fromWireWorkoutItem(
    parseJsonTextResponse(response.replacementWorkout, WorkoutItemWireSchema),
  );
  return {
    oldItem: item,
    newItem,
    freeReplacementsUsed: response.freeReplacementsUsed,
    freeReplacementsLimit: response.freeReplacementsLimit,
    change: response.change ?? null,
  };
}

export function useReplaceWorkoutItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, chosen }: { item: WorkoutItem; chosen?: string }) =>
      replaceWorkoutItem(item, chosen),
    onSuccess: ({ oldItem, newItem }) => {
      const plan = queryClient.setQueryData<WorkoutItem[]>(queryKeys.workoutPlan(), (current) =>
        current?.map((candidate) => (candidate.id === oldItem.id ? newItem : candidate)),
      );
      if (plan) cacheWorkoutPlan(plan);
    },
  });
}
