import type { ProfileResponse, SubscriptionResponse, WriteProfileRequest } from "@fitwise/contracts/profile";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { computeEnergyTargets, type EnergyTargets } from "@fitwise/engine/nutrition/energy";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import {
  DEFAULT_HOME_EQUIPMENT,
  HOME_EQUIPMENT_CHOICES,
  type HomeEquipment,
} from "@fitwise/engine/workouts/exercise.types";
import type { Database } from "../../db/database";
import type { MyUser, SubscriptionRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { getProStatus, isProSubscription } from "../subscriptions/subscription-status";
import {
  findProfile,
  findSignUpName,
  readFreeReplacements,
  upsertProfile,
  type ProfileValues,
} from "./profile.repository";

export const PROFILE_NOT_FOUND = "profile_not_found";

type BodyData = Pick<
  MyUser,
  | "user_weight_in_kgs"
  | "user_height_in_cm"
  | "user_age"
  | "user_gender"
  | "user_activity"
  | "user_fitness_goal"
  | "user_adaptive_goal_tdee"
  | "user_adaptive_fitness_goal"
>;

/**
 * The energy targets for a profile, or undefined while it lacks a body field. The server computes
 * them (Mifflin-St Jeor, docs/product.md §6, with docs/product.md's choices where the original app had two readings) rather
 * than storing what the browser sent: the goal target drives every meal plan, so a stale cache or a
 * forged value must not set it, and every client then agrees on one number.
 */
export function energyTargetsOf(profile: Partial<BodyData>): EnergyTargets | undefined {
  const { user_weight_in_kgs, user_height_in_cm, user_age, user_gender, user_activity, user_fitness_goal } =
    profile;
  if (
    user_weight_in_kgs == null ||
    user_height_in_cm == null ||
    user_age == null ||
    user_gender == null ||
    user_activity == null ||
    user_fitness_goal == null
  ) {
    return undefined;
  }
  const formula = computeEnergyTargets({
    weightKg: user_weight_in_kgs,
    heightCm: user_height_in_cm,
    ageYears: user_age,
    gender: user_gender,
    activityFactor: user_activity,
    goal: user_fitness_goal,
  });
  // An accepted adaptive target (docs/decisions/022) stands in for the formula's goal while the
  // fitness goal it was made for holds.
  const adaptiveKcal = profile.user_adaptive_goal_tdee;
  if (adaptiveKcal == null || profile.user_adaptive_fitness_goal !== user_fitness_goal) return formula;
  const floorApplied = adaptiveKcal < formula.floorKcal;
  return {
    ...formula,
    goalTdeeKcal: adaptiveKcal,
    planningKcal: floorApplied ? formula.floorKcal : adaptiveKcal,
    floorApplied,
  };
}

/** The home equipment a profile plans with: what the user declared, or the default for those who never said. */
export function declaredEquipment(row: Pick<MyUser, "user_equipment">): HomeEquipment[] {
  const declared = row.user_equipment;
  if (declared === null) return [...DEFAULT_HOME_EQUIPMENT];
  return HOME_EQUIPMENT_CHOICES.filter((item) => declared.includes(item));
}

/** Keys the client may write; user_id and user_email come from the access token instead. */
type WritableKey = Exclude<
  keyof WriteProfileRequest,
  "write_table" | "user_id" | "user_email" | "has_visited_diet_screen"
>;

function providedValues(input: WriteProfileRequest): ProfileValues {
  const values: ProfileValues = {};
  const set = <K extends WritableKey>(
    key: K,
    write: (value: NonNullable<WriteProfileRequest[K]>) => void,
  ) => {
    const value = input[key];
    if (value !== undefined && value !== null) write(value);
  };
  set("user_full_name", (value) => (values.user_full_name = value));
  set("user_age", (value) => (values.user_age = value));
  set("user_gender", (value) => (values.user_gender = value));
  set("user_weight_in_kgs", (value) => (values.user_weight_in_kgs = value));
  set("user_height_in_cm", (value) => (values.user_height_in_cm = value));
  set("user_activity", (value) => (values.user_activity = value));
  set("user_tdee", (value) => (values.user_tdee = value));
  set("user_goal_tdee", (value) => (values.user_goal_tdee = value));
  set("user_fitness_goal", (value) => (values.user_fitness_goal = value));
  set("user_preferred_workout_days", (value) => (values.user_preferred_workout_days = JSON.stringify(value)));
  set("user_workout_type", (value) => (values.user_workout_type = value));
  set("user_experience_level", (value) => (values.user_experience_level = value));
  set("user_equipment", (value) => (values.user_equipment = JSON.stringify(value)));
  set("user_diet_preference", (value) => (values.user_diet_preference = value));
  set("user_food_preference", (value) => (values.user_food_preference = value));
  set(
    "user_preferred_protein_sources",
    (value) => (values.user_preferred_protein_sources = JSON.stringify(value)),
  );
  set("user_fav_food", (value) => (values.user_fav_food = value));
  set("user_allergies", (value) => (values.user_allergies = value));
  set("user_avoid_food", (value) => (values.user_avoid_food = value));
  set("user_training_day_food", (value) => (values.user_training_day_food = value));
  set("source", (value) => (values.source = value));
  set("user_device", (value) => (values.user_device = value));
  return values;
}

/** Allergies and foods to avoid as one text: both are hard limits, read by the same reader. */
export function avoidanceText(
  allergies: string | null | undefined,
  avoidFood: string | null | undefined,
): string {
  return [allergies, avoidFood]
    .filter((text): text is string => typeof text === "string" && text.trim() !== "")
    .join(", ");
}

/** Allergy texts already read; a person's text changes rarely and reading one takes about half a millisecond. */
const unrecognisedByText = new Map<string, readonly string[]>();
const MAX_REMEMBERED_TEXTS = 2_000;

/** The words of the allergy fields no plan can leave out, because the reader could not place them. */
export function unrecognisedAvoidances(text: string): string[] {
  let words = unrecognisedByText.get(text);
  if (!words) {
    words = parseAvoidances(text, FOOD_CATALOGUE).unrecognised;
    if (unrecognisedByText.size >= MAX_REMEMBERED_TEXTS) unrecognisedByText.clear();
    unrecognisedByText.set(text, words);
  }
  return [...words];
}

export function toProfileResponse(
  row: MyUser,
  isPro: boolean,
  freeReplacementsUsed: number,
): ProfileResponse {
  return {
    user_id: row.user_id,
    user_email: row.user_email,
    user_full_name: row.user_full_name,
    user_age: row.user_age,
    user_gender: row.user_gender,
    user_weight_in_kgs: row.user_weight_in_kgs,
    user_height_in_cm: row.user_height_in_cm,
    user_activity: row.user_activity,
    user_tdee: row.user_tdee,
    user_goal_tdee: row.user_goal_tdee,
    user_fitness_goal: row.user_fitness_goal,
    user_preferred_workout_days: row.user_preferred_workout_days,
    user_workout_type: row.user_workout_type,
    user_experience_level: row.user_experience_level,
    user_equipment: declaredEquipment(row),
    user_diet_preference: row.user_diet_preference,
    user_food_preference: row.user_food_preference,
    user_preferred_protein_sources: row.user_preferred_protein_sources,
    user_fav_food: row.user_fav_food,
    user_allergies: row.user_allergies,
    user_avoid_food: row.user_avoid_food,
    user_training_day_food: row.user_training_day_food,
    user_pro: isPro ? 1 : 0,
    user_replaced: freeReplacementsUsed,
    has_visited_diet_screen: row.diet_screen_visited_at !== null,
    unrecognised_avoidances: unrecognisedAvoidances(avoidanceText(row.user_allergies, row.user_avoid_food)),
  };
}

async function withStatus(db: Database, row: MyUser, now: Date): Promise<ProfileResponse> {
  const [{ isPro }, replaced] = await Promise.all([
    getProStatus(db, row.user_id, now),
    readFreeReplacements(db, row.user_id),
  ]);
  return toProfileResponse(row, isPro, replaced);
}

/**
 * Records a weigh-in only while the user has none (progress.repository insertFirstWeight); wired by buildApp
 * (app.ts), as the progress module sits above this one (docs/decisions/075).
 */
export type FirstWeighIn = (db: Database, userId: string, date: string, weightKg: number) => Promise<void>;

/** write_user_data for my_users: merges the sent fields into the caller's profile. */
export async function writeProfile(
  db: Database,
  user: { id: string; email: string },
  input: WriteProfileRequest,
  now: Date,
  firstWeighIn: FirstWeighIn,
): Promise<ProfileResponse> {
  const existing = await findProfile(db, user.id);
  const values = providedValues(input);
  values.user_email = user.email;
  // The first moment is the one kept: a later write of the flag changes nothing.
  if (input.has_visited_diet_screen && !existing?.diet_screen_visited_at) values.diet_screen_visited_at = now;
  if (!existing && values.user_full_name === undefined) {
    const name = await findSignUpName(db, user.id);
    if (name !== undefined) values.user_full_name = name;
  }
  const energy = energyTargetsOf({ ...existing, ...(values as Partial<BodyData>) });
  if (energy) {
    values.user_tdee = energy.tdeeKcal;
    values.user_goal_tdee = energy.goalTdeeKcal;
  }
  const row = await upsertProfile(db, user.id, values);
  // A new or changed body weight is the first weigh-in of someone who has none yet, so /progress starts
  // from it (docs/decisions/053). The server's UTC day: the profile write carries no calendar day.
  const weightKg = values.user_weight_in_kgs;
  if (typeof weightKg === "number" && weightKg !== existing?.user_weight_in_kgs) {
    await firstWeighIn(db, user.id, now.toISOString().slice(0, 10), weightKg);
  }
  return withStatus(db, row, now);
}

/** What a profile read takes from the database; `profileAnswer` makes the answer at a given time. */
export interface StoredProfile {
  /** The answer as of the read, with user_pro for that moment (profileAnswer redoes it). */
  response: ProfileResponse;
  subscription: SubscriptionRow | null;
  /** The answer as JSON, made on the first read that needed it, with the Pro status it carries. */
  json?: { isPro: boolean; text: string };
}

export async function loadProfile(db: Database, userId: string, now: Date): Promise<StoredProfile> {
  const row = await findProfile(db, userId);
  if (!row) throw new HttpError(404, PROFILE_NOT_FOUND, "No profile yet: complete your fitness goals first.");
  const [{ isPro, subscription }, replaced] = await Promise.all([
    getProStatus(db, row.user_id, now),
    readFreeReplacements(db, row.user_id),
  ]);
  return { response: toProfileResponse(row, isPro, replaced), subscription };
}

/**
 * The answer as JSON. Pro depends on the clock as well as on the stored subscription (a paid period
 * ends on its own), so it is worked out at every read; the JSON is made again only when it changed.
 */
export function profileAnswerJson(stored: StoredProfile, now: Date): string {
  const isPro = isProSubscription(stored.subscription, now);
  if (stored.json?.isPro !== isPro) {
    const answer: ProfileResponse = { ...stored.response, user_pro: isPro ? 1 : 0 };
    stored.json = { isPro, text: JSON.stringify(answer) };
  }
  return stored.json.text;
}

export async function readSubscription(
  db: Database,
  userId: string,
  now: Date,
): Promise<SubscriptionResponse> {
  const { subscription } = await getProStatus(db, userId, now);
  if (!subscription) throw new HttpError(404, "subscription_not_found", "No subscription found.");
  return {
    user_id: subscription.user_id,
    subscription_id: subscription.subscription_id,
    status_name: subscription.status_name,
    manually_cancelled: subscription.manually_cancelled,
    renew_date: subscription.renew_date?.toISOString() ?? null,
    ends_at: subscription.ends_at?.toISOString() ?? null,
    variant: subscription.variant,
    updated_at: subscription.updated_at.toISOString(),
  };
}
