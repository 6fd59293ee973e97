import { z } from "zod";
import { isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { WEIGHT_KG } from "./profile";

/**
 * Following the plan (docs/decisions/022): weigh-ins and their trend, meals eaten, the adaptive target and
 * workout logs. Every function is `POST /functions/v1/<name>` with a bearer token; rows belong to
 * the caller. Whether a date lies in the future depends on the server's clock, so the server checks
 * that (400 validation_failed, path "date"); the shapes below check everything else.
 */

/** Nothing before 1900: no one alive logged a weigh-in earlier, so such a date is a typo. */
export const EARLIEST_LOG_DATE = "1900-01-01";

export const LogDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.")
  .refine((date) => !Number.isNaN(isoDayNumber(date)), "This is not a calendar date.")
  .refine((date) => date >= EARLIEST_LOG_DATE, "Dates before 1900 are not accepted.");

/**
 * Plausible adult body weights; anything outside is a typo or the wrong unit. The profile's bounds
 * (docs/product.md §6.4), so a weigh-in the calculator would refuse is refused here too.
 */
export const WEIGHT_KG_MIN = WEIGHT_KG.min;
export const WEIGHT_KG_MAX = WEIGHT_KG.max;
export const REPS_MAX = 100;
export const LOAD_KG_MAX = 500;
export const RIR_MAX = 10;
export const SET_NUMBER_MAX = 20;
/** Grams of one eaten item: a generous bound, no real portion comes near it. */
export const EATEN_GRAMS_MAX = 5000;

const kg = (min: number, max: number) =>
  z.number().finite().min(min, `Must be at least ${min} kg.`).max(max, `Must be at most ${max} kg.`);

export const ExerciseIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/, "Not an exercise id.");

/**
 * A write's id made by the browser (a UUID), on the writes a browser may queue offline: the first
 * arrival is applied, a replay of the same id gets the first answer and changes nothing
 * (docs/decisions/047). Optional: a write without one is applied every time it arrives.
 */
export const ClientIdSchema = z.uuid();

/** The same id already used for another function: 409 (docs/decisions/047). */
export const CLIENT_ID_REUSED = "client_id_reused";

/** `log_weight`: one weigh-in per day; logging a day again replaces it (that is how it is edited). */
export const LogWeightRequestSchema = z.object({
  date: LogDateSchema,
  weight_kg: kg(WEIGHT_KG_MIN, WEIGHT_KG_MAX),
  client_id: ClientIdSchema.optional(),
});
export type LogWeightRequest = z.infer<typeof LogWeightRequestSchema>;

export const WeighInSchema = z.object({ date: z.string(), weight_kg: z.number() });
export type WeighInEntry = z.infer<typeof WeighInSchema>;
export const LogWeightResponseSchema = z.object({ entry: WeighInSchema });

/** `delete_weight`: 404 when the caller has no weigh-in that day. */
export const DeleteWeightRequestSchema = z.object({ date: LogDateSchema });
export const DeleteWeightResponseSchema = z.object({ deleted: z.literal(true) });

/** `get_progress`. `today` is the user's own calendar day (time zones); the server's by default. */
export const GetProgressRequestSchema = z.object({ today: LogDateSchema.optional() });
export type GetProgressRequest = z.infer<typeof GetProgressRequestSchema>;

export const ADAPTIVE_STATUSES = ["pro_required", "not_enough_data", "suggest", "keep", "wait"] as const;

export const EatenItemSchema = z.object({
  date: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  grams: z.number(),
  energy_kcal: z.number(),
});
export type EatenItem = z.infer<typeof EatenItemSchema>;

export const AdaptiveTargetSchema = z.object({
  /** pro_required (free tier), not_enough_data, suggest (a new target), keep (the current one fits), wait (changed < 7 days ago). */
  status: z.enum(ADAPTIVE_STATUSES),
  counts: z.object({ span_days: z.number(), weigh_ins: z.number(), logged_days: z.number() }),
  /** What the data needs before an estimate is offered. */
  needs: z.object({ span_days: z.number(), weigh_ins: z.number(), logged_days: z.number() }),
  current_goal_tdee: z.number().nullable(),
  /** One sentence on where the figures come from; null until there is an estimate. */
  explanation: z.string().nullable(),
});
export type AdaptiveTarget = z.infer<typeof AdaptiveTargetSchema>;

export const ProgressResponseSchema = z.object({
  entries: z.array(WeighInSchema),
  /** The smoothed weight at each weigh-in (EWMA, α = 0.1). */
  trend: z.array(z.object({ date: z.string(), trend_kg: z.number() })),
  /** kg a week, negative = losing; null until two weigh-ins a day apart exist. */
  weekly_rate_kg: z.number().nullable(),
  /** Pro: expenditure from the logs blended with Mifflin-St Jeor. */
  estimated_tdee: z.number().nullable(),
  /** Pro: the target to suggest (status "suggest"), else null. */
  suggested_goal_tdee: z.number().nullable(),
  adaptive: AdaptiveTargetSchema,
  /** Eaten energy per logged day of the last four weeks. */
  intake: z.array(z.object({ date: z.string(), energy_kcal: z.number() })),
  /** The items ticked as eaten on `today` that the current meal plans still hold: what "Eaten today" adds up. */
  eaten_today: z.array(EatenItemSchema),
  /**
   * Items ticked on `today` that the current meal plans no longer hold (replaced, reset or re-planned
   * since): kept in the log, left out of `eaten_today`, so the screen can say why they stopped counting.
   */
  eaten_today_dropped: z.array(EatenItemSchema).default([]),
  today: z.string(),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

/**
 * `accept_suggested_target` (Pro): takes the current suggestion. `goal_kcal` must be the suggestion
 * the user saw; when the data changed since, the answer is 409 suggestion_changed.
 */
export const AcceptTargetRequestSchema = z.object({
  goal_kcal: z.number().finite().min(0).max(20_000),
  /** The user's today, as sent to get_progress, so both see the same window. */
  today: LogDateSchema.optional(),
});
export const AcceptTargetResponseSchema = z.object({ goal_tdee: z.number() });

/** `log_meal_eaten`: ticks (or unticks) an item of one of the caller's current meal plans. */
export const LogMealEatenRequestSchema = z.object({
  date: LogDateSchema,
  item_id: z.string().min(1).max(200),
  eaten: z.boolean(),
  /** What was really eaten; the plan's grams when left out. */
  grams: z.number().finite().min(0).max(EATEN_GRAMS_MAX).optional(),
  client_id: ClientIdSchema.optional(),
});
export type LogMealEatenRequest = z.infer<typeof LogMealEatenRequestSchema>;
/** `eaten` and `intake_kcal` count only the items the current meal plans still hold, as `get_progress` does. */
export const LogMealEatenResponseSchema = z.object({
  date: z.string(),
  eaten: z.array(EatenItemSchema),
  intake_kcal: z.number(),
});
export type LogMealEatenResponse = z.infer<typeof LogMealEatenResponseSchema>;

/** `log_workout_set`: one set; logging the same set again replaces it. */
export const LogWorkoutSetRequestSchema = z.object({
  date: LogDateSchema,
  exercise_id: ExerciseIdSchema,
  set_number: z.number().int().min(1).max(SET_NUMBER_MAX),
  reps: z.number().int().min(0).max(REPS_MAX),
  load_kg: z.number().finite().min(0).max(LOAD_KG_MAX),
  rir: z.number().int().min(0).max(RIR_MAX),
  client_id: ClientIdSchema.optional(),
});
export type LogWorkoutSetRequest = z.infer<typeof LogWorkoutSetRequestSchema>;

export const LoggedSetSchema = z.object({
  set_number: z.number(),
  reps: z.number(),
  load_kg: z.number(),
  rir: z.number(),
});
export type LoggedSetEntry = z.infer<typeof LoggedSetSchema>;
export const LogWorkoutSetResponseSchema = z.object({
  date: z.string(),
  exercise_id: z.string(),
  set: LoggedSetSchema,
});

/** `get_workout_history`: all exercises, or one. */
export const GetWorkoutHistoryRequestSchema = z.object({ exercise_id: ExerciseIdSchema.optional() });
export type GetWorkoutHistoryRequest = z.infer<typeof GetWorkoutHistoryRequestSchema>;

export const NextStepSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("increase_load"),
    load_kg: z.number(),
    reps_min: z.number(),
    reps_max: z.number(),
  }),
  z.object({ kind: z.literal("more_reps"), load_kg: z.number(), target_reps: z.number() }),
  z.object({ kind: z.literal("same_load"), load_kg: z.number(), reps_min: z.number(), reps_max: z.number() }),
]);
export type NextStepEntry = z.infer<typeof NextStepSchema>;

export const WorkoutHistoryResponseSchema = z.object({
  exercises: z.array(
    z.object({
      exercise_id: z.string(),
      exercise_name: z.string(),
      /** Newest first, at most the last ten sessions. */
      sessions: z.array(z.object({ date: z.string(), sets: z.array(LoggedSetSchema) })),
      /** Double progression from the latest session (null for timed work). */
      next: NextStepSchema.nullable(),
    }),
  ),
});
export type WorkoutHistoryResponse = z.infer<typeof WorkoutHistoryResponseSchema>;

export const PROGRESS_ERROR_CODES = {
  notFound: "not_found",
  proRequired: "pro_required",
  suggestionChanged: "suggestion_changed",
  unknownItem: "unknown_item",
} as const;
