import { mayUseAdaptiveTarget, mayUseMeal, mayUsePlanDay } from "@fitwise/contracts/free-tier";
import { PLAN_ERROR_CODES } from "@fitwise/contracts/plans";
import type {
  AdaptiveTarget,
  LogMealEatenRequest,
  LogMealEatenResponse,
  LogWeightRequest,
  LogWorkoutSetRequest,
  NextStepEntry,
  ProgressResponse,
  WorkoutHistoryResponse,
} from "@fitwise/contracts/progress";
import { PROGRESS_ERROR_CODES } from "@fitwise/contracts/progress";
import { suggestNextStep, type NextStep } from "@fitwise/engine/progress/double-progression";
import {
  EXPENDITURE_WINDOW_DAYS,
  estimateExpenditure,
  explainSuggestion,
  MIN_LOGGED_DAYS,
  MIN_SPAN_DAYS,
  MIN_WEIGH_INS,
  suggestTarget,
} from "@fitwise/engine/progress/expenditure";
import { isoDateOfDay, isoDayNumber, weeklyRateKg, weightTrend } from "@fitwise/engine/progress/weight-trend";
import { progressReply } from "@fitwise/engine/trainer/progress-check";
import { findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { findWorkoutPlan, listMealPlans } from "../plans/plans.repository";
import { energyTargetsOf } from "../profile/profile.service";
import { findProfile } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import { completeDays, dailyLoggedKcal } from "../diary/diary.repository";
import { refuseFutureDate } from "../diary/log-dates";
import {
  dailyIntake,
  deleteEaten,
  type EatenRow,
  listEatenOn,
  upsertEaten,
} from "../diary/meal-logs.repository";
import {
  deleteWeight as deleteWeightRow,
  listSets,
  listWeights,
  saveAdaptiveTarget,
  upsertSet,
  upsertWeight,
  type SetRow,
} from "./progress.repository";

function notFound(message: string): HttpError {
  return new HttpError(404, PROGRESS_ERROR_CODES.notFound, message);
}

/** A new target is suggested at most once a week, so the target moves by at most ±250 kcal a week. */
const DAYS_BETWEEN_CHANGES = 7;
/** How many past sessions of an exercise the history answers. */
const SESSIONS_PER_EXERCISE = 10;

export async function logWeight(
  db: Database,
  userId: string,
  input: LogWeightRequest,
  now: Date,
): Promise<{ entry: { date: string; weight_kg: number } }> {
  refuseFutureDate(input.date, now);
  return { entry: await upsertWeight(db, userId, input.date, input.weight_kg) };
}

export async function deleteWeight(db: Database, userId: string, date: string): Promise<{ deleted: true }> {
  if (!(await deleteWeightRow(db, userId, date))) throw notFound("There is no weigh-in on that day.");
  return { deleted: true };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Splits a day's ticks into those the current meal plans still hold and those they no longer do: an
 * item replaced, reset or re-planned after it was ticked gets a new id, and the total must follow the
 * plan on the screen (a tick nobody can see cannot be unticked). The log keeps both.
 */
async function splitByCurrentPlans(
  db: Database,
  userId: string,
  eaten: readonly EatenRow[],
): Promise<{ current: EatenRow[]; dropped: EatenRow[] }> {
  if (eaten.length === 0) return { current: [], dropped: [] };
  const planned = new Set(
    (await listMealPlans(db, userId)).flatMap((plan) => plan.items.map((item) => item.id)),
  );
  return {
    current: eaten.filter((row) => planned.has(row.item_id)),
    dropped: eaten.filter((row) => !planned.has(row.item_id)),
  };
}

async function adaptiveTarget(
  db: Database,
  userId: string,
  today: string,
  weighIns: ReadonlyArray<{ date: string; weight_kg: number }>,
  intake: ReadonlyArray<{ date: string; energy_kcal: number; complete: boolean }>,
  now: Date,
): Promise<{ adaptive: AdaptiveTarget; estimatedTdee: number | null; suggestedGoal: number | null }> {
  const [profile, { isPro }] = await Promise.all([findProfile(db, userId), getProStatus(db, userId, now)]);
  const energy = profile ? energyTargetsOf(profile) : undefined;
  const needs = { span_days: MIN_SPAN_DAYS, weigh_ins: MIN_WEIGH_INS, logged_days: MIN_LOGGED_DAYS };
  const base = {
    needs,
    counts: { span_days: 0, weigh_ins: 0, logged_days: 0 },
    current_goal_tdee: energy?.planningKcal ?? null,
    explanation: null,
  };
  const none = { estimatedTdee: null, suggestedGoal: null };
  if (!mayUseAdaptiveTarget(isPro)) return { adaptive: { ...base, status: "pro_required" }, ...none };
  // energyTargetsOf answers only for a profile with a goal and a gender; the checks narrow their types.
  if (!profile || !energy || profile.user_fitness_goal === null || profile.user_gender === null) {
    return { adaptive: { ...base, status: "not_enough_data" }, ...none };
  }

  const estimate = estimateExpenditure({
    weighIns: weighIns.map((entry) => ({ date: entry.date, weightKg: entry.weight_kg })),
    intake: intake.map((day) => ({ date: day.date, energyKcal: day.energy_kcal, complete: day.complete })),
    today,
    // The formula's need for the current profile, not an accepted target.
    mifflinTdeeKcal: energy.tdeeKcal,
    // Unmarked days far under the target the person eats to are taken as partly logged (docs/decisions/052).
    targetKcal: energy.planningKcal,
  });
  const counts = {
    span_days: estimate.counts.spanDays,
    weigh_ins: estimate.counts.weighIns,
    logged_days: estimate.counts.loggedDays,
  };
  if (estimate.status !== "ok") return { adaptive: { ...base, counts, status: "not_enough_data" }, ...none };

  const suggestion = suggestTarget({
    tdeeKcal: estimate.tdeeKcal,
    goal: profile.user_fitness_goal,
    gender: profile.user_gender,
    currentTargetKcal: energy.planningKcal,
  });
  const acceptedAt = profile.user_adaptive_accepted_at;
  const waiting =
    acceptedAt !== null && now.getTime() - acceptedAt.getTime() < DAYS_BETWEEN_CHANGES * 86_400_000;
  const status = waiting ? "wait" : suggestion.worthChanging ? "suggest" : "keep";
  return {
    adaptive: { ...base, counts, status, explanation: explainSuggestion(estimate, suggestion) },
    estimatedTdee: Math.round(estimate.tdeeKcal),
    suggestedGoal: status === "suggest" ? suggestion.suggestedKcal : null,
  };
}

/** A day's intake is its ticked plan items plus its diary entries; a day marked complete counts even when empty. */
function mergedIntake(
  ticked: ReadonlyArray<{ date: string; energy_kcal: number }>,
  logged: ReadonlyArray<{ date: string; energy_kcal: number }>,
  completeDates: readonly string[],
): Array<{ date: string; energy_kcal: number; complete: boolean }> {
  const byDate = new Map<string, number>();
  for (const day of [...ticked, ...logged])
    byDate.set(day.date, (byDate.get(day.date) ?? 0) + day.energy_kcal);
  for (const date of completeDates) if (!byDate.has(date)) byDate.set(date, 0);
  const complete = new Set(completeDates);
  return [...byDate]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([date, energyKcal]) => ({ date, energy_kcal: energyKcal, complete: complete.has(date) }));
}

/** get_progress: weigh-ins with their trend, the weekly rate, intake, today's eaten items, and (Pro) the adaptive target. */
export async function getProgress(
  db: Database,
  userId: string,
  todayInput: string | undefined,
  now: Date,
): Promise<ProgressResponse> {
  const today = todayInput ?? now.toISOString().slice(0, 10);
  refuseFutureDate(today, now);
  const from = isoDateOfDay(isoDayNumber(today) - EXPENDITURE_WINDOW_DAYS + 1);
  const [entries, ticked, logged, complete, eatenToday] = await Promise.all([
    listWeights(db, userId),
    dailyIntake(db, userId, from, today),
    dailyLoggedKcal(db, userId, from, today),
    completeDays(db, userId, from, today),
    listEatenOn(db, userId, today).then((eaten) => splitByCurrentPlans(db, userId, eaten)),
  ]);
  const intake = mergedIntake(ticked, logged, complete);
  const trend = weightTrend(entries.map((entry) => ({ date: entry.date, weightKg: entry.weight_kg })));
  const rate = weeklyRateKg(trend);
  const { adaptive, estimatedTdee, suggestedGoal } = await adaptiveTarget(
    db,
    userId,
    today,
    entries,
    intake,
    now,
  );
  return {
    entries,
    trend: trend.map((point) => ({ date: point.date, trend_kg: Math.round(point.trendKg * 100) / 100 })),
    weekly_rate_kg: rate === undefined ? null : Math.round(rate * 100) / 100,
    estimated_tdee: estimatedTdee,
    suggested_goal_tdee: suggestedGoal,
    adaptive,
    intake: intake.map((day) => ({ date: day.date, energy_kcal: round1(day.energy_kcal) })),
    eaten_today: eatenToday.current,
    eaten_today_dropped: eatenToday.dropped,
    today,
  };
}

/**
 * accept_suggested_target (Pro, docs/decisions/021): stores the suggestion as the user's target; every
 * meal plan then re-solves for it (the target is part of the plans' input hash).
 */
export async function acceptSuggestedTarget(
  db: Database,
  userId: string,
  goalKcal: number,
  today: string | undefined,
  now: Date,
): Promise<{ goal_tdee: number }> {
  const { isPro } = await getProStatus(db, userId, now);
  if (!mayUseAdaptiveTarget(isPro))
    throw new HttpError(403, PROGRESS_ERROR_CODES.proRequired, "The adaptive target is part of Pro.");
  const progress = await getProgress(db, userId, today, now);
  if (progress.adaptive.status !== "suggest" || progress.suggested_goal_tdee !== goalKcal) {
    throw new HttpError(
      409,
      PROGRESS_ERROR_CODES.suggestionChanged,
      "The suggestion changed since you saw it. Reload your progress and look again.",
    );
  }
  const profile = await findProfile(db, userId);
  await saveAdaptiveTarget(db, userId, {
    goalKcal,
    fitnessGoal: profile?.user_fitness_goal ?? null,
    acceptedAt: now,
  });
  return { goal_tdee: goalKcal };
}

/** log_meal_eaten: ticks or unticks an item of one of the caller's current meal plans. */
export async function logMealEaten(
  db: Database,
  userId: string,
  input: LogMealEatenRequest,
  now: Date,
): Promise<LogMealEatenResponse> {
  refuseFutureDate(input.date, now);
  if (input.eaten) {
    const found = (await listMealPlans(db, userId))
      .flatMap((plan) => plan.items.map((item) => ({ item, dayIndex: plan.day_index })))
      .find((candidate) => candidate.item.id === input.item_id);
    // Another user's item ids are unknown here too: a plan is only ever looked up by the caller.
    if (!found)
      throw new HttpError(404, PROGRESS_ERROR_CODES.unknownItem, "This item is not in your meal plans.");
    const { item } = found;
    // A free user ticks only what the free tier shows them (docs/product.md §5, docs/decisions/055).
    const { isPro } = await getProStatus(db, userId, now);
    if (!mayUsePlanDay(isPro, found.dayIndex) || !mayUseMeal(isPro, item.slot))
      throw new HttpError(
        403,
        PLAN_ERROR_CODES.proRequired,
        "Lunch, Snacks, Dinner and Plans 2 and 3 are part of Pro. Upgrade to log them.",
      );
    const grams = input.grams ?? item.grams;
    const energyKcal = item.grams > 0 ? (item.energyKcal * grams) / item.grams : 0;
    await upsertEaten(db, userId, {
      date: input.date,
      item_id: item.id,
      item_name: item.name,
      grams,
      energy_kcal: Math.round(energyKcal * 10) / 10,
    });
  } else {
    await deleteEaten(db, userId, input.date, input.item_id);
  }
  const { current: eaten } = await splitByCurrentPlans(db, userId, await listEatenOn(db, userId, input.date));
  const intakeKcal = eaten.reduce((sum, row) => sum + row.energy_kcal, 0);
  return { date: input.date, eaten, intake_kcal: round1(intakeKcal) };
}

export async function logWorkoutSet(
  db: Database,
  userId: string,
  input: LogWorkoutSetRequest,
  now: Date,
): Promise<{ date: string; exercise_id: string; set: Omit<SetRow, "date" | "exercise_id"> }> {
  refuseFutureDate(input.date, now);
  const exercise = findExerciseByName(input.exercise_id);
  if (!exercise) throw notFound("There is no exercise with this id.");
  await upsertSet(db, userId, { ...input, exercise_id: exercise.id });
  const { set_number, reps, load_kg, rir } = input;
  return { date: input.date, exercise_id: exercise.id, set: { set_number, reps, load_kg, rir } };
}

function nextStepEntry(step: NextStep | undefined): NextStepEntry | null {
  if (!step) return null;
  if (step.kind === "more_reps") return { kind: step.kind, load_kg: 0, target_reps: step.targetReps };
  return { kind: step.kind, load_kg: step.loadKg, reps_min: step.reps.min, reps_max: step.reps.max };
}

/** get_workout_history: per exercise, the latest sessions and double progression's next step. */
export async function getWorkoutHistory(
  db: Database,
  userId: string,
  exerciseId: string | undefined,
): Promise<WorkoutHistoryResponse> {
  const [sets, plan] = await Promise.all([listSets(db, userId, exerciseId), findWorkoutPlan(db, userId)]);
  // The rep range comes from the current plan; an exercise no longer planned keeps a common 8–12.
  const repsById = new Map<string, string>();
  for (const item of plan?.items ?? []) {
    const exercise = findExerciseByName(item.name);
    if (exercise && !repsById.has(exercise.id)) repsById.set(exercise.id, item.reps);
  }
  const byExercise = new Map<string, Map<string, SetRow[]>>();
  for (const set of sets) {
    const sessions = byExercise.get(set.exercise_id) ?? new Map<string, SetRow[]>();
    sessions.set(set.date, [...(sessions.get(set.date) ?? []), set]);
    byExercise.set(set.exercise_id, sessions);
  }
  return {
    exercises: [...byExercise].map(([id, sessions]) => {
      const exercise = findExerciseByName(id);
      const recent = [...sessions].slice(0, SESSIONS_PER_EXERCISE);
      const latest = recent[0]?.[1] ?? [];
      const toSet = (set: SetRow) => ({
        set_number: set.set_number,
        reps: set.reps,
        load_kg: set.load_kg,
        rir: set.rir,
      });
      return {
        exercise_id: id,
        exercise_name: exercise?.name ?? id,
        sessions: recent.map(([date, rows]) => ({ date, sets: rows.map(toSet) })),
        next: nextStepEntry(
          suggestNextStep({
            sets: latest.map((set) => ({
              setNumber: set.set_number,
              reps: set.reps,
              loadKg: set.load_kg,
              rir: set.rir,
            })),
            reps: repsById.get(id) ?? "8-12",
            equipment: exercise?.equipment ?? ["body weight"],
          }),
        ),
      };
    }),
  };
}

/** Alex's answer to "how am I doing?": the trend, its weekly rate and (Pro) the adaptive target. */
export async function progressCheckReply(
  db: Database,
  userId: string,
  goal: FitnessGoal,
  now: Date,
): Promise<string> {
  const progress = await getProgress(db, userId, undefined, now);
  return progressReply({
    goal,
    weighIns: progress.entries.length,
    trendKg: progress.trend.at(-1)?.trend_kg ?? null,
    weeklyRateKg: progress.weekly_rate_kg,
    explanation: progress.adaptive.explanation,
    suggestedKcal: progress.suggested_goal_tdee,
    adaptiveStatus: progress.adaptive.status,
  });
}
