import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { fromWireWorkoutItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { PLAN_CHANGE_HEADER, WorkoutItemWireSchema, type PlanChange } from "@fitwise/contracts/plans";
import type { GetWorkoutPlanRequest } from "@fitwise/contracts/plans";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { WorkoutDaysSchema } from "@fitwise/contracts/profile";
import { callFunction } from "../../../lib/call-function";
import { readCache, writeCache } from "../../../lib/local-cache";
import { readPlanChange } from "../../../lib/undo-plan-change";
import { queryKeys } from "../../../lib/query-keys";

/** docs/product.md §7 userWorkoutData: the week kept in localStorage (in the API's item shape), if it still has that shape. */
export function readCachedWorkoutPlan(): WorkoutItem[] | undefined {
  const parsed = z.array(WorkoutItemWireSchema).safeParse(readCache("userWorkoutData"));
  return parsed.success && parsed.data.length > 0 ? parsed.data.map(fromWireWorkoutItem) : undefined;
}

export function cacheWorkoutPlan(items: readonly WorkoutItem[]): void {
  writeCache("userWorkoutData", items.map(toWireWorkoutItem));
}

/** The docs/product.md §8 payload; the server plans from the stored profile and uses these only to fill gaps. */
function payload(buttonPress: boolean): GetWorkoutPlanRequest {
  return {
    buttonPress,
    userGoal: readCache("user_fitness_goal"),
    // A cached value the server would refuse is left out rather than failing the whole request.
    user_preferred_workout_days: WorkoutDaysSchema.safeParse(readCache("user_preferred_workout_days")).data,
    user_experience_level: readCache("user_experience_level"),
    user_workout_type: readCache("user_workout_type"),
  };
}

/**
 * `openai_get_workout_plan`: the stored week, or a new one (buttonPress true plans it afresh, Pro only), with a
 * reset's recorded change for Undo (decision 069).
 */
export async function fetchWorkoutWeek(
  buttonPress = false,
): Promise<{ items: WorkoutItem[]; change: PlanChange | null }> {
  let changeHeader: string | null = null;
  const wire = await callFunction("openai_get_workout_plan", payload(buttonPress), {
    readHeaders: (headers) => {
      changeHeader = headers.get(PLAN_CHANGE_HEADER);
    },
  });
  const items = wire.map(fromWireWorkoutItem);
  cacheWorkoutPlan(items);
  return { items, change: readPlanChange(changeHeader) };
}

export async function fetchWorkoutPlan(): Promise<WorkoutItem[]> {
  return (await fetchWorkoutWeek()).items;
}

/** The week's plan: the cached copy shows at once while the server, the authority, answers (generating one if none). */
export function useWorkoutPlan(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.workoutPlan(),
    queryFn: () => fetchWorkoutPlan(),
    enabled,
    placeholderData: readCachedWorkoutPlan,
    staleTime: 0,
  });
}

/** Reset my workout plan (Pro; the server answers 403 pro_required otherwise). */
export function useResetWorkoutPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchWorkoutWeek(true),
    onSuccess: ({ items }) => queryClient.setQueryData(queryKeys.workoutPlan(), items),
  });
}
