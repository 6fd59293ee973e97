import { randomUUID } from "node:crypto";
import { toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { visibleWorkoutItems } from "@fitwise/contracts/free-tier";
import { PLAN_ERROR_CODES } from "@fitwise/contracts/plans";
import type { UndoPlanChangeResponse } from "@fitwise/contracts/chat";
import { formatGrams } from "@fitwise/engine/nutrition/number-format";
import type { MealItem } from "@fitwise/engine/nutrition/meal-planner";
import { WEEKDAYS, type WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { Database } from "../../db/database";
import type {
  PlanChangeSource,
  PlanRevisionsAfter,
  PlansBefore,
  StoredMealDay,
  StoredWorkoutWeek,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import { upsertProfile, type ProfileValues } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import { lockPlanRows, type MealPlanRow, type WorkoutPlanRow } from "./plans.repository";

// Undo for the plan changes Alex makes (docs/decisions/046-pain-notes.md) and for Replace and reset on the plan
// screens (docs/decisions/069-undo-for-replace-and-reset.md): the rows as they were, restored exactly, while nothing
// has moved them since.

/** Changes kept per user; older ones can no longer be undone. */
export const KEPT_PLAN_CHANGES = 20;
/** Lines shown under a reply; a rebuilt week lists the first ones and how many more. */
const MAX_LINES = 12;

export function storedMealDay(row: MealPlanRow): StoredMealDay {
  return {
    items: row.items,
    seed: row.seed,
    generation: row.generation,
    inputs_hash: row.inputs_hash,
    target_kcal: row.target_kcal,
    notes: row.notes,
    replaced_food_ids: row.replaced_food_ids,
  };
}

export function storedWorkoutWeek(row: WorkoutPlanRow): StoredWorkoutWeek {
  return {
    items: row.items,
    split: row.split,
    seed: row.seed,
    generation: row.generation,
    inputs_hash: row.inputs_hash,
    replaced_away_ids: row.replaced_away_ids,
  };
}

function mealLine(day: number, before: MealItem | undefined, after: MealItem | undefined): string {
  const label = (item: MealItem) => `${item.name} (${formatGrams(item.grams)})`;
  const meal = after?.slot ?? before?.slot ?? "";
  return `Day ${day} ${meal}: ${before === undefined ? "nothing" : label(before)} → ${after === undefined ? "removed" : label(after)}`;
}

function workoutLine(before: WorkoutItem | undefined, after: WorkoutItem | undefined): string {
  const label = (item: WorkoutItem) => `${item.name} (${item.sets} × ${item.reps})`;
  const day = after?.day ?? before?.day ?? "";
  return `${day}: ${before === undefined ? "rest" : label(before)} → ${after === undefined ? "rest" : label(after)}`;
}

/** Before → after, position by position: a swap is one line, a rebuilt day one line per place that changed. */
export function changeLines(
  before: PlansBefore,
  afterMeals: ReadonlyMap<number, readonly MealItem[]>,
  afterWorkout: readonly WorkoutItem[] | undefined,
): string[] {
  const lines: string[] = [];
  for (const { day, row } of before.meals) {
    const old = row?.items ?? [];
    const next = afterMeals.get(day) ?? [];
    for (let index = 0; index < Math.max(old.length, next.length); index += 1) {
      if (old[index]?.id !== next[index]?.id) lines.push(mealLine(day, old[index], next[index]));
    }
  }
  if (before.workout !== undefined && afterWorkout !== undefined) {
    const old = before.workout.row?.items ?? [];
    for (const day of WEEKDAYS) {
      const oldDay = old.filter((item) => item.day === day);
      const nextDay = afterWorkout.filter((item) => item.day === day);
      for (let index = 0; index < Math.max(oldDay.length, nextDay.length); index += 1) {
        const was = oldDay[index];
        const now = nextDay[index];
        if (was?.name !== now?.name || was?.sets !== now?.sets) lines.push(workoutLine(was, now));
      }
    }
  }
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES), `…and ${lines.length - MAX_LINES} more`]
    : lines;
}

/**
 * Records a change inside the transaction that wrote it (the revisions read are the ones it left) and keeps
 * the last KEPT_PLAN_CHANGES. Returns its id, which undo_plan_change takes.
 */
export async function recordPlanChange(
  trx: Database,
  change: {
    userId: string;
    /** Alex's turn (default), Replace, or a reset on a plan screen (decision 069). */
    source?: PlanChangeSource;
    before: PlansBefore;
    profileBefore: Partial<Record<keyof ProfileValues, unknown>>;
    lines: readonly string[];
    now: Date;
  },
): Promise<string> {
  const revisions = await lockPlanRows(trx, change.userId);
  const after: PlanRevisionsAfter = {
    meals: change.before.meals.map(({ day }) => ({ day, revision: revisions.meals.get(day) ?? -1 })),
    ...(change.before.workout === undefined ? {} : { workout: revisions.workout ?? -1 }),
  };
  const id = randomUUID();
  await trx
    .insertInto("plan_changes")
    .values({
      id,
      user_id: change.userId,
      source: change.source ?? "chat",
      before: JSON.stringify(change.before),
      after_revisions: JSON.stringify(after),
      profile_before: JSON.stringify(change.profileBefore),
      lines: JSON.stringify(change.lines),
      created_at: change.now,
    })
    .execute();
  const kept = await trx
    .selectFrom("plan_changes")
    .select("id")
    .where("user_id", "=", change.userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(KEPT_PLAN_CHANGES)
    .execute();
  await trx
    .deleteFrom("plan_changes")
    .where("user_id", "=", change.userId)
    .where(
      "id",
      "not in",
      kept.map((row) => row.id),
    )
    .execute();
  return id;
}

async function restoreMealDay(trx: Database, userId: string, day: number, row: StoredMealDay | null) {
  if (row === null) {
    await trx.deleteFrom("meal_plans").where("user_id", "=", userId).where("day_index", "=", day).execute();
    return;
  }
  const values = {
    items: JSON.stringify(row.items),
    seed: row.seed,
    generation: row.generation,
    inputs_hash: row.inputs_hash,
    target_kcal: row.target_kcal,
    notes: JSON.stringify(row.notes),
    replaced_food_ids: JSON.stringify(row.replaced_food_ids),
    updated_at: new Date(),
  };
  await trx
    .insertInto("meal_plans")
    .values({ user_id: userId, day_index: day, ...values })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "day_index"])
        .doUpdateSet((eb) => ({ ...values, revision: eb("meal_plans.revision", "+", 1) })),
    )
    .execute();
}

async function restoreWorkoutWeek(trx: Database, userId: string, row: StoredWorkoutWeek | null) {
  if (row === null) {
    await trx.deleteFrom("workout_plans").where("user_id", "=", userId).execute();
    return;
  }
  const values = {
    items: JSON.stringify(row.items),
    split: row.split,
    seed: row.seed,
    generation: row.generation,
    inputs_hash: row.inputs_hash,
    replaced_away_ids: JSON.stringify(row.replaced_away_ids),
    updated_at: new Date(),
  };
  await trx
    .insertInto("workout_plans")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet((eb) => ({ ...values, revision: eb("workout_plans.revision", "+", 1) })),
    )
    .execute();
}

/** Profile columns as upsertProfile writes them: JSON columns as text. */
function profileValuesOf(stored: Record<string, unknown>): ProfileValues {
  return Object.fromEntries(
    Object.entries(stored).map(([column, value]) => [
      column,
      value !== null && typeof value === "object" ? JSON.stringify(value) : value,
    ]),
  );
}

/**
 * `undo_plan_change`: puts back exactly what the change replaced (plans and the profile columns it set), in one
 * transaction, if the rows still carry the revisions the change left. Counts nothing against the free tier.
 */
export async function undoPlanChange(
  db: Database,
  userId: string,
  changeId: string,
  now: Date,
): Promise<UndoPlanChangeResponse> {
  return db.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom("plan_changes")
      .selectAll()
      .where("id", "=", changeId)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (change === undefined)
      throw new HttpError(
        404,
        PLAN_ERROR_CODES.changeNotFound,
        "That change is not one of your last 20, so it can't be undone.",
      );
    if (change.undone_at !== null)
      throw new HttpError(409, PLAN_ERROR_CODES.planChanged, "That change has already been undone.");
    const revisions = await lockPlanRows(trx, userId);
    const moved =
      change.after_revisions.meals.some(({ day, revision }) => revisions.meals.get(day) !== revision) ||
      (change.after_revisions.workout !== undefined && revisions.workout !== change.after_revisions.workout);
    if (moved)
      throw new HttpError(
        409,
        PLAN_ERROR_CODES.planChanged,
        "Your plan has changed since, so I can't undo that change without undoing the newer one too.",
      );
    for (const { day, row } of change.before.meals) await restoreMealDay(trx, userId, day, row);
    if (change.before.workout !== undefined) await restoreWorkoutWeek(trx, userId, change.before.workout.row);
    if (Object.keys(change.profile_before).length > 0)
      await upsertProfile(trx, userId, profileValuesOf(change.profile_before));
    await trx.updateTable("plan_changes").set({ undone_at: now }).where("id", "=", changeId).execute();
    const firstDay = change.before.meals.find(({ row }) => row !== null)?.day;
    const before = change.before.workout?.row?.items;
    // The week goes back as the caller's tier shows it (decision 055).
    const workout =
      before &&
      visibleWorkoutItems((await getProStatus(trx, userId, now)).isPro, before).map(toWireWorkoutItem);
    return {
      message: `Undone: your plan is back as it was.\n\n${change.lines.map((line) => `- ${line}`).join("\n")}`,
      ...(firstDay === undefined ? {} : { active_day: firstDay }),
      ...(workout === undefined ? {} : { updated_plan: { workout_plan: workout } }),
    };
  });
}
