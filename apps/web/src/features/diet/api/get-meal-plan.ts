import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fromWireMealItem } from "@fitwise/contracts/plan-items.mapper";
import { CuisineSchema, ProteinSourcesSchema } from "@fitwise/contracts/profile";
import {
  MEAL_PLAN_DAY_HEADER,
  MealPlanDaySchema,
  PLAN_CHANGE_HEADER,
  type GetMealPlanRequest,
  type MealPlanDay,
  type PlanChange,
} from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { callFunction } from "../../../lib/call-function";
import { readCache } from "../../../lib/local-cache";
import { readPlanChange } from "../../../lib/undo-plan-change";
import { queryKeys } from "../../../lib/query-keys";
import { cachePlan, readCachedPlan } from "./meal-plan-cache";
import type { PlanDay } from "./meal-plan-cache";

/** The docs/product.md §8 payload; the server plans from the stored profile and uses these only to fill gaps. */
function payload(day: PlanDay, buttonPress: boolean): GetMealPlanRequest {
  return {
    currentDay: day,
    buttonPress,
    user_fitness_goal: readCache("user_fitness_goal"),
    user_goal_tdee: readCache("user_goal_tdee"),
    user_tdee: readCache("user_tdee"),
    user_allergies: readCache("user_allergies"),
    // A cached value the server would refuse is left out rather than failing the whole request.
    user_food_preference: CuisineSchema.safeParse(readCache("user_food_preference")).data,
    user_diet_preference: readCache("user_diet_preference"),
    user_preferred_protein_sources: ProteinSourcesSchema.safeParse(
      readCache("user_preferred_protein_sources"),
    ).data,
    user_fav_food: readCache("user_fav_food"),
  };
}

/** The meal-plan-day header, or null from a server that does not send it (or sent something unreadable). */
export function readMealPlanDay(header: string | null): MealPlanDay | null {
  if (header === null) return null;
  try {
    return MealPlanDaySchema.safeParse(JSON.parse(header)).data ?? null;
  } catch {
    return null;
  }
}

/** `openai_get_meal_plan`: the stored plan of the day, or a new one (buttonPress true plans it afresh, Pro only). */
export async function fetchMealPlan(
  day: PlanDay,
  buttonPress = false,
): Promise<{ items: MealItem[]; day: MealPlanDay | null; change: PlanChange | null }> {
  let header: string | null = null;
  let changeHeader: string | null = null;
  const wire = await callFunction("openai_get_meal_plan", payload(day, buttonPress), {
    readHeaders: (headers) => {
      header = headers.get(MEAL_PLAN_DAY_HEADER);
      changeHeader = headers.get(PLAN_CHANGE_HEADER);
    },
  });
  const items = wire.map(fromWireMealItem);
  cachePlan(day, items);
  // A reset's change, for Undo (decision 069).
  return { items, day: readMealPlanDay(header), change: readPlanChange(changeHeader) };
}

/**
 * The day's plan. The locally cached copy shows at once while the server, which is the authority
 * (and generates a plan when it has none), answers; `enabled` is false for days the user may not open.
 * The answer's header (notes, training or rest day) is kept beside it under queryKeys.mealPlanDay.
 */
export function useMealPlan(day: PlanDay, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.mealPlan(day),
    queryFn: async () => {
      const fetched = await fetchMealPlan(day);
      queryClient.setQueryData(queryKeys.mealPlanDay(day), fetched.day);
      return fetched.items;
    },
    enabled,
    placeholderData: () => readCachedPlan(day),
    staleTime: 0,
  });
}

/** What the last answer for the day said beside its items; null until one came (or from an older server). */
export function useMealPlanDay(day: PlanDay): MealPlanDay | null {
  return (
    useQuery<MealPlanDay | null>({ queryKey: queryKeys.mealPlanDay(day), queryFn: skipToken }).data ?? null
  );
}

/** Reset Day N: a new plan for the day (Pro; the server answers 403 pro_required otherwise). */
export function useResetMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: PlanDay) => fetchMealPlan(day, true),
    onSuccess: (fetched, day) => {
      queryClient.setQueryData(queryKeys.mealPlan(day), fetched.items);
      queryClient.setQueryData(queryKeys.mealPlanDay(day), fetched.day);
    },
  });
}
