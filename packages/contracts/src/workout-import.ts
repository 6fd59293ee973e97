import { z } from "zod";

/**
 * `import_workout_history` (docs/decisions/067): workout history from another app's CSV export — Strong (both its
 * comma and its older semicolon layout) and Hevy — read on the server, where the exercise library lives. With
 * `dry_run` the answer is the preview and nothing is written; without it the same file is imported. A set already
 * logged (same day, exercise and set number) is never written again, so importing a file twice imports nothing.
 */

/** A few years of daily training in Strong's layout is about 1 MB; three leaves room without inviting abuse. */
export const WORKOUT_IMPORT_MAX_CHARS = 3_000_000;

export const WORKOUT_IMPORT_FORMATS = ["strong", "hevy"] as const;
export type WorkoutImportFormat = (typeof WORKOUT_IMPORT_FORMATS)[number];

export const ImportWorkoutHistoryRequestSchema = z.object({
  csv_text: z
    .string()
    .min(1, "The file is empty.")
    .max(WORKOUT_IMPORT_MAX_CHARS, "The file is larger than 3 MB; export a shorter period."),
  /** Strong's newer layout has no unit column: the weights are in the unit the app was set to. */
  weight_unit: z.enum(["kg", "lb"]).default("kg"),
  dry_run: z.boolean().default(true),
});
export type ImportWorkoutHistoryRequest = z.infer<typeof ImportWorkoutHistoryRequestSchema>;

/** Skipped rows listed in the answer; the count covers them all. */
export const WORKOUT_IMPORT_SKIPPED_LISTED = 100;

export const ImportWorkoutHistoryResponseSchema = z.object({
  format: z.enum(WORKOUT_IMPORT_FORMATS),
  /** Per exercise of our library the file's sets go to, with the names the file used for it. */
  exercises: z.array(
    z.object({
      exercise_id: z.string(),
      exercise_name: z.string(),
      file_names: z.array(z.string()),
      sets: z.number(),
      already_logged: z.number(),
    }),
  ),
  /** Exercise names of the file that no exercise of our library matches, with how many sets each had. */
  unmatched: z.array(z.object({ file_name: z.string(), sets: z.number() })),
  /** Sets that would be (dry run) or were written. */
  sets_new: z.number(),
  sets_already_logged: z.number(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  /** Whether any set had no RPE, so its reps in reserve were taken as the logger's default of 2. */
  rir_defaulted: z.boolean(),
  skipped: z.array(z.object({ line: z.number(), reason: z.string() })),
  skipped_count: z.number(),
  imported: z.number(),
});
export type ImportWorkoutHistoryResponse = z.infer<typeof ImportWorkoutHistoryResponseSchema>;
