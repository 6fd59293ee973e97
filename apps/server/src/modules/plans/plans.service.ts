import {
  DAY_COLUMNS,
  PLAN_ERROR_CODES,
  REPLACEMENT_LIMIT_MESSAGE,
  type GetMealPlanRequest,
  type GetWorkoutPlanRequest,
  type MealPlanDay,
  type PlanChange,
  type ListDietReplacementsRequest,
  type ReplaceDietItemRequest,
  type ReplaceWorkoutItemRequest,
  type WorkoutAlternativesRequest,
} from "@fitwise/contracts/plans";
import {
  FREE_REPLACEMENTS_LIMIT,
  countsTowardFreeLimit,
  mayReplace,
  mayReset,
  mayUseMeal,
  mayUsePlanDay,
  mayUseWorkoutDay,
  visibleMealItems,
  visibleWorkoutItems,
} from "@fitwise/contracts/free-tier";
import { PLANNING_FLOOR_KCAL } from "@fitwise/engine/nutrition/energy";
import { dayKindOf, mealDayTarget, weekdayOfMealDay } from "@fitwise/engine/nutrition/training-day-food";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { dayKeepsHardRules } from "@fitwise/engine/nutrition/meal-plan-rules";
import type { Cuisine, DietType, ProteinSource } from "@fitwise/engine/nutrition/food.types";
import type { MealItem, MealPlanRequest } from "@fitwise/engine/nutrition/meal-planner";
import type { ReplacementInput } from "@fitwise/engine/nutrition/meal-replacement";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import type {
  ExperienceLevel,
  Weekday,
  WorkoutItem,
  WorkoutType,
} from "@fitwise/engine/workouts/exercise.types";
import { exerciseIdOf } from "@fitwise/engine/workouts/exercise-library";
import type { WorkoutPlanRequest } from "@fitwise/engine/workouts/workout-planner";
import type { WorkoutReplacementRequest } from "@fitwise/engine/workouts/workout-replacement";
import type { Database } from "../../db/database";
import type { MyUser, PlansBefore } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { HttpError } from "../../http/errors";
import { avoidanceText, energyTargetsOf, unrecognisedAvoidances } from "../profile/profile.service";
import { findProfile, readFreeReplacements } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import { changeLines, recordPlanChange, storedMealDay, storedWorkoutWeek } from "./plan-changes";
import type { PlanJob, PlanJobOutcome } from "./plan-jobs";
import { PlanningBusyError, PlanningLimitError, type PlanPool, type PlanRunOptions } from "./plan-pool";
import { derivedSeed, inputsHash } from "./plan-seeds";
import {
  findMealPlan,
  findWorkoutPlan,
  saveMealPlan,
  saveWorkoutPlan,
  lockPlanRows,
  takeFreeReplacement,
  updateMealPlanItems,
  updateWorkoutPlanItems,
} from "./plans.repository";

export interface PlansDeps {
  db: Database;
  pool: PlanPool;
  now: () => Date;
}

/** docs/product.md §3 "/diet": three plan tabs. Days 4–7 reuse the plan types with their own seeds. */
const PLAN_TYPES = 3;

export function proRequired(message: string): HttpError {
  return new HttpError(403, PLAN_ERROR_CODES.proRequired, message);
}

function replacementLimitReached(): HttpError {
  return new HttpError(403, PLAN_ERROR_CODES.replacementLimit, REPLACEMENT_LIMIT_MESSAGE);
}

function profileIncomplete(missing: readonly string[]): HttpError {
  return new HttpError(
    409,
    PLAN_ERROR_CODES.profileIncomplete,
    `Your profile is missing ${missing.join(", ")}. Complete the calorie calculator first.`,
  );
}

/** A 429 for one user's excess solves, with the seconds until they may ask again (Retry-After). */
export class PlanningLimitHttpError extends HttpError {
  readonly retryAfterS: number;

  constructor(message: string, retryAfterS: number) {
    super(429, "planning_rate_limited", message);
    this.retryAfterS = retryAfterS;
  }
}

async function runJob<J extends PlanJob>(
  pool: PlanPool,
  userId: string,
  job: J,
  options: PlanRunOptions = {},
): Promise<PlanJobOutcome<J>> {
  try {
    return await pool.run(job, userId, options);
  } catch (error) {
    if (error instanceof PlanningBusyError) {
      throw new HttpError(503, PLAN_ERROR_CODES.planningBusy, "Planning is busy, please retry");
    }
    if (error instanceof PlanningLimitError)
      throw new PlanningLimitHttpError(error.message, error.retryAfterS);
    throw error;
  }
}

/** The engine's own time limit is transient (machine load), so it is answered like a busy pool. */
const ENGINE_TIMEOUT_CODES = new Set(["PLAN_TIMEOUT"]);

function engineFailure(error: { code: string; message: string }): HttpError {
  if (ENGINE_TIMEOUT_CODES.has(error.code))
    return new HttpError(503, PLAN_ERROR_CODES.planningBusy, error.message);
  return new HttpError(422, error.code, error.message);
}

function present<T>(...values: Array<T | null | undefined>): T | undefined {
  return values.find((value): value is T => value !== null && value !== undefined);
}

function nonEmptyList<T>(...lists: Array<readonly T[] | null | undefined>): readonly T[] | undefined {
  return lists.find((list): list is readonly T[] => Array.isArray(list) && list.length > 0);
}

type MealInputs = Omit<MealPlanRequest, "planNumber" | "seed">;

/**
 * The planning request from the stored profile, which is the source of truth; the request body
 * only fills fields the profile lacks. Avoided foods count as allergies: both are hard limits.
 * With a day index, the target is that day's (food on training days moves energy between the days of the
 * week, docs/decisions/066); without one, or with the setting off, it is the profile's one daily target.
 */
export function mealInputs(
  profile: MyUser | undefined,
  payload: Partial<GetMealPlanRequest>,
  dayIndex?: number,
): MealInputs {
  const gender = profile?.user_gender ?? undefined;
  const weightKg = profile?.user_weight_in_kgs ?? undefined;
  const goal =
    present<FitnessGoal>(profile?.user_fitness_goal, payload.user_fitness_goal) ?? PLANNING_DEFAULTS.goal;
  const energy = profile ? energyTargetsOf({ ...profile, user_fitness_goal: goal }) : undefined;
  const goalKcal = energy?.goalTdeeKcal ?? present(profile?.user_goal_tdee, payload.user_goal_tdee);
  const missing = [
    ...(weightKg === undefined ? ["your weight"] : []),
    ...(gender === null || gender === undefined ? ["your gender"] : []),
    ...(goalKcal === undefined ? ["your calorie target"] : []),
  ];
  if (weightKg === undefined || !gender || goalKcal === undefined) throw profileIncomplete(missing);
  const avoidances = avoidanceText(
    present(profile?.user_allergies, payload.user_allergies),
    profile?.user_avoid_food,
  );
  const heightCm = profile?.user_height_in_cm ?? undefined;
  // Protein per kg uses the adjusted body weight from a BMI of 30 (meal-targets); below it the height changes nothing,
  // so it is passed only then and other profiles keep the inputs (and stored plans) they had.
  const obese = heightCm !== undefined && heightCm > 0 && weightKg / (heightCm / 100) ** 2 >= 30;
  // docs/product.md §6.1: the energy module's planning target (the floor, and a loss plan never above the need); a
  // target sent by a profile without body data is only raised to the floor for the user's gender.
  const baseKcal = energy?.planningKcal ?? Math.max(goalKcal, PLANNING_FLOOR_KCAL[gender]);
  const targetKcal =
    dayIndex === undefined
      ? baseKcal
      : mealDay(profile, { targetKcal: baseKcal, weightKg, goal, gender, heightCm }, dayIndex).targetKcal;
  return {
    targetKcal,
    weightKg,
    ...(obese ? { heightCm } : {}),
    gender,
    goal,
    dietType:
      present<DietType>(profile?.user_diet_preference, payload.user_diet_preference) ??
      PLANNING_DEFAULTS.dietType,
    cuisine:
      present<Cuisine>(profile?.user_food_preference, payload.user_food_preference) ??
      PLANNING_DEFAULTS.cuisine,
    proteinSources:
      nonEmptyList<ProteinSource>(
        profile?.user_preferred_protein_sources,
        payload.user_preferred_protein_sources,
      ) ?? [],
    favouriteFoodsText: present(profile?.user_fav_food, payload.user_fav_food) ?? "",
    allergiesText: avoidances,
  };
}

/** The day's kind and target: the training or rest day's with food on training days on, else the base. */
function mealDay(
  profile: MyUser | undefined,
  base: Pick<MealInputs, "targetKcal" | "weightKg" | "goal" | "gender" | "heightCm">,
  dayIndex: number,
) {
  return mealDayTarget(base, {
    enabled: profile?.user_training_day_food === true,
    workoutDays: profile?.user_preferred_workout_days ?? [],
    dayIndex,
  });
}

function planNumberOf(dayIndex: number): 1 | 2 | 3 {
  return (((dayIndex - 1) % PLAN_TYPES) + 1) as 1 | 2 | 3;
}

/** How many seeds a reset tries before it settles for a plan that repeats a meal. */
const RESET_ATTEMPTS = 5;

/** Meals (Breakfast, Lunch, ...) whose dishes are exactly the same in both plans. */
function mealsKeptFrom(before: readonly MealItem[], after: readonly MealItem[]): number {
  const dishes = (items: readonly MealItem[], meal: string) =>
    items
      .filter((item) => item.slot === meal)
      .map((item) => item.foodId)
      .sort()
      .join(",");
  const meals = new Set(after.map((item) => item.slot));
  return [...meals].filter((meal) => dishes(before, meal) === dishes(after, meal)).length;
}

/** A replacement applied: the new item, and the free replacements used (counted for free users only). */
export interface Replaced<Item> {
  item: Item;
  freeReplacementsUsed: number;
  freeReplacementsLimit: number;
  /** The change recorded for Undo (decision 069). */
  change: PlanChange;
}

export interface MealPlanAnswer {
  items: MealItem[];
  /** What /diet shows beside the items (the route sends it in a header): notes, the day's kind and target. */
  day: MealPlanDay;
  /** Words of the allergy fields the plan could not leave out; the route sends them in a header. */
  unrecognisedAvoidances: string[];
  /** A reset's recorded change, for Undo (decision 069); the route sends it in a header. */
  change?: PlanChange;
}

/** openai_get_meal_plan: the stored plan of the day, or a new one when there is none, it is stale, or on reset. */
export async function getMealPlan(
  deps: PlansDeps,
  userId: string,
  input: GetMealPlanRequest,
): Promise<MealPlanAnswer> {
  const { db, pool } = deps;
  const dayIndex = input.currentDay;
  const { isPro } = await getProStatus(db, userId, deps.now());
  if (!mayUsePlanDay(isPro, dayIndex))
    throw proRequired("Plans 2 and 3 are part of Pro. Upgrade to unlock them.");
  if (!mayReset(isPro) && input.buttonPress)
    throw proRequired("Resetting a meal plan is part of Pro. Upgrade to reset it.");

  const profile = await findProfile(db, userId);
  const inputs = mealInputs(profile, input, dayIndex);
  const weekday = weekdayOfMealDay(dayIndex);
  const dayKind =
    profile?.user_training_day_food === true ? dayKindOf(weekday, profile.user_preferred_workout_days) : null;
  const planNumber = planNumberOf(dayIndex);
  const hash = inputsHash({ ...inputs, planNumber });
  const stored = await findMealPlan(db, userId, dayIndex);
  const unrecognised = unrecognisedAvoidances(inputs.allergiesText);
  // A user who may not reset keeps a day whose inputs changed as long as it keeps the rules no plan breaks: otherwise
  // every preference edit would be a free reset. The next reset (Pro) plans with the new preferences (decision 055).
  if (
    stored &&
    !input.buttonPress &&
    (stored.inputs_hash === hash ||
      (!mayReset(isPro) && dayKeepsHardRules(stored.items, inputs, FOOD_CATALOGUE)))
  )
    return {
      items: visibleMealItems(isPro, stored.items),
      day: { notes: stored.notes, dayKind, weekday, targetKcal: stored.target_kcal },
      unrecognisedAvoidances: unrecognised,
    };

  const firstGeneration = stored ? stored.generation + (input.buttonPress ? 1 : 0) : 0;
  const previous = input.buttonPress ? stored?.items : undefined;
  let generation = firstGeneration;
  // A reset the user can't see is no reset: the planner is told the foods it replaces and prefers others.
  let previousFoodIds = previous?.map((item) => item.foodId);
  let seed = derivedSeed("meal-plan", userId, dayIndex, generation);
  let outcome = await runJob(pool, userId, {
    kind: "meal-plan",
    request: { ...inputs, planNumber, seed, previousFoodIds },
  });
  // Where a meal still has nothing new, try the next few generations (bounded, each solve is ~10 ms), each told the
  // foods of the plans turned down as well, so a food planned again costs more each time.
  while (
    previous &&
    outcome.ok &&
    mealsKeptFrom(previous, outcome.plan.items) > 0 &&
    generation < firstGeneration + RESET_ATTEMPTS - 1
  ) {
    generation += 1;
    seed = derivedSeed("meal-plan", userId, dayIndex, generation);
    previousFoodIds = [...(previousFoodIds ?? []), ...outcome.plan.items.map((item) => item.foodId)];
    const next = await runJob(
      pool,
      userId,
      { kind: "meal-plan", request: { ...inputs, planNumber, seed, previousFoodIds } },
      { resume: true },
    );
    if (!next.ok) break;
    outcome = next;
  }
  if (!outcome.ok) throw engineFailure(outcome.error);
  const plan = outcome.plan;
  const save = (trx: Database) =>
    saveMealPlan(trx, {
      userId,
      dayIndex,
      items: plan.items,
      seed,
      generation,
      inputsHash: hash,
      targetKcal: inputs.targetKcal,
      notes: plan.notes,
    });
  // A reset is the person's change and can be undone (decision 069); a day planned on first use or because its
  // inputs moved is not. The day as it was is read under the lock, so the undo puts back exactly what was written over.
  const change = input.buttonPress
    ? await inTransaction(db, async (trx) => {
        await lockPlanRows(trx, userId);
        const was = await findMealPlan(trx, userId, dayIndex);
        await save(trx);
        const before: PlansBefore = {
          meals: [{ day: dayIndex, row: was === undefined ? null : storedMealDay(was) }],
        };
        return recordChange(
          trx,
          userId,
          "reset",
          before,
          changeLines(before, new Map([[dayIndex, plan.items]]), undefined),
          deps.now(),
        );
      })
    : await save(db).then(() => undefined);
  return {
    items: visibleMealItems(isPro, plan.items),
    day: { notes: plan.notes, dayKind, weekday, targetKcal: inputs.targetKcal },
    unrecognisedAvoidances: unrecognised,
    ...(change === undefined ? {} : { change }),
  };
}

/** Records a Replace or reset in the revision history inside its transaction (decision 069). */
async function recordChange(
  trx: Database,
  userId: string,
  source: "replace" | "reset",
  before: PlansBefore,
  lines: string[],
  now: Date,
): Promise<PlanChange> {
  const id = await recordPlanChange(trx, { userId, source, before, profileBefore: {}, lines, now });
  return { change_id: id, lines };
}

/**
 * Counts a free replacement (free tier only), writes the changed plan and records the change for Undo in one
 * transaction, so the plan is stored before the answer and a lost race neither counts, overwrites nor records.
 */
async function commitReplacement(
  deps: PlansDeps,
  userId: string,
  isPro: boolean,
  usedBefore: number,
  write: (trx: Database) => Promise<boolean>,
  change: { before: PlansBefore; lines: string[] },
): Promise<{ used: number; change: PlanChange }> {
  const { db } = deps;
  // The lock order of lockPlanRows: plan rows first, then the counter; a deadlock still met is retried.
  return inTransaction(db, async (trx) => {
    await lockPlanRows(trx, userId);
    let used = usedBefore;
    if (countsTowardFreeLimit(isPro)) {
      const counted = await takeFreeReplacement(trx, userId, FREE_REPLACEMENTS_LIMIT);
      if (counted === undefined) throw replacementLimitReached();
      used = counted;
    }
    if (!(await write(trx))) {
      throw new HttpError(
        409,
        PLAN_ERROR_CODES.planChanged,
        "Your plan changed while we were replacing the item. Please try again.",
      );
    }
    // The write checked the revision the before-row was read at, so that row is exactly what it replaced.
    return {
      used,
      change: await recordChange(trx, userId, "replace", change.before, change.lines, deps.now()),
    };
  });
}

/** The stored day, the item and the engine input a replacement (or a look at its choices) works on. */
async function dietReplacementContext(
  deps: PlansDeps,
  userId: string,
  input: Pick<ReplaceDietItemRequest, "itemToReplace" | "column_name">,
) {
  const { db } = deps;
  const dayIndex = DAY_COLUMNS.indexOf(input.column_name) + 1;
  const { isPro } = await getProStatus(db, userId, deps.now());
  if (!mayUsePlanDay(isPro, dayIndex))
    throw proRequired("Plans 2 and 3 are part of Pro. Upgrade to replace their items.");

  const stored = await findMealPlan(db, userId, dayIndex);
  if (!stored)
    throw new HttpError(404, PLAN_ERROR_CODES.planNotFound, "No meal plan is stored for this day yet.");
  const item = stored.items.find((candidate) => candidate.id === input.itemToReplace.id);
  if (!item) {
    throw new HttpError(
      404,
      PLAN_ERROR_CODES.itemNotFound,
      "That item is no longer in your plan. Reload the plan and try again.",
    );
  }
  if (!mayUseMeal(isPro, item.slot)) {
    throw proRequired("Replacing Lunch, Snacks and Dinner items is part of Pro. Upgrade to unlock them.");
  }
  const inputs = mealInputs(await findProfile(db, userId), {});
  // One seed per stored revision: the choices listed and the one applied are computed alike.
  const seed = derivedSeed("meal-replacement", userId, dayIndex, stored.generation, stored.revision);
  const engineInput: ReplacementInput = {
    plan: stored.items,
    itemId: item.id,
    // The day keeps the target it was planned for; allergies and diet are today's.
    request: {
      ...inputs,
      targetKcal: stored.target_kcal,
      planNumber: planNumberOf(dayIndex),
      seed: stored.seed,
    },
    seed,
    replacedFoodIds: stored.replaced_food_ids,
  };
  return { dayIndex, isPro, stored, item, engineInput };
}

/** `list_diet_replacements`: the alternatives for one item; a look, so nothing is counted or stored. */
export async function listDietReplacements(
  deps: PlansDeps,
  userId: string,
  input: ListDietReplacementsRequest,
): Promise<{ alternatives: MealItem[] }> {
  const { engineInput } = await dietReplacementContext(deps, userId, input);
  const outcome = await runJob(deps.pool, userId, { kind: "meal-replacement-choices", input: engineInput });
  if (!outcome.ok) throw engineFailure(outcome.error);
  return { alternatives: outcome.items };
}

export async function replaceDietItem(
  deps: PlansDeps,
  userId: string,
  input: ReplaceDietItemRequest,
): Promise<Replaced<MealItem>> {
  const { db, pool } = deps;
  const { dayIndex, isPro, stored, item, engineInput } = await dietReplacementContext(deps, userId, input);
  const used = await readFreeReplacements(db, userId);
  if (!mayReplace(isPro, used)) throw replacementLimitReached();

  const outcome = await runJob(pool, userId, {
    kind: "meal-replacement",
    input: {
      ...engineInput,
      ...(input.replacementFoodId === undefined ? {} : { foodId: input.replacementFoodId }),
    },
  });
  if (!outcome.ok) throw engineFailure(outcome.error);
  const items = stored.items.map((candidate) => (candidate.id === item.id ? outcome.item : candidate));
  const replacedFoodIds = [...stored.replaced_food_ids, item.foodId];
  const before: PlansBefore = { meals: [{ day: dayIndex, row: storedMealDay(stored) }] };
  const committed = await commitReplacement(
    deps,
    userId,
    isPro,
    used,
    (trx) =>
      updateMealPlanItems(trx, {
        userId,
        dayIndex,
        expectedRevision: stored.revision,
        items,
        replacedFoodIds,
      }),
    { before, lines: changeLines(before, new Map([[dayIndex, items]]), undefined) },
  );
  return {
    item: outcome.item,
    freeReplacementsUsed: committed.used,
    freeReplacementsLimit: FREE_REPLACEMENTS_LIMIT,
    change: committed.change,
  };
}

type WorkoutInputs = Omit<WorkoutPlanRequest, "seed">;

export function workoutInputs(
  profile: MyUser | undefined,
  payload: Partial<GetWorkoutPlanRequest>,
): WorkoutInputs {
  const days = nonEmptyList<Weekday>(
    profile?.user_preferred_workout_days,
    payload.user_preferred_workout_days,
  );
  if (!days) throw profileIncomplete(["your workout days"]);
  const workoutType =
    present<WorkoutType>(profile?.user_workout_type, payload.user_workout_type) ??
    PLANNING_DEFAULTS.workoutType;
  return {
    goal: present<FitnessGoal>(profile?.user_fitness_goal, payload.userGoal) ?? PLANNING_DEFAULTS.goal,
    level:
      present<ExperienceLevel>(profile?.user_experience_level, payload.user_experience_level) ??
      PLANNING_DEFAULTS.level,
    days,
    workoutType,
    // Only a home plan depends on the declaration (a gym has everything); null: the default set.
    equipment:
      workoutType === "Home Workout"
        ? (present<readonly string[]>(profile?.user_equipment, payload.user_equipment) ?? null)
        : null,
    ageYears: profile?.user_age ?? null,
    // Only when there are any, so plans made before pain notes existed keep their fingerprint.
    ...((profile?.user_injuries.length ?? 0) > 0 ? { avoidJoints: profile?.user_injuries } : {}),
  };
}

/** openai_get_workout_plan: the stored week, or a new one when there is none, it is stale, or on reset. */
export async function getWorkoutPlan(
  deps: PlansDeps,
  userId: string,
  input: GetWorkoutPlanRequest,
): Promise<{ items: WorkoutItem[]; change?: PlanChange }> {
  const { db, pool } = deps;
  const { isPro } = await getProStatus(db, userId, deps.now());
  if (!mayReset(isPro) && input.buttonPress)
    throw proRequired("Resetting the workout plan is part of Pro. Upgrade to reset it.");

  const inputs = workoutInputs(await findProfile(db, userId), input);
  const hash = inputsHash(inputs);
  const stored = await findWorkoutPlan(db, userId);
  if (stored && !input.buttonPress && stored.inputs_hash === hash)
    return { items: visibleWorkoutItems(isPro, stored.items) };

  const generation = stored ? stored.generation + (input.buttonPress ? 1 : 0) : 0;
  const seed = derivedSeed("workout-plan", userId, generation);
  const outcome = await runJob(pool, userId, { kind: "workout-plan", request: { ...inputs, seed } });
  if (!outcome.ok) throw engineFailure(outcome.error);
  const plan = outcome.plan;
  const save = (trx: Database) =>
    saveWorkoutPlan(trx, {
      userId,
      items: plan.items,
      split: plan.split,
      seed,
      generation,
      inputsHash: hash,
    });
  // As for a meal day: only a reset is recorded for Undo, with the week as it was read under the lock (decision 069).
  const change = input.buttonPress
    ? await inTransaction(db, async (trx) => {
        await lockPlanRows(trx, userId);
        const was = await findWorkoutPlan(trx, userId);
        await save(trx);
        const before: PlansBefore = {
          meals: [],
          workout: { row: was === undefined ? null : storedWorkoutWeek(was) },
        };
        return recordChange(
          trx,
          userId,
          "reset",
          before,
          changeLines(before, new Map(), plan.items),
          deps.now(),
        );
      })
    : await save(db).then(() => undefined);
  return {
    items: visibleWorkoutItems(isPro, plan.items),
    ...(change === undefined ? {} : { change }),
  };
}

/** The stored item a workout replacement is about, after the free-tier checks both Replace steps share. */
async function replaceableWorkout(deps: PlansDeps, userId: string, itemId: string) {
  const { db } = deps;
  const { isPro } = await getProStatus(db, userId, deps.now());
  const stored = await findWorkoutPlan(db, userId);
  if (!stored) throw new HttpError(404, PLAN_ERROR_CODES.planNotFound, "No workout plan is stored yet.");
  const item = stored.items.find((candidate) => candidate.id === itemId);
  if (!item) {
    throw new HttpError(
      404,
      PLAN_ERROR_CODES.itemNotFound,
      "That exercise is no longer in your plan. Reload the plan and try again.",
    );
  }
  if (!mayUseWorkoutDay(isPro, item.day, stored.items)) {
    throw proRequired("Only your first workout day is free. Upgrade to Pro to change the other days.");
  }
  const used = await readFreeReplacements(db, userId);
  if (!mayReplace(isPro, used)) throw replacementLimitReached();
  const profile = await findProfile(db, userId);
  const workoutType = profile?.user_workout_type ?? PLANNING_DEFAULTS.workoutType;
  const input: WorkoutReplacementRequest = {
    plan: stored.items,
    itemId: item.id,
    level: profile?.user_experience_level ?? PLANNING_DEFAULTS.level,
    workoutType,
    equipment: workoutType === "Home Workout" ? (profile?.user_equipment ?? null) : null,
    ageYears: profile?.user_age ?? null,
    avoidJoints: profile?.user_injuries ?? null,
    replacedAwayIds: stored.replaced_away_ids,
    // The same seed for both steps of a revision, so the alternatives shown are the ones offered on apply.
    seed: derivedSeed("workout-replacement", userId, stored.generation, stored.revision),
  };
  return { isPro, stored, item, used, input };
}

/** workout_alternatives: up to three alternatives for one exercise; looking does not count as a replacement. */
export async function workoutAlternativesFor(
  deps: PlansDeps,
  userId: string,
  request: WorkoutAlternativesRequest,
): Promise<{ alternatives: WorkoutItem[] }> {
  const { input } = await replaceableWorkout(deps, userId, request.workoutToReplace.id);
  const outcome = await runJob(deps.pool, userId, { kind: "workout-alternatives", input });
  if (!outcome.ok) throw engineFailure(outcome.error);
  return { alternatives: outcome.alternatives };
}

export async function replaceWorkout(
  deps: PlansDeps,
  userId: string,
  request: ReplaceWorkoutItemRequest,
): Promise<Replaced<WorkoutItem>> {
  const { pool } = deps;
  const { isPro, stored, item, used, input } = await replaceableWorkout(
    deps,
    userId,
    request.workoutToReplace.id,
  );
  const outcome = await runJob(pool, userId, {
    kind: "workout-replacement",
    input: {
      ...input,
      ...(request.chosenWorkout === undefined
        ? {}
        : { choiceExerciseId: exerciseIdOf(request.chosenWorkout) }),
    },
  });
  if (!outcome.ok) throw engineFailure(outcome.error);
  const items = stored.items.map((candidate) => (candidate.id === item.id ? outcome.item : candidate));
  const replacedAwayIds = [...stored.replaced_away_ids, item.exerciseId];
  const before: PlansBefore = { meals: [], workout: { row: storedWorkoutWeek(stored) } };
  const committed = await commitReplacement(
    deps,
    userId,
    isPro,
    used,
    (trx) =>
      updateWorkoutPlanItems(trx, { userId, expectedRevision: stored.revision, items, replacedAwayIds }),
    { before, lines: changeLines(before, new Map(), items) },
  );
  return {
    item: outcome.item,
    freeReplacementsUsed: committed.used,
    freeReplacementsLimit: FREE_REPLACEMENTS_LIMIT,
    change: committed.change,
  };
}
