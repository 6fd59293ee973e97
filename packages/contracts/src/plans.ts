import { z } from "zod";
import { IMAGE_CATEGORIES, MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import { DAY_KINDS } from "@fitwise/engine/profile.types";
import { WORKOUT_ITEM_KINDS } from "@fitwise/engine/workouts/exercise.types";
import {
  CuisineSchema,
  DietTypeSchema,
  EquipmentListSchema,
  ExperienceLevelSchema,
  FitnessGoalSchema,
  FREE_TEXT_MAX,
  numberLike,
  ProteinSourcesSchema,
  WeekdaySchema,
  WorkoutDaysSchema,
  WorkoutTypeSchema,
} from "./profile";

/**
 * Shapes of the plan functions of docs/product.md §8. The server plans from the profile it stores;
 * the preference fields in these payloads only fill gaps in that profile.
 */

/** docs/product.md §7: meal plans are kept per day index 1–7 (localStorage diet_one … diet_seven). */
export const DAY_COLUMNS = [
  "diet_one",
  "diet_two",
  "diet_three",
  "diet_four",
  "diet_five",
  "diet_six",
  "diet_seven",
] as const;
export type DayColumn = (typeof DAY_COLUMNS)[number];
export const DayIndexSchema = numberLike(z.number().int().min(1).max(DAY_COLUMNS.length));

/** An item id as the engine makes them (e.g. "p1-breakfast-oats", "wo-1a2b3c4d"). */
const ItemIdSchema = z.string().min(1).max(200);
/** Items the client sends back: only the id is read; the server works on its own copy. */
const ItemReferenceSchema = z.looseObject({ id: ItemIdSchema });

/*
 * The items as they travel, in the HTTP API's documented shapes (docs/product.md §8). Inside, the engine, the server's
 * storage and the screens use the engine's MealItem and WorkoutItem (ids, units in names); plan-items.mapper.ts turns
 * one into the other at the edge, and plan-items.mapper.test.ts proves the answers byte-identical to the older
 * engine's, which made these shapes itself.
 */
export const MealItemWireSchema = z.object({
  id: z.string(),
  Meal: z.enum(MEAL_SLOTS),
  Item: z.string(),
  /** Grams. */
  Weight: z.number(),
  /** kcal. */
  Calories: z.number(),
  /** Grams. */
  Protein: z.number(),
  Carbs: z.number(),
  Fat: z.number(),
  /** Catalogue id of the food; stable across releases. */
  foodId: z.string(),
  /** Which bundled picture to show beside the item. */
  image: z.enum(IMAGE_CATEGORIES),
  /** The portion in a household measure, e.g. "2 large eggs"; absent on plans made before measures existed. */
  measure: z.string().optional(),
});
export type MealItemWire = z.infer<typeof MealItemWireSchema>;

export const WorkoutItemWireSchema = z.object({
  id: z.string(),
  Day: WeekdaySchema,
  "Workout Name": z.string(),
  "Body Part Targeted": z.string(),
  "Youtube Video Link": z.string(),
  "No of Sets": z.number(),
  "No of Reps": z.string(),
});
export type WorkoutItemWire = z.infer<typeof WorkoutItemWireSchema>;

/*
 * The engine's own items (meal-plan.types.ts, exercise.types.ts), as the server stores them and checks them when it
 * reads them back; plan-items.mapper.test.ts proves these types equal the engine's interfaces.
 */
export const MealItemSchema = z.object({
  id: z.string(),
  slot: z.enum(MEAL_SLOTS),
  name: z.string(),
  grams: z.number(),
  energyKcal: z.number(),
  proteinG: z.number(),
  carbsG: z.number(),
  fatG: z.number(),
  foodId: z.string(),
  image: z.enum(IMAGE_CATEGORIES),
  measure: z.string().optional(),
});
export const MealItemListSchema = z.array(MealItemSchema);

export const WorkoutItemSchema = z.object({
  id: z.string(),
  day: WeekdaySchema,
  kind: z.enum(WORKOUT_ITEM_KINDS),
  exerciseId: z.string(),
  name: z.string(),
  bodyPart: z.string(),
  videoUrl: z.string(),
  sets: z.number(),
  reps: z.string(),
});
export const WorkoutItemListSchema = z.array(WorkoutItemSchema);

const optionalText = z.string().max(FREE_TEXT_MAX).nullish();
const optionalKcal = numberLike(z.number().min(0).max(20_000)).nullish();

/** `openai_get_meal_plan`. Answer: `MealItemWire[]` for that day (200). */
export const GetMealPlanRequestSchema = z.object({
  /** Day index 1–7 (plan tab); the free tier may use day 1 only. */
  currentDay: DayIndexSchema,
  /** true = reset: plan the day afresh even if one is stored (Pro only). */
  buttonPress: z.boolean().default(false),
  user_fitness_goal: FitnessGoalSchema.nullish(),
  user_goal_tdee: optionalKcal,
  user_tdee: optionalKcal,
  user_allergies: optionalText,
  user_food_preference: CuisineSchema.nullish(),
  user_diet_preference: DietTypeSchema.nullish(),
  user_preferred_protein_sources: ProteinSourcesSchema.nullish(),
  user_fav_food: optionalText,
});
export type GetMealPlanRequest = z.infer<typeof GetMealPlanRequestSchema>;
export const MealPlanResponseSchema = z.array(MealItemWireSchema);

/**
 * Response header of `openai_get_meal_plan`: the words of the allergy fields the plan could not leave out, as a JSON
 * array (the body stays the list of items of docs/product.md §8). Characters beyond ASCII are sent as JSON \u escapes, as headers
 * must be ASCII; JSON.parse reads them back.
 */
export const UNRECOGNISED_AVOIDANCES_HEADER = "unrecognised-avoidances";

/** A value as JSON in ASCII, as a header must be: characters beyond it as \u escapes that JSON.parse reads back. */
export function encodeHeaderJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function encodeHeaderList(words: readonly string[]): string {
  return encodeHeaderJson(words);
}

/**
 * Response header of `openai_get_meal_plan`: what /diet shows beside the day's items, as JSON (MealPlanDaySchema): the
 * notes of every bound that gave way in the plan, and, with food on training days on, whether the day is a training or
 * a rest day and its own target. A header, as for the unrecognised words, so the body stays docs/product.md §8's list.
 */
export const MEAL_PLAN_DAY_HEADER = "meal-plan-day";

export const MealPlanDaySchema = z.object({
  /** The planner's notes, in its words (the screen and Alex put them in plain words). */
  notes: z.array(z.string()),
  /** Null while food on training days is off. */
  dayKind: z.enum(DAY_KINDS).nullable(),
  /** The weekday the day index stands for (day 1 is Monday). */
  weekday: WeekdaySchema,
  /** The energy the day was planned to, kcal. */
  targetKcal: z.number(),
});
export type MealPlanDay = z.infer<typeof MealPlanDaySchema>;

/** `replace_diet_item`: replaces one item of the server's stored plan for `column_name`. */
export const ReplaceDietItemRequestSchema = z.object({
  itemToReplace: ItemReferenceSchema,
  /** diet_one = day 1 … diet_seven = day 7. */
  column_name: z.enum(DAY_COLUMNS),
  userData: z.unknown().optional(),
  current_diet: z.unknown().optional(),
  user_food_preference: z.unknown().optional(),
  /** The alternative picked from `list_diet_replacements` (its foodId); without it the best one is taken. */
  replacementFoodId: z.string().min(1).max(200).optional(),
});
export type ReplaceDietItemRequest = z.infer<typeof ReplaceDietItemRequestSchema>;

/**
 * One recorded plan change (decisions 046 and 069): the id `undo_plan_change` takes and the before → after lines
 * (a swap is one line; a rebuilt day or week one line per place that changed, at most 12 and a count).
 */
export const PlanChangeSchema = z.object({ change_id: z.uuid(), lines: z.array(z.string()) });
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/**
 * Response header of a reset (`openai_get_meal_plan` or `openai_get_workout_plan` with `buttonPress`): the change it
 * recorded, as JSON (PlanChangeSchema), so the screen can offer Undo while the body stays docs/product.md §8's list.
 */
export const PLAN_CHANGE_HEADER = "plan-change";

export const ReplacementCountSchema = z.object({
  /** Free replacements used so far (meals and workouts together); unchanged for Pro users. */
  freeReplacementsUsed: z.number().int().min(0),
  freeReplacementsLimit: z.number().int().min(0),
});

export const ReplaceDietItemResponseSchema = ReplacementCountSchema.extend({
  /** JSON text of the new item in its wire shape, `MealItemWire` (docs/product.md §8 sends it as a string). */
  replacementItem: z.string(),
  /** The recorded change, for Undo (decision 069); optional, so older clients and servers still agree. */
  change: PlanChangeSchema.optional(),
});
export type ReplaceDietItemResponse = z.infer<typeof ReplaceDietItemResponseSchema>;

/**
 * `list_diet_replacements`: the alternatives Replace offers for one item (up to three, best first). Looking does not
 * count against the free tier; applying one through `replace_diet_item` does.
 */
export const ListDietReplacementsRequestSchema = z.object({
  itemToReplace: ItemReferenceSchema,
  column_name: z.enum(DAY_COLUMNS),
});
export type ListDietReplacementsRequest = z.infer<typeof ListDietReplacementsRequestSchema>;
export const ListDietReplacementsResponseSchema = z.object({ alternatives: z.array(MealItemWireSchema) });
export type ListDietReplacementsResponse = z.infer<typeof ListDietReplacementsResponseSchema>;

/** `openai_get_workout_plan`. Answer: `WorkoutItemWire[]` for Monday–Sunday (200). */
export const GetWorkoutPlanRequestSchema = z.object({
  /** Ignored: the bearer token decides whose plan this is. */
  user_id: z.unknown().optional(),
  userGoal: FitnessGoalSchema.nullish(),
  user_preferred_workout_days: WorkoutDaysSchema.nullish(),
  user_experience_level: ExperienceLevelSchema.nullish(),
  user_workout_type: WorkoutTypeSchema.nullish(),
  user_equipment: EquipmentListSchema.nullish(),
  /** true = reset: plan the week afresh (Pro only). */
  buttonPress: z.boolean().default(false),
});
export type GetWorkoutPlanRequest = z.infer<typeof GetWorkoutPlanRequestSchema>;
export const WorkoutPlanResponseSchema = z.array(WorkoutItemWireSchema);

/** `replace_workout_item`: replaces one exercise of the server's stored workout plan. */
export const ReplaceWorkoutItemRequestSchema = z.object({
  workoutToReplace: ItemReferenceSchema,
  /**
   * The "Workout Name" of one of the alternatives `workout_alternatives` offered; absent, the
   * best alternative is taken (the seed's one-click replacement).
   */
  chosenWorkout: z.string().trim().min(1).max(200).optional(),
  userData: z.unknown().optional(),
  current_workout_data: z.unknown().optional(),
});
export type ReplaceWorkoutItemRequest = z.infer<typeof ReplaceWorkoutItemRequestSchema>;

export const ReplaceWorkoutItemResponseSchema = ReplacementCountSchema.extend({
  /** JSON text of the new item in its wire shape, `WorkoutItemWire`. */
  replacementWorkout: z.string(),
  /** The recorded change, for Undo (decision 069); optional, so older clients and servers still agree. */
  change: PlanChangeSchema.optional(),
});
export type ReplaceWorkoutItemResponse = z.infer<typeof ReplaceWorkoutItemResponseSchema>;

/** `workout_alternatives`: what Replace offers for one exercise, best first; looking costs no free replacement. */
export const WorkoutAlternativesRequestSchema = z.object({ workoutToReplace: ItemReferenceSchema });
export type WorkoutAlternativesRequest = z.infer<typeof WorkoutAlternativesRequestSchema>;
export const WorkoutAlternativesResponseSchema = z.object({
  /** Up to three, each as it would enter the plan (same day, sets and reps). */
  alternatives: z.array(WorkoutItemWireSchema),
});
export type WorkoutAlternativesResponse = z.infer<typeof WorkoutAlternativesResponseSchema>;

/** Error codes the plan functions answer with (besides the engine's own codes on 422). */
export const PLAN_ERROR_CODES = {
  proRequired: "pro_required",
  replacementLimit: "replacement_limit",
  profileIncomplete: "profile_incomplete",
  planNotFound: "plan_not_found",
  itemNotFound: "item_not_found",
  planChanged: "plan_changed",
  planningBusy: "planning_busy",
  /** undo_plan_change: not one of the caller's last 20 changes. */
  changeNotFound: "change_not_found",
} as const;

/** docs/product.md §9, shown when the free replacements are used up. */
export const REPLACEMENT_LIMIT_MESSAGE = "You've reached the maximum number of replacements!";
