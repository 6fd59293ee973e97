import { useQuery } from "@tanstack/react-query";
import {
  withMealItems,
  withWorkoutItems,
  type WithMealItems,
  type WithWorkoutItems,
} from "@fitwise/contracts/plan-items.mapper";
import {
  GetSavedDataRequestSchema,
  PublicSavedDietSchema,
  PublicSavedWorkoutSchema,
} from "@fitwise/contracts/saved";
import type { PublicSavedDiet, PublicSavedWorkout } from "@fitwise/contracts/saved";
import { ApiError } from "../../../lib/api-client";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

export type PublicDiet = WithMealItems<PublicSavedDiet>;
export type PublicWorkout = WithWorkoutItems<PublicSavedWorkout>;

const notFound = () => new ApiError(404, "saved_plan_not_found", "This plan doesn't exist.");

/** `get_saved_data` needs no sign-in (docs/product.md §5): the unguessable id in the link is the credential. */
export async function getPublicDiet(dietId: string): Promise<PublicDiet> {
  const payload = GetSavedDataRequestSchema.safeParse({ table: "saved_diets", diet_id: dietId });
  // An id no saved plan could have (e.g. far too long) is simply not found; no need to ask.
  if (!payload.success) throw notFound();
  return withMealItems(await callFunction("get_saved_data", payload.data, { schema: PublicSavedDietSchema }));
}

export async function getPublicWorkout(workoutId: string): Promise<PublicWorkout> {
  const payload = GetSavedDataRequestSchema.safeParse({ table: "saved_workouts", workout_id: workoutId });
  if (!payload.success) throw notFound();
  return withWorkoutItems(
    await callFunction("get_saved_data", payload.data, { schema: PublicSavedWorkoutSchema }),
  );
}

/** Unknown, malformed and deleted ids all answer 404. */
export function isPlanNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function usePublicDiet(dietId: string) {
  return useQuery({ queryKey: queryKeys.publicDiet(dietId), queryFn: () => getPublicDiet(dietId) });
}

export function usePublicWorkout(workoutId: string) {
  return useQuery({
    queryKey: queryKeys.publicWorkout(workoutId),
    queryFn: () => getPublicWorkout(workoutId),
  });
}
