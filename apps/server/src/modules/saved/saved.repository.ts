import { sql, type Insertable, type Selectable } from "kysely";
import { z } from "zod";
import { MealItemListSchema, WorkoutItemListSchema } from "@fitwise/contracts/plans";
import { ProteinSourceSchema, WeekdaySchema } from "@fitwise/contracts/profile";
import type { Database } from "../../db/database";
import type { SavedDietsTable, SavedWorkoutsTable } from "../../db/schema";
import { parseStored } from "../../db/stored-data";

export type SavedDietRow = Selectable<SavedDietsTable>;
export type SavedWorkoutRow = Selectable<SavedWorkoutsTable>;

/** The only columns a public link reads: nothing that names the owner or their allergies. */
export const PUBLIC_DIET_COLUMNS = [
  "diet_id",
  "created_at",
  "user_fitness_goal",
  "user_weight_in_kgs",
  "user_height_in_cm",
  "user_age",
  "user_gender",
  "user_diet_preference",
  "user_food_preference",
  "user_tdee",
  "user_goal_tdee",
  "diet_one",
  "show_body_data",
] as const satisfies ReadonlyArray<keyof SavedDietsTable>;

export const PUBLIC_WORKOUT_COLUMNS = [
  "workout_id",
  "created_at",
  "workout_plan",
  "user_experience_level",
  "user_fitness_goal",
  "user_preferred_workout_days",
  "user_workout_type",
] as const satisfies ReadonlyArray<keyof SavedWorkoutsTable>;

export type PublicDietRow = Pick<SavedDietRow, (typeof PUBLIC_DIET_COLUMNS)[number]>;
export type PublicWorkoutRow = Pick<SavedWorkoutRow, (typeof PUBLIC_WORKOUT_COLUMNS)[number]>;

const WeekdayListSchema = z.array(WeekdaySchema);
const ProteinSourceListSchema = z.array(ProteinSourceSchema);

/** Saved plans are kept for good, across releases: their JSON is checked against today's contracts on every read. */
function checkedDiet<R extends Pick<SavedDietRow, "diet_id" | "diet_one">>(row: R): R {
  return {
    ...row,
    diet_one: parseStored(MealItemListSchema, row.diet_one, {
      table: "saved_diets",
      column: "diet_one",
      row: row.diet_id,
    }),
  };
}

function checkedWorkout<
  R extends Pick<SavedWorkoutRow, "workout_id" | "workout_plan" | "user_preferred_workout_days">,
>(row: R): R {
  const place = (column: string) => ({ table: "saved_workouts", column, row: row.workout_id });
  return {
    ...row,
    workout_plan: parseStored(WorkoutItemListSchema, row.workout_plan, place("workout_plan")),
    user_preferred_workout_days: parseStored(
      WeekdayListSchema,
      row.user_preferred_workout_days,
      place("user_preferred_workout_days"),
    ),
  };
}

function checkedDietRecord(row: SavedDietRow): SavedDietRow {
  return {
    ...checkedDiet(row),
    user_preferred_protein_sources: parseStored(ProteinSourceListSchema, row.user_preferred_protein_sources, {
      table: "saved_diets",
      column: "user_preferred_protein_sources",
      row: row.diet_id,
    }),
  };
}

/**
 * A new saved plan gets one more than its owner's highest number, read in the insert itself. Deleted numbers
 * are not given again unless they were the highest; two saves at the same instant may share a number.
 */
export async function insertSavedDiet(
  db: Database,
  row: Omit<Insertable<SavedDietsTable>, "plan_number">,
): Promise<void> {
  await db
    .insertInto("saved_diets")
    .values((eb) => ({
      ...row,
      plan_number: eb
        .selectFrom("saved_diets")
        .select(sql<number>`coalesce(max(plan_number), 0) + 1`.as("next"))
        .where("user_id", "=", row.user_id),
    }))
    .execute();
}

export async function insertSavedWorkout(
  db: Database,
  row: Omit<Insertable<SavedWorkoutsTable>, "plan_number">,
): Promise<void> {
  await db
    .insertInto("saved_workouts")
    .values((eb) => ({
      ...row,
      plan_number: eb
        .selectFrom("saved_workouts")
        .select(sql<number>`coalesce(max(plan_number), 0) + 1`.as("next"))
        .where("user_id", "=", row.user_id),
    }))
    .execute();
}

export async function listSavedDiets(db: Database, userId: string): Promise<SavedDietRow[]> {
  const rows = await db
    .selectFrom("saved_diets")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("diet_id")
    .execute();
  return rows.map(checkedDietRecord);
}

export async function listSavedWorkouts(db: Database, userId: string): Promise<SavedWorkoutRow[]> {
  const rows = await db
    .selectFrom("saved_workouts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("workout_id")
    .execute();
  return rows.map(checkedWorkout);
}

export async function findPublicDiet(db: Database, dietId: string): Promise<PublicDietRow | undefined> {
  const row = await db
    .selectFrom("saved_diets")
    .select(PUBLIC_DIET_COLUMNS)
    .where("diet_id", "=", dietId)
    .where("public", "=", true)
    .executeTakeFirst();
  return row && checkedDiet(row);
}

export async function findPublicWorkout(
  db: Database,
  workoutId: string,
): Promise<PublicWorkoutRow | undefined> {
  const row = await db
    .selectFrom("saved_workouts")
    .select(PUBLIC_WORKOUT_COLUMNS)
    .where("workout_id", "=", workoutId)
    .where("public", "=", true)
    .executeTakeFirst();
  return row && checkedWorkout(row);
}

/** Deletes the record only if `userId` owns it; false otherwise (unknown and foreign ids look the same). */
export async function deleteSavedDiet(db: Database, userId: string, dietId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_diets")
    .where("diet_id", "=", dietId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function deleteSavedWorkout(db: Database, userId: string, workoutId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_workouts")
    .where("workout_id", "=", workoutId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/**
 * Sets who may read a saved plan, only if `userId` owns it: the stored values, or undefined for an
 * unknown or foreign id (the same 404 for both). `showBodyData` applies to diets; undefined keeps it.
 */
export async function setSavedDietVisibility(
  db: Database,
  userId: string,
  dietId: string,
  change: { public: boolean; showBodyData: boolean | undefined },
): Promise<{ public: boolean; show_body_data: boolean } | undefined> {
  return db
    .updateTable("saved_diets")
    .set({
      public: change.public,
      ...(change.showBodyData === undefined ? {} : { show_body_data: change.showBodyData }),
    })
    .where("diet_id", "=", dietId)
    .where("user_id", "=", userId)
    .returning(["public", "show_body_data"])
    .executeTakeFirst();
}

export async function setSavedWorkoutVisibility(
  db: Database,
  userId: string,
  workoutId: string,
  isPublic: boolean,
): Promise<{ public: boolean } | undefined> {
  return db
    .updateTable("saved_workouts")
    .set({ public: isPublic })
    .where("workout_id", "=", workoutId)
    .where("user_id", "=", userId)
    .returning(["public"])
    .executeTakeFirst();
}
