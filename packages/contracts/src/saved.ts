import { z } from "zod";
import { MealItemWireSchema, WorkoutItemWireSchema } from "./plans";
import {
  CuisineSchema,
  DietTypeSchema,
  ExperienceLevelSchema,
  FitnessGoalSchema,
  GenderSchema,
  ProteinSourceSchema,
  WeekdaySchema,
  WorkoutTypeSchema,
} from "./profile";

/** Shapes of saving (write_user_data), listing, sharing and deleting saved plans (docs/product.md §7, §7). */

export const SAVED_TABLES = ["saved_diets", "saved_workouts"] as const;
export const SavedTableSchema = z.enum(SAVED_TABLES);
export type SavedTable = z.infer<typeof SavedTableSchema>;

const ItemReferenceSchema = z.looseObject({ id: z.string().min(1).max(200) });
/** A day has a handful of items and a week a few dozen; these bounds only stop abuse. */
const MAX_ITEMS = 200;

/**
 * `write_user_data` { write_table: "saved_diets", diet_one }. The items must be one of the caller's
 * current day plans (matched by item ids); the server saves its own copy with a profile snapshot.
 * Answer: `{ diet_id }`.
 */
export const SaveDietRequestSchema = z.object({
  write_table: z.literal("saved_diets"),
  diet_one: z.array(ItemReferenceSchema).min(1).max(MAX_ITEMS),
});
export type SaveDietRequest = z.infer<typeof SaveDietRequestSchema>;

/** `write_user_data` { write_table: "saved_workouts", workout_plan }: the caller's current week. Answer: `{ workout_id }`. */
export const SaveWorkoutRequestSchema = z.object({
  write_table: z.literal("saved_workouts"),
  workout_plan: z.array(ItemReferenceSchema).min(1).max(MAX_ITEMS),
});
export type SaveWorkoutRequest = z.infer<typeof SaveWorkoutRequestSchema>;

export const SaveDietResponseSchema = z.object({ diet_id: z.uuid() });
export const SaveWorkoutResponseSchema = z.object({ workout_id: z.uuid() });

/** `get_saved_list` (bearer): the caller's records, newest first. */
export const GetSavedListRequestSchema = z.object({ table: SavedTableSchema });
export type GetSavedListRequest = z.infer<typeof GetSavedListRequestSchema>;

/**
 * `get_saved_data` (no sign-in) and `delete_saved_plan` (bearer, owner only). An id that is not a
 * UUID is answered like an unknown one (404), so ids cannot be probed.
 */
export const SavedPlanRefSchema = z.discriminatedUnion("table", [
  z.object({ table: z.literal("saved_diets"), diet_id: z.string().max(100) }),
  z.object({ table: z.literal("saved_workouts"), workout_id: z.string().max(100) }),
]);
export type SavedPlanRef = z.infer<typeof SavedPlanRefSchema>;
export const GetSavedDataRequestSchema = SavedPlanRefSchema;
export const DeleteSavedPlanRequestSchema = SavedPlanRefSchema;
export const DeleteSavedPlanResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * set_saved_plan_visibility: the owner makes a saved plan public (its link works for anyone) or
 * private (the link answers 404 to everyone, the owner's list still shows it); for a diet, whether
 * its public page shows their age, gender, weight, height and TDEE (off unless chosen).
 */
export const SetSavedPlanVisibilityRequestSchema = z.intersection(
  SavedPlanRefSchema,
  z.object({ public: z.boolean(), show_body_data: z.boolean().optional() }),
);
export type SetSavedPlanVisibilityRequest = z.infer<typeof SetSavedPlanVisibilityRequestSchema>;
export const SetSavedPlanVisibilityResponseSchema = z.object({
  public: z.boolean(),
  show_body_data: z.boolean().optional(),
});

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** What anyone with the link sees of a saved diet: nothing that identifies the owner or their allergies. */
export const PublicSavedDietSchema = z.strictObject({
  diet_id: z.uuid(),
  created_at: z.string(),
  user_fitness_goal: nullable(FitnessGoalSchema),
  user_weight_in_kgs: z.number().nullable(),
  user_height_in_cm: z.number().nullable(),
  user_age: z.number().nullable(),
  user_gender: nullable(GenderSchema),
  user_diet_preference: nullable(DietTypeSchema),
  user_food_preference: nullable(CuisineSchema),
  user_tdee: z.number().nullable(),
  user_goal_tdee: z.number().nullable(),
  diet_one: z.array(MealItemWireSchema),
});
export type PublicSavedDiet = z.infer<typeof PublicSavedDietSchema>;

export const PublicSavedWorkoutSchema = z.strictObject({
  workout_id: z.uuid(),
  created_at: z.string(),
  workout_plan: z.array(WorkoutItemWireSchema),
  user_experience_level: nullable(ExperienceLevelSchema),
  user_fitness_goal: nullable(FitnessGoalSchema),
  user_preferred_workout_days: z.array(WeekdaySchema),
  user_workout_type: nullable(WorkoutTypeSchema),
});
export type PublicSavedWorkout = z.infer<typeof PublicSavedWorkoutSchema>;

/** A saved diet as its owner lists it (`get_saved_list` saved_diets). */
export const SavedDietRecordSchema = PublicSavedDietSchema.extend({
  /** "Diet Plan #N": the number it got when it was saved; never changes. */
  plan_number: z.number().int().positive(),
  public: z.boolean(),
  show_body_data: z.boolean(),
  user_activity: z.number().nullable(),
  user_allergies: z.string().nullable(),
  user_fav_food: z.string().nullable(),
  user_preferred_protein_sources: z.array(ProteinSourceSchema),
});
export type SavedDietRecord = z.infer<typeof SavedDietRecordSchema>;

/** A saved workout as its owner lists it (`get_saved_list` saved_workouts). */
export const SavedWorkoutRecordSchema = PublicSavedWorkoutSchema.extend({
  /** "Workout Plan #N": the number it got when it was saved; never changes. */
  plan_number: z.number().int().positive(),
  public: z.boolean(),
});
export type SavedWorkoutRecord = z.infer<typeof SavedWorkoutRecordSchema>;

export const SAVED_PLAN_ERROR_CODES = {
  notFound: "saved_plan_not_found",
  planOutOfDate: "plan_out_of_date",
} as const;
