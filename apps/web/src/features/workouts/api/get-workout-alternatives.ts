import { useMutation } from "@tanstack/react-query";
import { fromWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import type { WorkoutAlternativesRequest } from "@fitwise/contracts/plans";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { callFunction } from "../../../lib/call-function";

/**
 * `workout_alternatives`: up to three exercises that could take this one's place (same body part,
 * equipment class and pattern where the library allows), best first. Looking costs no free replacement.
 */
export async function fetchWorkoutAlternatives(item: WorkoutItem): Promise<WorkoutItem[]> {
  const request: WorkoutAlternativesRequest = { workoutToReplace: { id: item.id } };
  const response = await callFunction("workout_alternatives", request);
  return response.alternatives.map(fromWireWorkoutItem);
}

/** Looked up when the user asks for the choices of one exercise. */
export function useWorkoutAlternatives() {
  return useMutation({ mutationFn: fetchWorkoutAlternatives });
}
