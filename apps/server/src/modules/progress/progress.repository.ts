import { sql } from "kysely";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import type { Database } from "../../db/database";

/** Dates leave the database as YYYY-MM-DD text: the drivers would turn a `date` into a local-time Date. */
const dateText = sql<string>`to_char(log_date, 'YYYY-MM-DD')`;

export interface WeightRow {
  date: string;
  weight_kg: number;
}

export async function upsertWeight(
  db: Database,
  userId: string,
  date: string,
  weightKg: number,
): Promise<WeightRow> {
  await db
    .insertInto("weight_logs")
    .values({ user_id: userId, log_date: date, weight_kg: weightKg })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "log_date"]).doUpdateSet({ weight_kg: weightKg, updated_at: new Date() }),
    )
    .execute();
  return { date, weight_kg: weightKg };
}

/**
 * Stores a weigh-in only while the user has none: the weight typed during onboarding is the first
 * point of their progress. A concurrent first weigh-in of the same day wins (do nothing on conflict).
 */
export async function insertFirstWeight(
  db: Database,
  userId: string,
  date: string,
  weightKg: number,
): Promise<void> {
  const existing = await db
    .selectFrom("weight_logs")
    .select("log_date")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto("weight_logs")
    .values({ user_id: userId, log_date: date, weight_kg: weightKg })
    .onConflict((conflict) => conflict.columns(["user_id", "log_date"]).doNothing())
    .execute();
}

export async function deleteWeight(db: Database, userId: string, date: string): Promise<boolean> {
  const result = await db
    .deleteFrom("weight_logs")
    .where("user_id", "=", userId)
    .where("log_date", "=", date)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listWeights(db: Database, userId: string): Promise<WeightRow[]> {
  return db
    .selectFrom("weight_logs")
    .select([dateText.as("date"), "weight_kg"])
    .where("user_id", "=", userId)
    .orderBy("log_date")
    .execute();
}

export interface SetRow {
  date: string;
  exercise_id: string;
  set_number: number;
  reps: number;
  load_kg: number;
  rir: number;
}

function setValues(userId: string, row: SetRow) {
  return {
    user_id: userId,
    log_date: row.date,
    exercise_id: row.exercise_id,
    set_number: row.set_number,
    reps: row.reps,
    load_kg: row.load_kg,
    rir: row.rir,
  };
}

export async function upsertSet(db: Database, userId: string, row: SetRow): Promise<void> {
  await db
    .insertInto("workout_sets")
    .values(setValues(userId, row))
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "exercise_id", "log_date", "set_number"])
        .doUpdateSet({ reps: row.reps, load_kg: row.load_kg, rir: row.rir }),
    )
    .execute();
}

/** Day, exercise and set number of every set the caller logged between two days (inclusive), as "date|id|n". */
export async function loggedSetKeys(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("workout_sets")
    .select([dateText.as("date"), "exercise_id", "set_number"])
    .where("user_id", "=", userId)
    .where("log_date", ">=", from)
    .where("log_date", "<=", to)
    .execute();
  return new Set(rows.map((row) => setKey(row.date, row.exercise_id, row.set_number)));
}

export function setKey(date: string, exerciseId: string, setNumber: number): string {
  return `${date}|${exerciseId}|${setNumber}`;
}

/** Inserts sets, leaving any already logged as they are; the number written. */
export async function insertSetsKeepingLogged(
  db: Database,
  userId: string,
  rows: readonly SetRow[],
): Promise<number> {
  let written = 0;
  // Postgres takes at most 65,535 bind parameters per statement; 7 per row leaves room at 1,000 rows.
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await db
      .insertInto("workout_sets")
      .values(rows.slice(start, start + 1000).map((row) => setValues(userId, row)))
      .onConflict((conflict) =>
        conflict.columns(["user_id", "exercise_id", "log_date", "set_number"]).doNothing(),
      )
      .returning("set_number")
      .execute();
    written += inserted.length;
  }
  return written;
}

/** The caller's sets, newest day first, sets in order; one exercise or all. */
export async function listSets(db: Database, userId: string, exerciseId?: string): Promise<SetRow[]> {
  let query = db
    .selectFrom("workout_sets")
    .select([dateText.as("date"), "exercise_id", "set_number", "reps", "load_kg", "rir"])
    .where("user_id", "=", userId);
  if (exerciseId !== undefined) query = query.where("exercise_id", "=", exerciseId);
  return query.orderBy("log_date", "desc").orderBy("exercise_id").orderBy("set_number").limit(5000).execute();
}

export async function saveAdaptiveTarget(
  db: Database,
  userId: string,
  values: { goalKcal: number; fitnessGoal: FitnessGoal | null; acceptedAt: Date },
): Promise<void> {
  await db
    .updateTable("my_users")
    .set({
      user_adaptive_goal_tdee: values.goalKcal,
      user_adaptive_fitness_goal: values.fitnessGoal,
      user_adaptive_accepted_at: values.acceptedAt,
      user_goal_tdee: values.goalKcal,
      updated_at: values.acceptedAt,
    })
    .where("user_id", "=", userId)
    .execute();
}
