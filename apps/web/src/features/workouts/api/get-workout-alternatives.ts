import { useMutation } from "@tanstack/react-query";
import type { WorkoutAlternativesRequest, WorkoutItem } from "@fitwise/contracts/plans";
import { callFunction } from "../../../lib/call-function";

/**
 * `workout_alternatives`: up to three exercises that could take this one's place (same body part,
 * equipment class and pattern where the library allows), best first. Looking costs no free replacement.
 */
export async function fetchWorkoutAlternatives(item: WorkoutItem): Promise<WorkoutItem[]> {
  const request: WorkoutAlternativesRequest = { workoutToReplace: { id: item.id } };
  const response = await callFunction("workout_alternatives", request);
  return response.alternatives;
}

/** Looked up when the user asks for the choices of one exercise. */
export function useWorkoutAlternatives() {
  return useMutation({ mutationFn: fetchWorkoutAlternatives });
}
