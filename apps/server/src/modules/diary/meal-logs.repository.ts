import { sql } from "kysely";
import type { Database } from "../../db/database";

// Plan items ticked as eaten (meal_logs). The diary owns what was eaten (this and food_log) and shows
// both; progress (log_meal_eaten, get_progress) writes and reads them through here (docs/decisions/075).

/** Dates leave the database as YYYY-MM-DD text: the drivers would turn a `date` into a local-time Date. */
const dateText = sql<string>`to_char(log_date, 'YYYY-MM-DD')`;

export interface EatenRow {
  date: string;
  item_id: string;
  item_name: string;
  grams: number;
  energy_kcal: number;
}

export async function upsertEaten(db: Database, userId: string, row: EatenRow): Promise<void> {
  await db
    .insertInto("meal_logs")
    .values({
      user_id: userId,
      log_date: row.date,
      item_id: row.item_id,
      item_name: row.item_name,
      grams: row.grams,
      energy_kcal: row.energy_kcal,
    })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "log_date", "item_id"]).doUpdateSet({
        item_name: row.item_name,
        grams: row.grams,
        energy_kcal: row.energy_kcal,
      }),
    )
    .execute();
}

export async function deleteEaten(db: Database, userId: string, date: string, itemId: string): Promise<void> {
  await db
    .deleteFrom("meal_logs")
    .where("user_id", "=", userId)
    .where("log_date", "=", date)
    .where("item_id", "=", itemId)
    .execute();
}

export async function listEatenOn(db: Database, userId: string, date: string): Promise<EatenRow[]> {
  return db
    .selectFrom("meal_logs")
    .select([dateText.as("date"), "item_id", "item_name", "grams", "energy_kcal"])
    .where("user_id", "=", userId)
    .where("log_date", "=", date)
    .orderBy("created_at")
    .orderBy("item_id")
    .execute();
}

/**
 * Energy per logged day in [from, to] from one of the two logs that hold it: plan items ticked as eaten
 * (`meal_logs`) or the food diary (`food_log`).
 */
export async function dailyEnergyKcal(
  db: Database,
  table: "meal_logs" | "food_log",
  userId: string,
  from: string,
  to: string,
): Promise<Array<{ date: string; energy_kcal: number }>> {
  const { rows } = await sql<{ date: string; energy_kcal: number }>`
    select to_char(log_date, 'YYYY-MM-DD') as date, sum(energy_kcal) as energy_kcal
    from ${sql.table(table)}
    where user_id = ${userId} and log_date >= ${from}::date and log_date <= ${to}::date
    group by log_date
    order by log_date`.execute(db);
  // PostgreSQL's sum of double precision is double precision, yet be explicit for both drivers.
  return rows.map((row) => ({ date: row.date, energy_kcal: Number(row.energy_kcal) }));
}

/** Eaten energy per logged day in [from, to]. */
export function dailyIntake(db: Database, userId: string, from: string, to: string) {
  return dailyEnergyKcal(db, "meal_logs", userId, from, to);
}
