import type { Insertable, Selectable } from "kysely";
import type { Database } from "../../db/database";
import type { SavedDietsTable, SavedWorkoutsTable } from "../../db/schema";

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

export async function insertSavedDiet(db: Database, row: Insertable<SavedDietsTable>): Promise<void> {
  await db.insertInto("saved_diets").values(row).execute();
}

export async function insertSavedWorkout(db: Database, row: Insertable<SavedWorkoutsTable>): Promise<void> {
  await db.insertInto("saved_workouts").values(row).execute();
}

export async function listSavedDiets(db: Database, userId: string): Promise<SavedDietRow[]> {
  return db
    .selectFrom("saved_diets")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("diet_id")
    .execute();
}

export async function listSavedWorkouts(db: Database, userId: string): Promise<SavedWorkoutRow[]> {
  return db
    .selectFrom("saved_workouts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("workout_id")
    .execute();
}

export async function findPublicDiet(db: Database, dietId: string): Promise<PublicDietRow | undefined> {
  return db
    .selectFrom("saved_diets")
    .select(PUBLIC_DIET_COLUMNS)
    .where("diet_id", "=", dietId)
    .where("public", "=", true)
    .executeTakeFirst();
}

export async function findPublicWorkout(
  db: Database,
  workoutId: string,
): Promise<PublicWorkoutRow | undefined> {
  return db
    .selectFrom("saved_workouts")
    .select(PUBLIC_WORKOUT_COLUMNS)
    .where("workout_id", "=", workoutId)
    .where("public", "=", true)
    .executeTakeFirst();
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
