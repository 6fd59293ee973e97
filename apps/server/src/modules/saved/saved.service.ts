import { toWireMealItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { randomUUID } from "node:crypto";
import type {
  PublicSavedDiet,
  PublicSavedWorkout,
  SaveDietRequest,
  SavedDietRecord,
  SavedPlanRef,
  SavedTable,
  SavedWorkoutRecord,
  SaveWorkoutRequest,
  SetSavedPlanVisibilityRequest,
} from "@fitwise/contracts/saved";
import { SAVED_PLAN_ERROR_CODES } from "@fitwise/contracts/saved";
import { PLAN_ERROR_CODES } from "@fitwise/contracts/plans";
import { mayUsePlanDay, visibleMealItems, visibleWorkoutItems } from "@fitwise/contracts/free-tier";
import { formatGrams, formatKcal } from "@fitwise/engine/nutrition/number-format";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { listMealPlans, findWorkoutPlan } from "../plans/plans.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import { findProfile } from "../profile/profile.repository";
import {
  deleteSavedDiet,
  deleteSavedWorkout,
  findPublicDiet,
  findPublicWorkout,
  insertSavedDiet,
  insertSavedWorkout,
  listSavedDiets,
  listSavedWorkouts,
  setSavedDietVisibility,
  setSavedWorkoutVisibility,
  type PublicDietRow,
  type PublicWorkoutRow,
} from "./saved.repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function savedPlanNotFound(): HttpError {
  return new HttpError(404, SAVED_PLAN_ERROR_CODES.notFound, "This plan does not exist or was deleted.");
}

function planOutOfDate(what: "meal" | "workout"): HttpError {
  return new HttpError(
    409,
    SAVED_PLAN_ERROR_CODES.planOutOfDate,
    `This ${what} plan is not your current plan any more. Reload it and save again.`,
  );
}

function sameIds(items: ReadonlyArray<{ id: string }>, ids: ReadonlySet<string>): boolean {
  return items.length === ids.size && items.every((item) => ids.has(item.id));
}

/** Refuses a save that names an item of the caller's plans the free tier keeps locked (docs/decisions/055). */
function refuseLocked(
  ids: ReadonlySet<string>,
  all: readonly { id: string }[],
  visible: readonly { id: string }[],
) {
  const shown = new Set(visible.map((item) => item.id));
  if (all.some((item) => ids.has(item.id) && !shown.has(item.id)))
    throw new HttpError(
      403,
      PLAN_ERROR_CODES.proRequired,
      "Saving Pro content is part of Pro. Upgrade to save your whole plan.",
    );
}

/**
 * Saves one of the caller's current day plans. The body names the plan by its items; the server
 * stores its own copy, so a saved (and publicly shared) plan is always one the engine made, never
 * text a client made up — and only what the caller's tier lets them see (a free user: Plan 1's Breakfast).
 */
export async function saveDiet(
  db: Database,
  userId: string,
  input: SaveDietRequest,
  now: Date,
): Promise<{ diet_id: string }> {
  const ids = new Set(input.diet_one.map((item) => item.id));
  const { isPro } = await getProStatus(db, userId, now);
  const plans = await listMealPlans(db, userId);
  for (const candidate of plans) {
    const visible = mayUsePlanDay(isPro, candidate.day_index) ? visibleMealItems(isPro, candidate.items) : [];
    refuseLocked(ids, candidate.items, visible);
  }
  const plan = plans
    .filter((candidate) => mayUsePlanDay(isPro, candidate.day_index))
    .map((candidate) => ({ items: visibleMealItems(isPro, candidate.items) }))
    .find((candidate) => sameIds(candidate.items, ids));
  if (!plan) throw planOutOfDate("meal");
  const profile = await findProfile(db, userId);
  const dietId = randomUUID();
  await insertSavedDiet(db, {
    diet_id: dietId,
    user_id: userId,
    user_activity: profile?.user_activity ?? null,
    user_age: profile?.user_age ?? null,
    user_allergies: profile?.user_allergies ?? null,
    user_diet_preference: profile?.user_diet_preference ?? null,
    user_fav_food: profile?.user_fav_food ?? null,
    user_fitness_goal: profile?.user_fitness_goal ?? null,
    user_food_preference: profile?.user_food_preference ?? null,
    user_gender: profile?.user_gender ?? null,
    user_goal_tdee: profile?.user_goal_tdee ?? null,
    user_height_in_cm: profile?.user_height_in_cm ?? null,
    user_preferred_protein_sources: JSON.stringify(profile?.user_preferred_protein_sources ?? []),
    user_tdee: profile?.user_tdee ?? null,
    user_weight_in_kgs: profile?.user_weight_in_kgs ?? null,
    diet_one: JSON.stringify(plan.items),
  });
  return { diet_id: dietId };
}

export async function saveWorkout(
  db: Database,
  userId: string,
  input: SaveWorkoutRequest,
  now: Date,
): Promise<{ workout_id: string }> {
  const ids = new Set(input.workout_plan.map((item) => item.id));
  const { isPro } = await getProStatus(db, userId, now);
  const stored = await findWorkoutPlan(db, userId);
  const plan = stored && { items: visibleWorkoutItems(isPro, stored.items) };
  if (stored && plan) refuseLocked(ids, stored.items, plan.items);
  if (!plan || !sameIds(plan.items, ids)) throw planOutOfDate("workout");
  const profile = await findProfile(db, userId);
  const workoutId = randomUUID();
  await insertSavedWorkout(db, {
    workout_id: workoutId,
    user_id: userId,
    workout_plan: JSON.stringify(plan.items),
    user_experience_level: profile?.user_experience_level ?? null,
    user_fitness_goal: profile?.user_fitness_goal ?? null,
    user_preferred_workout_days: JSON.stringify(profile?.user_preferred_workout_days ?? []),
    user_workout_type: profile?.user_workout_type ?? null,
  });
  return { workout_id: workoutId };
}

/**
 * A saved diet as a reader sees it. Body data (age, gender, weight, height, TDEE) only when the
 * owner opted in, or to the owner (decision 044): it describes a person, the plan does not need it.
 */
function toPublicDiet(row: PublicDietRow, reader: "owner" | "anyone" = "anyone"): PublicSavedDiet {
  const body = reader === "owner" || row.show_body_data;
  return {
    diet_id: row.diet_id,
    created_at: row.created_at.toISOString(),
    user_fitness_goal: row.user_fitness_goal,
    user_weight_in_kgs: body ? row.user_weight_in_kgs : null,
    user_height_in_cm: body ? row.user_height_in_cm : null,
    user_age: body ? row.user_age : null,
    user_gender: body ? row.user_gender : null,
    user_diet_preference: row.user_diet_preference,
    user_food_preference: row.user_food_preference,
    user_tdee: body ? row.user_tdee : null,
    user_goal_tdee: body ? row.user_goal_tdee : null,
    diet_one: row.diet_one.map(toWireMealItem),
  };
}

function toPublicWorkout(row: PublicWorkoutRow): PublicSavedWorkout {
  return {
    workout_id: row.workout_id,
    created_at: row.created_at.toISOString(),
    workout_plan: row.workout_plan.map(toWireWorkoutItem),
    user_experience_level: row.user_experience_level,
    user_fitness_goal: row.user_fitness_goal,
    user_preferred_workout_days: row.user_preferred_workout_days,
    user_workout_type: row.user_workout_type,
  };
}

/** get_saved_list: the caller's own records, newest first (the owner sees their whole snapshot). */
export async function listSaved(
  db: Database,
  userId: string,
  table: SavedTable,
): Promise<SavedDietRecord[] | SavedWorkoutRecord[]> {
  if (table === "saved_diets") {
    return (await listSavedDiets(db, userId)).map((row) => ({
      ...toPublicDiet(row, "owner"),
      plan_number: row.plan_number,
      public: row.public,
      show_body_data: row.show_body_data,
      user_activity: row.user_activity,
      user_allergies: row.user_allergies,
      user_fav_food: row.user_fav_food,
      user_preferred_protein_sources: row.user_preferred_protein_sources,
    }));
  }
  return (await listSavedWorkouts(db, userId)).map((row) => ({
    ...toPublicWorkout(row),
    plan_number: row.plan_number,
    public: row.public,
  }));
}

/** get_saved_data: what anyone with the link may see. Malformed and unknown ids answer alike (404). */
export async function readPublicSaved(
  db: Database,
  ref: SavedPlanRef,
): Promise<PublicSavedDiet | PublicSavedWorkout> {
  if (ref.table === "saved_diets") {
    const row = UUID.test(ref.diet_id) ? await findPublicDiet(db, ref.diet_id) : undefined;
    if (!row) throw savedPlanNotFound();
    return toPublicDiet(row);
  }
  const row = UUID.test(ref.workout_id) ? await findPublicWorkout(db, ref.workout_id) : undefined;
  if (!row) throw savedPlanNotFound();
  return toPublicWorkout(row);
}

/** delete_saved_plan: only the owner may delete; anyone else gets the same 404 as for an unknown id. */
export async function deleteSaved(
  db: Database,
  userId: string,
  ref: SavedPlanRef,
): Promise<{ deleted: true }> {
  const id = ref.table === "saved_diets" ? ref.diet_id : ref.workout_id;
  const deleted =
    UUID.test(id) &&
    (ref.table === "saved_diets"
      ? await deleteSavedDiet(db, userId, id)
      : await deleteSavedWorkout(db, userId, id));
  if (!deleted) throw savedPlanNotFound();
  return { deleted: true };
}

/**
 * set_saved_plan_visibility: only the owner may change it; anyone else gets the same 404 as for an
 * unknown id. A private plan's link answers 404 like a deleted one (decision 044).
 */
export async function setSavedVisibility(
  db: Database,
  userId: string,
  input: SetSavedPlanVisibilityRequest,
): Promise<{ public: boolean; show_body_data?: boolean }> {
  const id = input.table === "saved_diets" ? input.diet_id : input.workout_id;
  if (!UUID.test(id)) throw savedPlanNotFound();
  const stored =
    input.table === "saved_diets"
      ? await setSavedDietVisibility(db, userId, id, {
          public: input.public,
          showBodyData: input.show_body_data,
        })
      : await setSavedWorkoutVisibility(db, userId, id, input.public);
  if (!stored) throw savedPlanNotFound();
  return stored;
}

/** What a link preview (Open Graph, Twitter card) says about a public plan. */
export interface SharePreview {
  title: string;
  description: string;
}

/**
 * The preview of /fulldiet/{id} or /fullworkout/{id}, built from the same allow-listed public fields
 * the page shows; undefined for an unknown or deleted plan (the preview then names only the brand).
 */
export async function describePublicPlan(
  db: Database,
  kind: "diet" | "workout",
  id: string,
  brandName: string,
): Promise<SharePreview | undefined> {
  if (!UUID.test(id)) return undefined;
  if (kind === "diet") {
    const row = await findPublicDiet(db, id);
    if (!row) return undefined;
    const items = row.diet_one;
    const meals = new Set(items.map((item) => item.slot));
    const energyKcal = items.reduce((sum, item) => sum + item.energyKcal, 0);
    const proteinG = items.reduce((sum, item) => sum + item.proteinG, 0);
    return {
      title: `${brandName}AI's Diet Plan`,
      description: `A day of meals worked out to the calorie: ${formatKcal(energyKcal)} and ${formatGrams(proteinG)} protein in ${meals.size} meals and ${items.length} items. Made with ${brandName}.`,
    };
  }
  const row = await findPublicWorkout(db, id);
  if (!row) return undefined;
  const exercises = row.workout_plan.filter((item) => item.kind === "exercise");
  const trainingDays = new Set(exercises.map((item) => item.day)).size;
  const level = row.user_experience_level ? `${row.user_experience_level} ` : "";
  const goal = row.user_fitness_goal ? ` to ${row.user_fitness_goal.toLowerCase()}` : "";
  return {
    title: `A ${level}workout plan${goal}`,
    description: `${trainingDays} training ${trainingDays === 1 ? "day" : "days"} a week, ${exercises.length} exercises with video links. Made with ${brandName}.`,
  };
}
