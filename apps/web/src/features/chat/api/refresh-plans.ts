import type { QueryClient } from "@tanstack/react-query";
import { fromWireWorkoutItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { DAY_COLUMNS, type WorkoutItemWire } from "@fitwise/contracts/plans";
import { callFunction } from "../../../lib/call-function";
import { writeCache } from "../../../lib/local-cache";
import { queryKeys } from "../../../lib/query-keys";
import { wrapWarmupCooldown } from "./workout-wrap";

const PLAN_TAB_KEYS: Partial<Record<number, "Day1" | "Day2" | "Day3">> = { 1: "Day1", 2: "Day2", 3: "Day3" };

/** active_day: the day's stored plan (diet_one … diet_seven) is replaced by the server's new one. */
export async function refreshMealDay(queryClient: QueryClient, day: number): Promise<void> {
  try {
    const items = await callFunction("openai_get_meal_plan", { currentDay: day });
    const column = DAY_COLUMNS[day - 1];
    if (column) writeCache(column, items);
    const tab = PLAN_TAB_KEYS[day];
    if (tab) writeCache(tab, items);
  } catch {
    // The diet screen fetches the day itself when it opens; the cache is only a head start.
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profile() }),
  ]);
}

/** updated_plan: the stored week is replaced, with warmup and cooldown round each training day (docs/product.md §5). */
export async function replaceWorkoutPlan(
  queryClient: QueryClient,
  plan: readonly WorkoutItemWire[],
): Promise<void> {
  const wrapped = wrapWarmupCooldown(plan.map(fromWireWorkoutItem), () => crypto.randomUUID());
  writeCache("userWorkoutData", wrapped.map(toWireWorkoutItem));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.workoutPlan() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profile() }),
  ]);
}
