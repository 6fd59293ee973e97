import { PLAN_ERROR_CODES, REPLACEMENT_LIMIT_MESSAGE } from "@fitwise/contracts/plans";
import { FREE_REPLACEMENTS_LIMIT } from "@fitwise/contracts/free-tier";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { kosherPlaceConflict } from "@fitwise/engine/nutrition/meal-roles";
import { FOOD_CATALOGUE, findFood } from "@fitwise/engine/nutrition/food-catalogue";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { allowedFood } from "@fitwise/engine/nutrition/meal-targets";
import {
  dayTargetFor,
  planNumberForDay,
  trainingDays,
  type DayIndex,
  type TrainerProfile,
} from "@fitwise/engine/trainer/trainer-state";
import { placeSplit } from "@fitwise/engine/workouts/training-splits";
import { WEEKDAYS } from "@fitwise/engine/workouts/exercise.types";
import type { MyUser, PlansBefore } from "../../db/schema";
import { inTransaction } from "../../db/transaction";
import { HttpError } from "../../http/errors";
import { changeLines, recordPlanChange, storedMealDay, storedWorkoutWeek } from "../plans/plan-changes";
import { inputsHash } from "../plans/plan-seeds";
import {
  lockPlanRows,
  saveMealPlan,
  saveWorkoutPlan,
  takeFreeReplacement,
  type MealPlanRow,
} from "../plans/plans.repository";
import { mealInputs, workoutInputs } from "../plans/plans.service";
import { energyTargetsOf } from "../profile/profile.service";
import { upsertProfile, type ProfileValues } from "../profile/profile.repository";
import type { ChatContext, ChatDeps } from "./chat.context";
import type { TurnResult } from "./chat-turn";
import { insertChatExchange, recordAnalyticsEvent, setMealPlanInputsHash } from "./chat.repository";

// Writing a turn: every change and both messages in one transaction, after checking nothing moved.

function mealHash(row: MyUser, day: DayIndex): string | undefined {
  try {
    return inputsHash({ ...mealInputs(row, {}, day), planNumber: planNumberForDay(day) });
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

function workoutHash(row: MyUser): string | undefined {
  try {
    return inputsHash(workoutInputs(row, {}));
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

/** The profile columns the turn changed (only those: gap-filling request values are never written). */
function profileChanges(
  before: MyUser,
  from: TrainerProfile,
  to: TrainerProfile,
): { values: ProfileValues; row: MyUser } {
  const values: ProfileValues = {};
  const row: MyUser = { ...before };
  if (to.goal !== from.goal) {
    values.user_fitness_goal = row.user_fitness_goal = to.goal;
    const energy = energyTargetsOf(row);
    if (energy) {
      values.user_tdee = row.user_tdee = energy.tdeeKcal;
      values.user_goal_tdee = row.user_goal_tdee = energy.goalTdeeKcal;
    }
  }
  if (to.level !== from.level) values.user_experience_level = row.user_experience_level = to.level;
  if (to.dietType !== from.dietType) values.user_diet_preference = row.user_diet_preference = to.dietType;
  if (to.cuisine !== from.cuisine) values.user_food_preference = row.user_food_preference = to.cuisine;
  if (to.workoutDays.join() !== from.workoutDays.join()) {
    row.user_preferred_workout_days = [...to.workoutDays];
    values.user_preferred_workout_days = JSON.stringify(to.workoutDays);
  }
  if ((to.injuries ?? []).join() !== (from.injuries ?? []).join()) {
    row.user_injuries = [...(to.injuries ?? [])];
    values.user_injuries = JSON.stringify(row.user_injuries);
  }
  if (to.allergiesText !== from.allergiesText) {
    // The brain appends ("…, allergic to peanuts"); the addition goes to the allergies the user typed.
    const added = to.allergiesText.startsWith(from.allergiesText)
      ? to.allergiesText.slice(from.allergiesText.length).replace(/^\s*,\s*/, "")
      : to.allergiesText;
    const existing = (before.user_allergies ?? "").trim();
    values.user_allergies = row.user_allergies = existing.length > 0 ? `${existing}, ${added}` : added;
  }
  return { values, row };
}

/** Whether a kept day still fits the new profile's hard limits, so it may be marked as planned from it. */
function dayStillValid(row: MealPlanRow, profile: TrainerProfile): boolean {
  const avoidances = parseAvoidances(profile.allergiesText, FOOD_CATALOGUE);
  const foods = row.items.map((item) => findFood(item.foodId));
  return row.items.every((item, index) => {
    const food = foods[index];
    // The day without this item, meal by meal: kosher looks at its meal and the meals before and after.
    const rest = (slot: MealSlot) =>
      row.items.flatMap((other, at) => (other.slot === slot && at !== index ? (foods[at] ?? []) : []));
    return (
      food !== undefined &&
      allowedFood(food, profile.dietType, avoidances) &&
      (!avoidances.kosher || kosherPlaceConflict(food, item.slot, rest) === undefined)
    );
  });
}

function planChanged(): HttpError {
  return new HttpError(
    409,
    PLAN_ERROR_CODES.planChanged,
    "Your plan changed while I was working on it (perhaps in another tab). Please send your message again.",
  );
}

/** Writes every change of the turn and both messages in one transaction, checking nothing moved since the read. */
export async function commitTurn(
  deps: ChatDeps,
  context: ChatContext,
  turn: TurnResult,
  userMessage: string,
  seed: number,
  recordUsage: boolean,
): Promise<void> {
  const { userId } = context;
  const before = context.state;
  const { values, row } = profileChanges(context.row, before.profile, turn.state.profile);
  // Plan rows, then the counter, then the rest (lockPlanRows); a deadlock still met is retried.
  await inTransaction(deps.db, async (trx) => {
    const revisions = await lockPlanRows(trx, userId);
    const touchedDays = [...turn.mealDays];
    for (const day of touchedDays) {
      const stored = context.mealRows.get(day);
      if (revisions.meals.get(day) !== stored?.revision) throw planChanged();
    }
    if (turn.workout && revisions.workout !== context.workoutRow?.revision) throw planChanged();

    if (turn.freeReplacements > 0) {
      for (let count = 0; count < turn.freeReplacements; count += 1) {
        if ((await takeFreeReplacement(trx, userId, FREE_REPLACEMENTS_LIMIT)) === undefined)
          throw new HttpError(403, PLAN_ERROR_CODES.replacementLimit, REPLACEMENT_LIMIT_MESSAGE);
      }
    }
    if (Object.keys(values).length > 0) await upsertProfile(trx, userId, values);

    for (const day of touchedDays) {
      const items = turn.state.mealPlans[day];
      if (items === undefined) continue;
      const stored = context.mealRows.get(day);
      const replanned = turn.replannedDays.has(day) || stored === undefined;
      const hash = replanned ? mealHash(row, day) : stored.inputs_hash;
      await saveMealPlan(trx, {
        userId,
        dayIndex: day,
        items,
        seed: replanned ? seed : (stored?.seed ?? seed),
        generation: stored === undefined ? 0 : stored.generation + (replanned ? 1 : 0),
        inputsHash: hash ?? "",
        targetKcal: replanned
          ? dayTargetFor(turn.state.profile, day)
          : (stored?.target_kcal ?? dayTargetFor(turn.state.profile, day)),
        // A new plan brings its own notes; a day with a swapped item keeps the notes it was planned with.
        notes: (replanned ? turn.state.mealNotes?.[day] : stored?.notes) ?? [],
      });
    }
    if (turn.profile) {
      // Days the brain kept (e.g. no trace of a new allergy) stay valid: mark them planned from the new profile,
      // so opening the diet screen does not re-plan them. Days that no longer fit stay stale and are re-planned.
      // Days left for the background job stay stale, so a read before it runs re-plans them (docs/decisions/070).
      for (const [day, stored] of context.mealRows) {
        const dayIndex = day as DayIndex;
        if (turn.mealDays.has(dayIndex) || turn.pendingMealDays.has(dayIndex)) continue;
        const oldHash = mealHash(context.row, dayIndex);
        const newHash = mealHash(row, dayIndex);
        if (newHash === undefined || oldHash !== stored.inputs_hash || newHash === oldHash) continue;
        if (dayStillValid(stored, turn.state.profile))
          await setMealPlanInputsHash(trx, { userId, dayIndex, inputsHash: newHash });
      }
    }
    if (turn.workout) {
      const stored = context.workoutRow;
      const items = turn.state.workoutPlan;
      const rebuilt = turn.workoutRebuilt || stored === undefined;
      await saveWorkoutPlan(trx, {
        userId,
        items,
        split: rebuilt
          ? (placeSplit(trainingDays(items).map((day) => WEEKDAYS.indexOf(day)))?.name ?? stored?.split ?? "")
          : (stored?.split ?? ""),
        seed: rebuilt ? seed : (stored?.seed ?? seed),
        generation: stored === undefined ? 0 : stored.generation + (rebuilt ? 1 : 0),
        inputsHash: (rebuilt ? workoutHash(row) : stored?.inputs_hash) ?? "",
        keepReplacedAway: !rebuilt,
      });
    }
    if (touchedDays.length > 0 || turn.workout) {
      const plansBefore: PlansBefore = {
        meals: touchedDays.map((day) => {
          const stored = context.mealRows.get(day);
          return { day, row: stored === undefined ? null : storedMealDay(stored) };
        }),
        ...(turn.workout
          ? {
              workout: {
                row: context.workoutRow === undefined ? null : storedWorkoutWeek(context.workoutRow),
              },
            }
          : {}),
      };
      const afterMeals = new Map(touchedDays.map((day) => [day, turn.state.mealPlans[day] ?? []]));
      const lines = changeLines(plansBefore, afterMeals, turn.workout ? turn.state.workoutPlan : undefined);
      const profileBefore = Object.fromEntries(
        Object.keys(values).map((column) => [column, context.row[column as keyof MyUser] ?? null]),
      );
      const id = await recordPlanChange(trx, {
        userId,
        before: plansBefore,
        profileBefore,
        lines,
        now: deps.now(),
      });
      turn.change = { id, lines };
    }
    await insertChatExchange(trx, userId, { userMessage, reply: turn.reply, at: deps.now() });
    if (!recordUsage) return;
    await recordAnalyticsEvent(trx, {
      userId,
      name: "chat_message",
      properties: {
        brain: turn.brain,
        intents: turn.intents,
        changed: { mealDays: touchedDays, workout: turn.workout, profile: turn.profile },
      },
    });
  });
}
