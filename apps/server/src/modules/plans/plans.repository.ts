import type { Selectable } from "kysely";
import { z } from "zod";
import { MealItemListSchema, WorkoutItemListSchema } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-planner";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { Database } from "../../db/database";
import type { MealPlansTable, WorkoutPlansTable } from "../../db/schema";
import { parseStored } from "../../db/stored-data";

export type MealPlanRow = Selectable<MealPlansTable>;
export type WorkoutPlanRow = Selectable<WorkoutPlansTable>;

const TextListSchema = z.array(z.string());

/** A stored day with its JSON checked against the contracts (a corrupt one is a StoredDataError, not a crash later). */
function checkedMealPlan(row: MealPlanRow): MealPlanRow {
  const place = (column: string) => ({
    table: "meal_plans",
    column,
    row: `${row.user_id} day ${row.day_index}`,
  });
  return {
    ...row,
    items: parseStored(MealItemListSchema, row.items, place("items")),
    notes: parseStored(TextListSchema, row.notes, place("notes")),
    replaced_food_ids: parseStored(TextListSchema, row.replaced_food_ids, place("replaced_food_ids")),
  };
}

function checkedWorkoutPlan(row: WorkoutPlanRow): WorkoutPlanRow {
  const place = (column: string) => ({ table: "workout_plans", column, row: row.user_id });
  return {
    ...row,
    items: parseStored(WorkoutItemListSchema, row.items, place("items")),
    replaced_away_ids: parseStored(TextListSchema, row.replaced_away_ids, place("replaced_away_ids")),
  };
}

export async function findMealPlan(
  db: Database,
  userId: string,
  dayIndex: number,
): Promise<MealPlanRow | undefined> {
  const row = await db
    .selectFrom("meal_plans")
    .selectAll()
    .where("user_id", "=", userId)
    .where("day_index", "=", dayIndex)
    .executeTakeFirst();
  return row && checkedMealPlan(row);
}

export async function listMealPlans(db: Database, userId: string): Promise<MealPlanRow[]> {
  const rows = await db
    .selectFrom("meal_plans")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("day_index")
    .execute();
  return rows.map(checkedMealPlan);
}

export interface NewMealPlan {
  userId: string;
  dayIndex: number;
  items: readonly MealItem[];
  seed: number;
  generation: number;
  inputsHash: string;
  targetKcal: number;
  notes: readonly string[];
}

/**
 * Stores a freshly planned day, replacing what was there. The revision still moves on (it never
 * restarts), so a replacement computed against the previous plan cannot be written over this one.
 */
export async function saveMealPlan(db: Database, plan: NewMealPlan): Promise<void> {
  const values = {
    items: JSON.stringify(plan.items),
    seed: plan.seed,
    generation: plan.generation,
    inputs_hash: plan.inputsHash,
    target_kcal: plan.targetKcal,
    notes: JSON.stringify(plan.notes),
    replaced_food_ids: "[]",
    updated_at: new Date(),
  };
  await db
    .insertInto("meal_plans")
    .values({ user_id: plan.userId, day_index: plan.dayIndex, ...values })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "day_index"])
        .doUpdateSet((eb) => ({ ...values, revision: eb("meal_plans.revision", "+", 1) })),
    )
    .execute();
}

/**
 * Writes changed items only if nobody changed the day since `expectedRevision` was read, so two
 * concurrent replacements cannot silently undo each other. Returns false when the check failed.
 */
export async function updateMealPlanItems(
  db: Database,
  change: {
    userId: string;
    dayIndex: number;
    expectedRevision: number;
    items: readonly MealItem[];
    /** Given by a replacement: the day's foods replaced away so far, this one included. */
    replacedFoodIds?: readonly string[];
  },
): Promise<boolean> {
  const result = await db
    .updateTable("meal_plans")
    .set((eb) => ({
      items: JSON.stringify(change.items),
      ...(change.replacedFoodIds === undefined
        ? {}
        : { replaced_food_ids: JSON.stringify(change.replacedFoodIds) }),
      revision: eb("revision", "+", 1),
      updated_at: new Date(),
    }))
    .where("user_id", "=", change.userId)
    .where("day_index", "=", change.dayIndex)
    .where("revision", "=", change.expectedRevision)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findWorkoutPlan(db: Database, userId: string): Promise<WorkoutPlanRow | undefined> {
  const row = await db
    .selectFrom("workout_plans")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && checkedWorkoutPlan(row);
}

export interface NewWorkoutPlan {
  userId: string;
  items: readonly WorkoutItem[];
  split: string;
  seed: number;
  generation: number;
  inputsHash: string;
  /** The same week with items edited (a chat swap): keep its replaced-away names. */
  keepReplacedAway?: boolean;
}

/** Same as saveMealPlan: the revision moves on rather than restarting. */
export async function saveWorkoutPlan(db: Database, plan: NewWorkoutPlan): Promise<void> {
  const values = {
    items: JSON.stringify(plan.items),
    split: plan.split,
    seed: plan.seed,
    generation: plan.generation,
    inputs_hash: plan.inputsHash,
    // A new week starts with nothing replaced away.
    ...(plan.keepReplacedAway === true ? {} : { replaced_away_ids: "[]" }),
    updated_at: new Date(),
  };
  await db
    .insertInto("workout_plans")
    .values({ user_id: plan.userId, ...values })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet((eb) => ({ ...values, revision: eb("workout_plans.revision", "+", 1) })),
    )
    .execute();
}

/** Same optimistic check as updateMealPlanItems; `replacedAwayIds`, when given, replaces the week's list. */
export async function updateWorkoutPlanItems(
  db: Database,
  change: {
    userId: string;
    expectedRevision: number;
    items: readonly WorkoutItem[];
    replacedAwayIds?: readonly string[];
  },
): Promise<boolean> {
  const result = await db
    .updateTable("workout_plans")
    .set((eb) => ({
      items: JSON.stringify(change.items),
      ...(change.replacedAwayIds === undefined
        ? {}
        : { replaced_away_ids: JSON.stringify(change.replacedAwayIds) }),
      revision: eb("revision", "+", 1),
      updated_at: new Date(),
    }))
    .where("user_id", "=", change.userId)
    .where("revision", "=", change.expectedRevision)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Counts one free replacement if fewer than `limit` were used, in one statement, so concurrent
 * requests cannot both take the last one. Returns the new count, or undefined at the limit.
 */
export async function takeFreeReplacement(
  db: Database,
  userId: string,
  limit: number,
): Promise<number | undefined> {
  if (limit < 1) return undefined;
  const row = await db
    .insertInto("usage_counters")
    .values({ user_id: userId, free_replacements: 1 })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet((eb) => ({
          free_replacements: eb("usage_counters.free_replacements", "+", 1),
          updated_at: new Date(),
        }))
        .where("usage_counters.free_replacements", "<", limit),
    )
    .returning("free_replacements")
    .executeTakeFirst();
  return row?.free_replacements;
}

export interface PlanRevisions {
  meals: Map<number, number>;
  workout: number | undefined;
}

/**
 * THE LOCK ORDER of every transaction that writes a user's plans or free-tier counter: first this
 * (the user's meal_plans rows by day_index, then the workout_plans row), then usage_counters
 * (takeFreeReplacement), then anything else. Two transactions taking the same rows in opposite
 * orders deadlock on PostgreSQL (40P01); db/transaction.ts retries what still fails. Also reads
 * the revisions, so a change computed from an earlier read can check nothing moved in between.
 */
export async function lockPlanRows(trx: Database, userId: string): Promise<PlanRevisions> {
  const meals = await trx
    .selectFrom("meal_plans")
    .select(["day_index", "revision"])
    .where("user_id", "=", userId)
    .orderBy("day_index")
    .forUpdate()
    .execute();
  const workout = await trx
    .selectFrom("workout_plans")
    .select("revision")
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return { meals: new Map(meals.map((row) => [row.day_index, row.revision])), workout: workout?.revision };
}
