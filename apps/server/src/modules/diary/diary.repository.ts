import { sql } from "kysely";
import type { Database } from "../../db/database";
import { dailyEnergyKcal } from "./meal-logs.repository";

/** Dates leave the database as YYYY-MM-DD text: the drivers would turn a `date` into a local-time Date. */
const dateText = sql<string>`to_char(log_date, 'YYYY-MM-DD')`;

export interface FoodLogRow {
  id: string;
  date: string;
  meal: string;
  food_id: string | null;
  name: string;
  grams: number | null;
  servings: number | null;
  energy_kcal: number;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
  instead_of_item_id: string | null;
}

/** The columns a food_log row is read with (the diary and the data export). */
export const FOOD_LOG_COLUMNS = [
  "id",
  "meal",
  "food_id",
  "name",
  "grams",
  "servings",
  "energy_kcal",
  "protein_g",
  "carbs_g",
  "fat_g",
  "instead_of_item_id",
] as const;

/**
 * `createdAt` keeps the order of several entries written in one transaction, whose `now()` is one instant
 * (the diary lists a meal by created_at, then by the random id).
 */
export async function insertFoodLog(
  db: Database,
  userId: string,
  row: FoodLogRow,
  createdAt?: Date,
): Promise<void> {
  const { date, ...values } = row;
  const insert = { ...values, user_id: userId, log_date: date };
  await db
    .insertInto("food_log")
    // The schema types created_at as generated only; the column takes a value like any other.
    .values(createdAt === undefined ? insert : ({ ...insert, created_at: createdAt } as typeof insert))
    .execute();
}

/** Several entries in their order, a millisecond apart. */
export async function insertFoodLogs(
  db: Database,
  userId: string,
  rows: readonly FoodLogRow[],
): Promise<void> {
  const start = Date.now();
  for (const [index, row] of rows.entries()) await insertFoodLog(db, userId, row, new Date(start + index));
}

/** False when the caller has no such entry on that day (another user's entry is not theirs to delete). */
export async function deleteFoodLog(
  db: Database,
  userId: string,
  date: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("food_log")
    .where("user_id", "=", userId)
    .where("log_date", "=", date)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listFoodLogOn(db: Database, userId: string, date: string): Promise<FoodLogRow[]> {
  return db
    .selectFrom("food_log")
    .select([dateText.as("date"), ...FOOD_LOG_COLUMNS])
    .where("user_id", "=", userId)
    .where("log_date", "=", date)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Logged energy per day in [from, to]. */
export function dailyLoggedKcal(db: Database, userId: string, from: string, to: string) {
  return dailyEnergyKcal(db, "food_log", userId, from, to);
}

/** Days in [from, to] the caller marked complete. */
export async function completeDays(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("diary_days")
    .select(dateText.as("date"))
    .where("user_id", "=", userId)
    .where("log_date", ">=", from)
    .where("log_date", "<=", to)
    .where("complete", "=", true)
    .execute();
  return rows.map((row) => row.date);
}

export async function setDayComplete(
  db: Database,
  userId: string,
  date: string,
  complete: boolean,
): Promise<void> {
  await db
    .insertInto("diary_days")
    .values({ user_id: userId, log_date: date, complete })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "log_date"]).doUpdateSet({ complete, updated_at: new Date() }),
    )
    .execute();
}
