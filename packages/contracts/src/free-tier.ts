import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import type { Weekday, WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { firstWorkoutDay } from "@fitwise/engine/workouts/rest-days";

/*
 * What a free user may do (docs/product.md §5), in one place. The server enforces these rules (plans
 * and chat); the browser asks the same functions only to show locks before a request is sent.
 */

/** docs/product.md §5: three free replacements in total, meal and workout items together. */
export const FREE_REPLACEMENTS_LIMIT = 3;

/** docs/product.md §5: Plan 1 only; Plans 2 and 3 (and the days that reuse them) are Pro. */
const FREE_PLAN_DAYS = 1;

/** docs/product.md §5: Breakfast only; Lunch, Snacks and Dinner are locked. */
export const FREE_MEALS: readonly MealSlot[] = ["Breakfast"];

/** Whether the user may open or change the meal plan of this day (1–7; days past 3 reuse Plans 1–3). */
export function mayUsePlanDay(isPro: boolean, dayIndex: number): boolean {
  return isPro || dayIndex <= FREE_PLAN_DAYS;
}

/** Whether the user may open a meal group and replace its items. */
export function mayUseMeal(isPro: boolean, meal: MealSlot): boolean {
  return isPro || FREE_MEALS.includes(meal);
}

/**
 * Whether the user may use (open, change) a training day: a free user the first one of the week only.
 * Showing a rest day locks nothing, which the screen decides; changing one is no use to anybody.
 */
export function mayUseWorkoutDay(isPro: boolean, day: Weekday, plan: readonly WorkoutItem[]): boolean {
  return isPro || day === firstWorkoutDay(plan);
}

/**
 * What of a day's meal plan the user is sent (docs/product.md §5): a free user gets the meals they may open,
 * never the locked ones' names or figures, which the screen shows as locked groups (docs/decisions/055).
 */
export function visibleMealItems<Item extends Pick<MealItem, "slot">>(
  isPro: boolean,
  items: readonly Item[],
): Item[] {
  return items.filter((item) => mayUseMeal(isPro, item.slot));
}

/**
 * What of the week's workout plan the user is sent: a free user gets the first training day in full and, of every
 * other training day, only its Warmup and Cooldown — the frame that tells the screen it is a locked training day
 * rather than a rest day, and nothing of the exercises (docs/decisions/055). Rest days are sent as they are.
 */
export function visibleWorkoutItems(isPro: boolean, items: readonly WorkoutItem[]): WorkoutItem[] {
  if (isPro) return [...items];
  const first = firstWorkoutDay(items);
  return items.filter((item) => item.kind !== "exercise" || item.day === first);
}

/**
 * The shopping list holds what the user may see (docs/decisions/050): a free user lists Plan 1 (on any days of the
 * week they choose) and its Breakfast only; Pro lists every plan and meal.
 */
export function mayListGroceries(isPro: boolean, plan: number, meal: MealSlot): boolean {
  return mayUsePlanDay(isPro, plan) && mayUseMeal(isPro, meal);
}

/** Resets (a new meal plan for a day, a new workout week) are Pro only. */
export function mayReset(isPro: boolean): boolean {
  return isPro;
}

/** The adaptive calorie target is Pro; logging stays free (docs/decisions/021-free-pro-split-for-progress.md). */
export function mayUseAdaptiveTarget(isPro: boolean): boolean {
  return isPro;
}

/** Replacements still free to use; without limit for Pro. */
export function freeReplacementsLeft(isPro: boolean, used: number): number {
  return isPro ? Number.POSITIVE_INFINITY : Math.max(0, FREE_REPLACEMENTS_LIMIT - used);
}

/** Whether `count` more replacements fit in what is left. */
export function mayReplace(isPro: boolean, used: number, count = 1): boolean {
  return count <= freeReplacementsLeft(isPro, used);
}

/** Only a free user's replacements are counted (and stored) against the limit. */
export function countsTowardFreeLimit(isPro: boolean): boolean {
  return !isPro;
}
