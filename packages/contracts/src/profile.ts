import { z } from "zod";
import { FULL_NAME_MAX_CHARS, FULL_NAME_TOO_LONG } from "./auth";
import { ACTIVITY_LEVELS } from "@fitwise/engine/nutrition/energy";
import { CUISINES, DIET_TYPES, PROTEIN_SOURCES } from "@fitwise/engine/nutrition/food.types";
import { FITNESS_GOALS, GENDERS } from "@fitwise/engine/profile.types";
import {
  EXPERIENCE_LEVELS,
  HOME_EQUIPMENT_CHOICES,
  WEEKDAYS,
  WORKOUT_TYPES,
} from "@fitwise/engine/workouts/exercise.types";

/**
 * Shapes of the profile functions (`write_user_data` with write_table my_users, `get_user_data`),
 * named as docs/product.md §7 names the my_users keys.
 */

/** docs/product.md §6: age 13 to 85. */
export const AGE_YEARS = { min: 13, max: 85 } as const;
/** Plausible adult bounds; the calculator's 4–8 ft select spans 122–272 cm. */
export const WEIGHT_KG = { min: 25, max: 350 } as const;
export const HEIGHT_CM = { min: 90, max: 275 } as const;
/** docs/product.md §6.4/§9: 3 to 6 workout days. */
export const WORKOUT_DAYS = { min: 3, max: 6 } as const;
/** Free text (favourite foods, allergies) is short prose, not a document. */
export const FREE_TEXT_MAX = 1000;

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** The web app keeps numbers in localStorage as strings, so "72.5" is accepted as well as 72.5. */
export function numberLike<T extends z.ZodType<number, number>>(schema: T) {
  return z
    .union([z.number(), z.string().trim().regex(NUMERIC_TEXT, "must be a number").transform(Number)])
    .pipe(schema);
}

/** A list sent either as an array or as the JSON text of one (how localStorage holds it). */
export function listLike<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

const ACTIVITY_FACTORS: readonly number[] = ACTIVITY_LEVELS.map((level) => level.factor);

export const GenderSchema = z.enum(GENDERS);
export const FitnessGoalSchema = z.enum(FITNESS_GOALS);
export const WeekdaySchema = z.enum(WEEKDAYS);
export const WorkoutTypeSchema = z.enum(WORKOUT_TYPES);
export const ExperienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export const DietTypeSchema = z.enum(DIET_TYPES);
export const CuisineSchema = z.enum(CUISINES);
export const ProteinSourceSchema = z.enum(PROTEIN_SOURCES);
export const HomeEquipmentSchema = z.enum(HOME_EQUIPMENT_CHOICES);

export const WorkoutDaysSchema = listLike(
  z
    .array(WeekdaySchema)
    .min(WORKOUT_DAYS.min, `select at least ${WORKOUT_DAYS.min} workout days`)
    .max(WORKOUT_DAYS.max, `select at most ${WORKOUT_DAYS.max} workout days`)
    .refine(unique, "each day may be listed once"),
);
export const ProteinSourcesSchema = listLike(
  z
    .array(ProteinSourceSchema)
    .max(PROTEIN_SOURCES.length)
    .refine(unique, "each protein source may be listed once"),
);
/** Home equipment the user owns besides body weight; [] = none (body weight only). A gym has everything. */
export const EquipmentListSchema = listLike(
  z
    .array(HomeEquipmentSchema)
    .max(HOME_EQUIPMENT_CHOICES.length)
    .refine(unique, "each piece of equipment may be listed once"),
);

export const ActivityFactorSchema = numberLike(
  z
    .number()
    .refine((value) => ACTIVITY_FACTORS.includes(value), `must be one of ${ACTIVITY_FACTORS.join(", ")}`),
);

/**
 * `write_user_data` with write_table my_users (or none). Every field is optional: a call updates
 * the fields it sends and keeps the rest; null means "not sent". `user_id` and `user_email` are
 * accepted for compatibility and ignored: the bearer token decides whose profile this is.
 * `user_tdee` / `user_goal_tdee` are ignored whenever the profile holds the body data to compute them.
 */
export const WriteProfileRequestSchema = z.object({
  write_table: z.literal("my_users").optional(),
  user_id: z.unknown().optional(),
  user_email: z.unknown().optional(),
  user_full_name: z.string().trim().max(FULL_NAME_MAX_CHARS, FULL_NAME_TOO_LONG).nullish(),
  user_age: numberLike(z.number().int().min(AGE_YEARS.min).max(AGE_YEARS.max)).nullish(),
  user_gender: GenderSchema.nullish(),
  user_weight_in_kgs: numberLike(z.number().min(WEIGHT_KG.min).max(WEIGHT_KG.max)).nullish(),
  user_height_in_cm: numberLike(z.number().min(HEIGHT_CM.min).max(HEIGHT_CM.max)).nullish(),
  user_activity: ActivityFactorSchema.nullish(),
  user_tdee: numberLike(z.number().min(0).max(20_000)).nullish(),
  user_goal_tdee: numberLike(z.number().min(0).max(20_000)).nullish(),
  user_fitness_goal: FitnessGoalSchema.nullish(),
  user_preferred_workout_days: WorkoutDaysSchema.nullish(),
  user_workout_type: WorkoutTypeSchema.nullish(),
  user_experience_level: ExperienceLevelSchema.nullish(),
  user_equipment: EquipmentListSchema.nullish(),
  user_diet_preference: DietTypeSchema.nullish(),
  user_food_preference: CuisineSchema.nullish(),
  user_preferred_protein_sources: ProteinSourcesSchema.nullish(),
  user_fav_food: z.string().max(FREE_TEXT_MAX).nullish(),
  user_allergies: z.string().max(FREE_TEXT_MAX).nullish(),
  user_avoid_food: z.string().max(FREE_TEXT_MAX).nullish(),
  /** Food on training days: more energy and carbohydrate on workout days, less on rest days (off by default). */
  user_training_day_food: z.boolean().nullish(),
  source: z.string().max(200).nullish(),
  user_device: z.string().max(50).nullish(),
  /**
   * docs/product.md §7 hasVisitedDietScreen, kept by the server: true once /diet has asked whether to continue to
   * /workouts (docs/product.md §3), so the question comes once per account. It can only be set, never cleared.
   */
  has_visited_diet_screen: z.literal(true).nullish(),
});
export type WriteProfileRequest = z.infer<typeof WriteProfileRequestSchema>;

export const GetUserDataRequestSchema = z.object({ table: z.enum(["my_users", "user_subscriptions"]) });
export type GetUserDataRequest = z.infer<typeof GetUserDataRequestSchema>;

/** `get_user_data` { table: "my_users" } and the answer of `write_user_data` for my_users. */
export const ProfileResponseSchema = z.object({
  user_id: z.string(),
  user_email: z.string().nullable(),
  user_full_name: z.string().nullable(),
  user_age: z.number().nullable(),
  user_gender: GenderSchema.nullable(),
  user_weight_in_kgs: z.number().nullable(),
  user_height_in_cm: z.number().nullable(),
  user_activity: z.number().nullable(),
  /** Daily need in kcal (Mifflin-St Jeor × activity), computed by the server. */
  user_tdee: z.number().nullable(),
  /** Need ± 400 kcal for the goal, computed by the server (before the planning floor). */
  user_goal_tdee: z.number().nullable(),
  user_fitness_goal: FitnessGoalSchema.nullable(),
  user_preferred_workout_days: z.array(WeekdaySchema),
  user_workout_type: WorkoutTypeSchema.nullable(),
  user_experience_level: ExperienceLevelSchema.nullable(),
  /**
   * Home equipment the plans use (body weight is implied); profiles that never said get the
   * default, dumbbells and bands.
   */
  user_equipment: z.array(HomeEquipmentSchema),
  user_diet_preference: DietTypeSchema.nullable(),
  user_food_preference: CuisineSchema.nullable(),
  user_preferred_protein_sources: z.array(ProteinSourceSchema),
  user_fav_food: z.string().nullable(),
  user_allergies: z.string().nullable(),
  user_avoid_food: z.string().nullable(),
  /** Food on training days (docs/product.md §6.2); absent from older servers' answers, so off. */
  user_training_day_food: z.boolean().default(false),
  /** 1 while the user has Pro (active, on_trial, or cancelled before ends_at), else 0. */
  user_pro: z.union([z.literal(0), z.literal(1)]),
  /** Free replacements used so far (meals and workouts together), counted by the server. */
  user_replaced: z.number().int().min(0),
  /** True once /diet has asked whether to continue to /workouts (docs/product.md §3 "first visit"). */
  has_visited_diet_screen: z.boolean(),
  /**
   * Words of user_allergies and user_avoid_food the server could not place (as typed, lower-case): plans cannot leave
   * them out, so the screens show them beside the field. Empty when every word was understood.
   */
  unrecognised_avoidances: z.array(z.string()).default([]),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** `get_user_data` { table: "user_subscriptions" }. */
export const SubscriptionResponseSchema = z.object({
  user_id: z.string(),
  subscription_id: z.string().nullable(),
  status_name: z.string().nullable(),
  /** The string "true" or "false", as the original app has it. */
  manually_cancelled: z.string(),
  renew_date: z.string().nullable(),
  ends_at: z.string().nullable(),
  variant: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/** The `{ error }` body of every function error. */
export const FunctionErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type FunctionError = z.infer<typeof FunctionErrorSchema>;
