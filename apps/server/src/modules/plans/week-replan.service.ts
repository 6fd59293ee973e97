import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { dayKeepsHardRules } from "@fitwise/engine/nutrition/meal-plan-rules";
import { planNumberForDay, type DayIndex } from "@fitwise/engine/trainer/trainer-state";
import type { Database } from "../../db/database";
import type { MyUser } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { findProfile } from "../profile/profile.repository";
import { inputsHash } from "./plan-seeds";
import { findWorkoutPlan, listMealPlans, type MealPlanRow } from "./plans.repository";
import { getMealPlan, getWorkoutPlan, mealInputs, workoutInputs, type PlansDeps } from "./plans.service";

// Plans left stale by a change, re-planned by the replan-week job, and the reads that must not show one that breaks
// a rule before the job ran (docs/decisions/070).

/** The day's planning inputs as the profile is now, or undefined when the profile cannot be planned from. */
function currentMealInputs(profile: MyUser | undefined, dayIndex: number) {
  try {
    return mealInputs(profile, {}, dayIndex);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

function mealDayIsStale(profile: MyUser | undefined, row: MealPlanRow): boolean {
  const inputs = currentMealInputs(profile, row.day_index);
  if (inputs === undefined) return false;
  return (
    inputsHash({ ...inputs, planNumber: planNumberForDay(row.day_index as DayIndex) }) !== row.inputs_hash
  );
}

/**
 * Whether a stored day was planned from other inputs and breaks a rule of the profile as it is now: a food the person
 * has since said to avoid, or one outside a new diet type. Energy is left out on purpose: a day planned to the old
 * target is stale, not unsafe, and may be shown until it is re-planned.
 */
export function dayBreaksNewRules(profile: MyUser | undefined, row: MealPlanRow): boolean {
  const inputs = currentMealInputs(profile, row.day_index);
  if (inputs === undefined || !mealDayIsStale(profile, row)) return false;
  const dayKcal = row.items.reduce((sum, item) => sum + item.energyKcal, 0);
  return !dayKeepsHardRules(row.items, { ...inputs, targetKcal: dayKcal }, FOOD_CATALOGUE);
}

/** Whether any stored plan of the user was made from inputs other than the profile's now. */
export async function hasStalePlans(db: Database, userId: string): Promise<boolean> {
  const [profile, days, week] = await Promise.all([
    findProfile(db, userId),
    listMealPlans(db, userId),
    findWorkoutPlan(db, userId),
  ]);
  if (days.some((row) => mealDayIsStale(profile, row))) return true;
  if (week === undefined) return false;
  try {
    return inputsHash(workoutInputs(profile, {})) !== week.inputs_hash;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/**
 * The replan-week job: each stored meal day and the workout week is read as the plan screens read it, so one whose
 * inputs changed (a goal, an accepted target, a chat change that re-planned only the day in view) is re-planned now
 * instead of when it is next opened. A day already current is only read, so running the job twice, or after a read
 * re-planned the day, changes nothing. The free tier's rules are the read's: days it may not open are skipped, and a
 * day that keeps the hard rules is kept (decision 055).
 */
export async function replanStaleWeek(deps: PlansDeps, userId: string): Promise<void> {
  if (!(await hasStalePlans(deps.db, userId))) return;
  for (const day of await listMealPlans(deps.db, userId)) {
    if (
      !(await readOrSkip(() => getMealPlan(deps, userId, { currentDay: day.day_index, buttonPress: false })))
    )
      return;
  }
  if ((await findWorkoutPlan(deps.db, userId)) !== undefined)
    await readOrSkip(() => getWorkoutPlan(deps, userId, { buttonPress: false }));
}

/**
 * A refusal that a retry cannot change ends the work quietly: a Pro-only day (403), a profile without body data
 * (409, nothing can be planned: false stops the job), no plan that fits (422: the day's read shows the same error).
 * A busy or over-limit pool (429, 503) and anything else is thrown, so the queue retries the job.
 */
async function readOrSkip(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode === 429 || error.statusCode >= 500) throw error;
    return error.statusCode !== 409;
  }
}
