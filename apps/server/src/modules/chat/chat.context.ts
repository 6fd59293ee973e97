import type { ChatTrainerRequest } from "@fitwise/contracts/chat";
import { freeReplacementsLeft } from "@fitwise/contracts/free-tier";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import {
  DAY_INDICES,
  type DayIndex,
  type TrainerProfile,
  type TrainerState,
} from "@fitwise/engine/trainer/trainer-state";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { MyUser } from "../../db/schema";
import type { AiConfig } from "../../env";
import { HttpError } from "../../http/errors";
import type { JobQueue } from "../jobs/job-queue";
import type { PlanPool } from "../plans/plan-pool";
import {
  findWorkoutPlan,
  listMealPlans,
  type MealPlanRow,
  type WorkoutPlanRow,
} from "../plans/plans.repository";
import { getMealPlan, mealInputs } from "../plans/plans.service";
import { dayBreaksNewRules } from "../plans/week-replan.service";
import { energyTargetsOf } from "../profile/profile.service";
import { findProfile, readFreeReplacements } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";

// What the chat reads before it thinks: the caller's profile, plans and free-tier standing.

export interface ChatDeps {
  db: Database;
  pool: PlanPool;
  /** Where days a change left stale are queued for re-planning (docs/decisions/070); without it, reads re-plan them. */
  jobs?: JobQueue;
  now: () => Date;
  ai?: AiConfig;
  log: FastifyBaseLogger;
}

/** What the caller may still do on the free tier this turn (docs/product.md §5; rules in @fitwise/contracts/free-tier). */
export interface Access {
  isPro: boolean;
  freeReplacementsLeft: number;
}

/** Everything the chat read before thinking, so the writes can check nothing moved in between. */
export interface ChatContext {
  userId: string;
  row: MyUser;
  complete: boolean;
  state: TrainerState;
  mealRows: Map<number, MealPlanRow>;
  workoutRow: WorkoutPlanRow | undefined;
  access: Access;
}

function present<T>(...values: Array<T | null | undefined>): T | undefined {
  return values.find((value): value is T => value !== null && value !== undefined);
}

/** The stored profile, with the request's profile fields filling only what it lacks (the server is the source of truth). */
function mergedProfile(row: MyUser | undefined, userId: string, payload: ChatTrainerRequest): MyUser {
  const days = row?.user_preferred_workout_days ?? [];
  const sources = row?.user_preferred_protein_sources ?? [];
  const now = new Date(0);
  return {
    user_id: userId,
    user_email: row?.user_email ?? null,
    user_full_name: row?.user_full_name ?? null,
    user_age: present(row?.user_age, payload.user_age) ?? null,
    user_gender: present(row?.user_gender, payload.user_gender) ?? null,
    user_weight_in_kgs: present(row?.user_weight_in_kgs, payload.user_weight_in_kgs) ?? null,
    user_height_in_cm: present(row?.user_height_in_cm, payload.user_height_in_cm) ?? null,
    user_activity: present(row?.user_activity, payload.user_activity) ?? null,
    user_tdee: present(row?.user_tdee, payload.user_tdee) ?? null,
    user_goal_tdee: present(row?.user_goal_tdee, payload.user_goal_tdee) ?? null,
    user_fitness_goal: present(row?.user_fitness_goal, payload.user_fitness_goal) ?? null,
    user_preferred_workout_days: days.length > 0 ? days : (payload.user_preferred_workout_days ?? []),
    user_workout_type: present(row?.user_workout_type, payload.user_workout_type) ?? null,
    user_experience_level: present(row?.user_experience_level, payload.user_experience_level) ?? null,
    user_equipment: row?.user_equipment ?? null,
    user_injuries: row?.user_injuries ?? [],
    user_diet_preference: present(row?.user_diet_preference, payload.user_diet_preference) ?? null,
    user_food_preference: present(row?.user_food_preference, payload.user_food_preference) ?? null,
    user_preferred_protein_sources:
      sources.length > 0 ? sources : (payload.user_preferred_protein_sources ?? []),
    user_fav_food: present(row?.user_fav_food, payload.user_fav_food) ?? null,
    user_allergies: present(row?.user_allergies, payload.user_allergies) ?? null,
    user_avoid_food: present(row?.user_avoid_food, payload.user_avoid_food) ?? null,
    user_training_day_food: row?.user_training_day_food ?? false,
    source: row?.source ?? null,
    user_device: row?.user_device ?? null,
    diet_screen_visited_at: row?.diet_screen_visited_at ?? null,
    user_adaptive_goal_tdee: row?.user_adaptive_goal_tdee ?? null,
    user_adaptive_fitness_goal: row?.user_adaptive_fitness_goal ?? null,
    user_adaptive_accepted_at: row?.user_adaptive_accepted_at ?? null,
    created_at: row?.created_at ?? now,
    updated_at: row?.updated_at ?? now,
  };
}

/** The brain's view of the profile; complete false when body data is missing (numbers would be made up). */
function trainerProfile(row: MyUser): { profile: TrainerProfile; complete: boolean } {
  const energy = energyTargetsOf(row);
  let planning: ReturnType<typeof mealInputs> | undefined;
  try {
    planning = mealInputs(row, {});
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  const complete = energy !== undefined && planning !== undefined;
  return {
    complete,
    profile: {
      goal: row.user_fitness_goal ?? PLANNING_DEFAULTS.goal,
      level: row.user_experience_level ?? PLANNING_DEFAULTS.level,
      weightKg: row.user_weight_in_kgs ?? 0,
      heightCm: row.user_height_in_cm ?? 0,
      ageYears: row.user_age ?? 0,
      activityFactor: row.user_activity ?? 0,
      gender: row.user_gender ?? "female",
      targetKcal: planning?.targetKcal ?? 0,
      tdeeKcal: energy?.tdeeKcal ?? 0,
      dietType: row.user_diet_preference ?? PLANNING_DEFAULTS.dietType,
      cuisine: row.user_food_preference ?? PLANNING_DEFAULTS.cuisine,
      proteinSources: row.user_preferred_protein_sources,
      favouriteFoodsText: row.user_fav_food ?? "",
      // Allergies and avoided foods are both hard limits, as the plans module plans them.
      allergiesText: planning?.allergiesText ?? "",
      workoutDays: row.user_preferred_workout_days,
      workoutType: row.user_workout_type ?? PLANNING_DEFAULTS.workoutType,
      equipment: row.user_equipment,
      injuries: row.user_injuries,
      trainingDayFood: row.user_training_day_food,
    },
  };
}

/**
 * A day left stale by a change whose job has not run yet is never talked about as it was: one that breaks a rule of
 * the profile now (a new allergy or diet) is re-planned here, as the diet screen's read would (docs/decisions/070),
 * and left out if that fails.
 */
async function withoutDaysBreakingRules(
  deps: ChatDeps,
  userId: string,
  profile: MyUser | undefined,
  rows: MealPlanRow[],
): Promise<MealPlanRow[]> {
  const breaking = rows.filter((row) => dayBreaksNewRules(profile, row));
  if (breaking.length === 0) return rows;
  const plansDeps = { db: deps.db, pool: deps.pool, now: deps.now };
  for (const row of breaking) {
    try {
      await getMealPlan(plansDeps, userId, { currentDay: row.day_index, buttonPress: false });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return (await listMealPlans(deps.db, userId)).filter((row) => !dayBreaksNewRules(profile, row));
}

export async function loadChatContext(
  deps: ChatDeps,
  userId: string,
  payload: ChatTrainerRequest,
): Promise<ChatContext> {
  const { db } = deps;
  const [stored, listed, workoutRow, pro, used] = await Promise.all([
    findProfile(db, userId),
    listMealPlans(db, userId),
    findWorkoutPlan(db, userId),
    getProStatus(db, userId, deps.now()),
    readFreeReplacements(db, userId),
  ]);
  const mealRows = await withoutDaysBreakingRules(deps, userId, stored, listed);
  const row = mergedProfile(stored, userId, payload);
  const { profile, complete } = trainerProfile(row);
  const mealPlans: TrainerState["mealPlans"] = {};
  const mealNotes: NonNullable<TrainerState["mealNotes"]> = {};
  for (const meal of mealRows) {
    const day = DAY_INDICES.find((index) => index === meal.day_index);
    if (day === undefined) continue;
    mealPlans[day] = meal.items;
    mealNotes[day] = meal.notes;
  }
  return {
    userId,
    row,
    complete,
    state: {
      profile,
      mealPlans,
      mealNotes,
      activeDay: (payload.active_day as DayIndex | undefined) ?? 1,
      workoutPlan: workoutRow?.items ?? [],
    },
    mealRows: new Map(mealRows.map((meal) => [meal.day_index, meal])),
    workoutRow,
    access: { isPro: pro.isPro, freeReplacementsLeft: freeReplacementsLeft(pro.isPro, used) },
  };
}
