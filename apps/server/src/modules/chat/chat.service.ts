import {
  CHAT_CONTEXT_MESSAGES,
  DEFAULT_GREETINGS,
  type ChatHistoryResponse,
  type ChatTrainerRequest,
  type ChatTrainerResponse,
} from "@fitwise/contracts/chat";
import { PLAN_ERROR_CODES, REPLACEMENT_LIMIT_MESSAGE } from "@fitwise/contracts/plans";
import { FREE_REPLACEMENTS_LIMIT } from "@fitwise/contracts/profile";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { exclusionConflict } from "@fitwise/engine/nutrition/exclusions";
import { kosherMealClash } from "@fitwise/engine/nutrition/kosher-meals";
import { FOOD_CATALOGUE, findFood } from "@fitwise/engine/nutrition/food-catalogue";
import type { MealPlanner, MealPlanOutcome, MealPlanRequest } from "@fitwise/engine/nutrition/meal-planner";
import { suitsDiet } from "@fitwise/engine/nutrition/meal-targets";
import type { Cuisine, DietType, ProteinSource } from "@fitwise/engine/nutrition/food.types";
import { parseIntent, type Intent } from "@fitwise/engine/trainer/intent-parser";
import { isProgressQuestion } from "@fitwise/engine/trainer/progress-check";
import { detectRedFlag } from "@fitwise/engine/trainer/red-flags";
import { applyIntent, type TrainerDeps, type TrainerOutcome } from "@fitwise/engine/trainer/trainer-actions";
import {
  DAY_INDICES,
  planNumberForDay,
  trainingDays,
  type DayIndex,
  type TrainerProfile,
  type TrainerState,
} from "@fitwise/engine/trainer/trainer-state";
import { placeSplit } from "@fitwise/engine/workouts/training-splits";
import {
  WEEKDAYS,
  type ExperienceLevel,
  type Weekday,
  type WorkoutType,
} from "@fitwise/engine/workouts/exercise.types";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { MyUser } from "../../db/schema";
import type { AiConfig } from "../../env";
import { HttpError } from "../../http/errors";
import type { IntentRunner, TurnResult } from "./chat-turn";
import { PlanningBusyError, type PlanPool } from "../plans/plan-pool";
import { derivedSeed, inputsHash } from "../plans/plan-seeds";
import {
  findWorkoutPlan,
  listMealPlans,
  saveMealPlan,
  saveWorkoutPlan,
  takeFreeReplacement,
  readFreeReplacements,
  type MealPlanRow,
  type WorkoutPlanRow,
} from "../plans/plans.repository";
import { firstWorkoutDay, mealInputs, workoutInputs } from "../plans/plans.service";
import { energyTargetsOf } from "../profile/profile.service";
import { findProfile, upsertProfile, type ProfileValues } from "../profile/profile.repository";
import { getProStatus } from "../subscriptions/subscription-status";
import {
  countChatMessages,
  deleteChatMessages,
  insertChatExchange,
  listChatMessages,
  lockPlanRevisions,
  recordAnalyticsEvent,
  setMealPlanInputsHash,
} from "./chat.repository";
import { progressCheckReply } from "../progress/progress.service";
import { modelTurn } from "./openai-brain";

export interface ChatDeps {
  db: Database;
  pool: PlanPool;
  now: () => Date;
  ai?: AiConfig;
  log: FastifyBaseLogger;
}

/** docs/product.md §6 defaults, as the plans module uses them where the profile says nothing. */
const DEFAULTS = {
  goal: "Lose Weight",
  level: "Beginner",
  workoutType: "Home Workout",
  dietType: "standard",
  cuisine: "American",
} as const satisfies {
  goal: FitnessGoal;
  level: ExperienceLevel;
  workoutType: WorkoutType;
  dietType: DietType;
  cuisine: Cuisine;
};

/** Meal solves one message may need: seven days, each with the brain's retries, and some margin. */
const MAX_SOLVES_PER_TURN = 30;

export const PROFILE_INCOMPLETE_REPLY =
  "I need your body data before I can work with your plans: please complete the calorie calculator (your goal, age, height, weight and activity) first. Until then I can still explain exercises and answer questions from the beginner guide.";

/** What a user may do on the free tier (docs/product.md §5 "Pro status"; the server enforces it, docs/product.md). */
export interface Access {
  isPro: boolean;
  freeReplacementsLeft: number;
}

/** Everything the chat read before thinking, so the writes can check nothing moved in between. */
export interface ChatContext {
  userId: string;
  row: MyUser;
  complete: boolean;
  state: TrainerState;
  mealRows: Map<number, MealPlanRow>;
  workoutRow: WorkoutPlanRow | undefined;
  access: Access;
}

export function emptyTurn(state: TrainerState, brain: TurnResult["brain"]): TurnResult {
  return {
    reply: "",
    state,
    mealDays: new Set(),
    replannedDays: new Set(),
    workout: false,
    workoutRebuilt: false,
    profile: false,
    itemIdsUpdated: [],
    activeDay: undefined,
    freeReplacements: 0,
    intents: [],
    brain,
  };
}

function present<T>(...values: Array<T | null | undefined>): T | undefined {
  return values.find((value): value is T => value !== null && value !== undefined);
}

/** The stored profile, with the request's profile fields filling only what it lacks (the server is the source of truth). */
function mergedProfile(row: MyUser | undefined, userId: string, payload: ChatTrainerRequest): MyUser {
  const days = row?.user_preferred_workout_days ?? [];
  const sources = row?.user_preferred_protein_sources ?? [];
  const now = new Date(0);
  return {
    user_id: userId,
    user_email: row?.user_email ?? null,
    user_full_name: row?.user_full_name ?? null,
    user_age: present(row?.user_age, payload.user_age) ?? null,
    user_gender: present(row?.user_gender, payload.user_gender) ?? null,
    user_weight_in_kgs: present(row?.user_weight_in_kgs, payload.user_weight_in_kgs) ?? null,
    user_height_in_cm: present(row?.user_height_in_cm, payload.user_height_in_cm) ?? null,
    user_activity: present(row?.user_activity, payload.user_activity) ?? null,
    user_tdee: present(row?.user_tdee, payload.user_tdee) ?? null,
    user_goal_tdee: present(row?.user_goal_tdee, payload.user_goal_tdee) ?? null,
    user_fitness_goal: present(row?.user_fitness_goal, payload.user_fitness_goal) ?? null,
    user_preferred_workout_days: days.length > 0 ? days : (payload.user_preferred_workout_days ?? []),
    user_workout_type: present(row?.user_workout_type, payload.user_workout_type) ?? null,
    user_experience_level: present(row?.user_experience_level, payload.user_experience_level) ?? null,
    user_equipment: row?.user_equipment ?? null,
    user_diet_preference: present(row?.user_diet_preference, payload.user_diet_preference) ?? null,
    user_food_preference: present(row?.user_food_preference, payload.user_food_preference) ?? null,
    user_preferred_protein_sources:
      sources.length > 0 ? sources : (payload.user_preferred_protein_sources ?? []),
    user_fav_food: present(row?.user_fav_food, payload.user_fav_food) ?? null,
    user_allergies: present(row?.user_allergies, payload.user_allergies) ?? null,
    user_avoid_food: present(row?.user_avoid_food, payload.user_avoid_food) ?? null,
    source: row?.source ?? null,
    user_device: row?.user_device ?? null,
    diet_screen_visited_at: row?.diet_screen_visited_at ?? null,
    user_adaptive_goal_tdee: row?.user_adaptive_goal_tdee ?? null,
    user_adaptive_fitness_goal: row?.user_adaptive_fitness_goal ?? null,
    user_adaptive_accepted_at: row?.user_adaptive_accepted_at ?? null,
    created_at: row?.created_at ?? now,
    updated_at: row?.updated_at ?? now,
  };
}

/** The brain's view of the profile; complete false when body data is missing (numbers would be made up). */
function trainerProfile(row: MyUser): { profile: TrainerProfile; complete: boolean } {
  const energy = energyTargetsOf(row);
  let planning: ReturnType<typeof mealInputs> | undefined;
  try {
    planning = mealInputs(row, {});
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  const complete = energy !== undefined && planning !== undefined;
  return {
    complete,
    profile: {
      goal: (row.user_fitness_goal as FitnessGoal | null) ?? DEFAULTS.goal,
      level: (row.user_experience_level as ExperienceLevel | null) ?? DEFAULTS.level,
      weightKg: row.user_weight_in_kgs ?? 0,
      heightCm: row.user_height_in_cm ?? 0,
      ageYears: row.user_age ?? 0,
      activityFactor: row.user_activity ?? 0,
      gender: row.user_gender ?? "female",
      targetKcal: planning?.targetKcal ?? 0,
      tdeeKcal: energy?.tdeeKcal ?? 0,
      dietType: (row.user_diet_preference as DietType | null) ?? DEFAULTS.dietType,
      cuisine: (row.user_food_preference as Cuisine | null) ?? DEFAULTS.cuisine,
      proteinSources: row.user_preferred_protein_sources as ProteinSource[],
      favouriteFoodsText: row.user_fav_food ?? "",
      // Allergies and avoided foods are both hard limits, as the plans module plans them.
      allergiesText: planning?.allergiesText ?? "",
      workoutDays: row.user_preferred_workout_days as Weekday[],
      workoutType: (row.user_workout_type as WorkoutType | null) ?? DEFAULTS.workoutType,
      equipment: row.user_equipment,
    },
  };
}

export async function loadChatContext(
  deps: ChatDeps,
  userId: string,
  payload: ChatTrainerRequest,
): Promise<ChatContext> {
  const { db } = deps;
  const [stored, mealRows, workoutRow, pro, used] = await Promise.all([
    findProfile(db, userId),
    listMealPlans(db, userId),
    findWorkoutPlan(db, userId),
    getProStatus(db, userId, deps.now()),
    readFreeReplacements(db, userId),
  ]);
  const row = mergedProfile(stored, userId, payload);
  const { profile, complete } = trainerProfile(row);
  const mealPlans: TrainerState["mealPlans"] = {};
  for (const meal of mealRows) {
    const day = DAY_INDICES.find((index) => index === meal.day_index);
    if (day !== undefined) mealPlans[day] = meal.items;
  }
  return {
    userId,
    row,
    complete,
    state: {
      profile,
      mealPlans,
      activeDay: (payload.active_day as DayIndex | undefined) ?? 1,
      workoutPlan: workoutRow?.items ?? [],
    },
    mealRows: new Map(mealRows.map((meal) => [meal.day_index, meal])),
    workoutRow,
    access: {
      isPro: pro.isPro,
      freeReplacementsLeft: pro.isPro
        ? Number.POSITIVE_INFINITY
        : Math.max(0, FREE_REPLACEMENTS_LIMIT - used),
    },
  };
}

/** Thrown by the recording planner when the brain needs a solve it has not been given yet. */
class NeedsSolve extends Error {
  constructor(
    readonly key: string,
    readonly request: MealPlanRequest,
  ) {
    super("meal solve needed");
  }
}

/**
 * The brain is pure and synchronous, but solves belong in the plan workers (they would block the event loop
 * for seconds). So the brain runs against a planner that knows only the solves made so far; when it asks
 * for a new one, that solve runs in the pool and the brain starts again. The brain is deterministic for
 * its inputs, so each run repeats the last and gets one solve further; the rest of a run takes milliseconds.
 */
export async function runWithPool(
  pool: PlanPool,
  run: (deps: TrainerDeps) => TrainerOutcome,
  seed: number,
): Promise<TrainerOutcome> {
  const solved = new Map<string, MealPlanOutcome>();
  const planner: MealPlanner = {
    plan(request) {
      const key = JSON.stringify(request);
      const known = solved.get(key);
      if (known !== undefined) return known;
      throw new NeedsSolve(key, request);
    },
  };
  for (let solves = 0; solves <= MAX_SOLVES_PER_TURN; solves += 1) {
    try {
      return run({ mealPlanner: planner, seed });
    } catch (error) {
      if (!(error instanceof NeedsSolve)) throw error;
      solved.set(error.key, await solveInPool(pool, error.request));
    }
  }
  throw new Error(`the trainer needed more than ${MAX_SOLVES_PER_TURN} meal solves for one message`);
}

/** A busy pool reads to the brain as the engine's own time-out, which it retries once and then explains. */
async function solveInPool(pool: PlanPool, request: MealPlanRequest): Promise<MealPlanOutcome> {
  try {
    return await pool.run({ kind: "meal-plan", request });
  } catch (error) {
    if (!(error instanceof PlanningBusyError)) throw error;
    return {
      ok: false,
      error: {
        code: "PLAN_TIMEOUT",
        message: "Meal planning is busy right now. Please try again in a minute.",
      },
    };
  }
}

const PRO_UPGRADE = "Upgrade to Pro to unlock it; nothing in your plans has changed.";

/** Numbers and changes need body data; these answers do not. */
const NEEDS_NO_PROFILE = new Set<Intent["kind"]>([
  "red-flag",
  "guide",
  "explain-exercise",
  "ask-workout",
  "greeting",
  "thanks",
  "unknown",
]);

/**
 * The free tier's limits, as the buttons have them (docs/product.md §5): plan 1 Breakfast and the first workout day only,
 * three free replacements, no resets. Returns the honest refusal, or undefined when the intent may go ahead.
 */
export function freeTierRefusal(intent: Intent, state: TrainerState, access: Access): string | undefined {
  if (access.isPro) return undefined;
  switch (intent.kind) {
    case "regenerate-meals":
      return `New meals for a whole day are a Pro feature (a reset). ${PRO_UPGRADE}`;
    case "regenerate-workouts":
      return `A fresh workout plan is a Pro feature (a reset). ${PRO_UPGRADE}`;
    case "replace-meal": {
      if (intent.itemIds.length === 0) return undefined;
      if (intent.day !== 1) return `Plans 2 and 3 are part of Pro. ${PRO_UPGRADE}`;
      const items = state.mealPlans[intent.day] ?? [];
      const locked = items.filter((item) => intent.itemIds.includes(item.id) && item.Meal !== "Breakfast");
      if (locked.length > 0)
        return `Swapping ${[...new Set(locked.map((item) => item.Meal))].join(" and ")} items is part of Pro; on the free plan you can swap Breakfast items. ${PRO_UPGRADE}`;
      if (intent.itemIds.length > access.freeReplacementsLeft)
        return access.freeReplacementsLeft === 0
          ? `${REPLACEMENT_LIMIT_MESSAGE} Upgrade to Pro for unlimited swaps.`
          : `That needs ${intent.itemIds.length} replacements and you have ${access.freeReplacementsLeft} of ${FREE_REPLACEMENTS_LIMIT} free ones left. Name a single item, or upgrade to Pro for unlimited swaps.`;
      return undefined;
    }
    case "replace-exercise": {
      if (intent.itemIds.length === 0) return undefined;
      const first = firstWorkoutDay(state.workoutPlan);
      const locked = state.workoutPlan.filter(
        (item) => intent.itemIds.includes(item.id) && item.Day !== first,
      );
      if (locked.length > 0)
        return `On the free plan you can change your first workout day (${first ?? "none yet"}) only. ${PRO_UPGRADE}`;
      if (intent.itemIds.length > access.freeReplacementsLeft)
        return `${REPLACEMENT_LIMIT_MESSAGE} Upgrade to Pro for unlimited swaps.`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Applies intents one after another to one turn, keeping every change for the single write at the end. */
export function createIntentRunner(
  deps: ChatDeps,
  context: ChatContext,
  seed: number,
  brain: TurnResult["brain"],
): IntentRunner {
  const turn = emptyTurn(context.state, brain);
  let access = { ...context.access };
  let calls = 0;
  return {
    async apply(intent) {
      turn.intents.push(intent.kind);
      if (!context.complete && !NEEDS_NO_PROFILE.has(intent.kind))
        return { reply: PROFILE_INCOMPLETE_REPLY, changed: false, refused: true };
      const refusal = freeTierRefusal(intent, turn.state, access);
      if (refusal !== undefined) return { reply: refusal, changed: false, refused: true };
      const before = turn.state;
      // Each call in a turn gets its own seed, so two swaps in one message do not pick alike.
      const outcome = await runWithPool(
        deps.pool,
        (trainerDeps) => applyIntent(intent, before, trainerDeps),
        seed + calls * 7_919,
      );
      calls += 1;
      const changed =
        outcome.changed.mealDays.length > 0 || outcome.changed.workout || outcome.changed.profile;
      turn.state = outcome.state;
      for (const day of outcome.changed.mealDays) {
        turn.mealDays.add(day);
        if (intent.kind !== "replace-meal") turn.replannedDays.add(day);
      }
      if (outcome.changed.workout) {
        turn.workout = true;
        if (intent.kind !== "replace-exercise") turn.workoutRebuilt = true;
      }
      if (outcome.changed.profile) turn.profile = true;
      turn.itemIdsUpdated.push(...outcome.itemIdsUpdated);
      if (outcome.activeDay !== undefined) turn.activeDay = outcome.activeDay;
      if (!access.isPro && (intent.kind === "replace-meal" || intent.kind === "replace-exercise")) {
        turn.freeReplacements += outcome.itemIdsUpdated.length;
        access = {
          ...access,
          freeReplacementsLeft: access.freeReplacementsLeft - outcome.itemIdsUpdated.length,
        };
      }
      return { reply: outcome.reply, changed, refused: false };
    },
    turn: () => turn,
  };
}

/** The offline brain: one message, one intent. */
export async function offlineTurn(
  deps: ChatDeps,
  context: ChatContext,
  message: string,
  seed: number,
): Promise<TurnResult> {
  const runner = createIntentRunner(deps, context, seed, "offline");
  const { reply } = await runner.apply(parseIntent(message, context.state));
  const turn = runner.turn();
  turn.reply = reply;
  return turn;
}

function mealHash(row: MyUser, day: DayIndex): string | undefined {
  try {
    return inputsHash({ ...mealInputs(row, {}), planNumber: planNumberForDay(day) });
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
    const rest = row.items.flatMap((other, at) =>
      other.Meal === item.Meal && at !== index ? (foods[at] ?? []) : [],
    );
    return (
      food !== undefined &&
      suitsDiet(food, profile.dietType) &&
      exclusionConflict(food, avoidances) === undefined &&
      (!avoidances.kosher || kosherMealClash(food, rest) === undefined)
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
  await deps.db.transaction().execute(async (trx) => {
    const revisions = await lockPlanRevisions(trx, userId);
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
          ? turn.state.profile.targetKcal
          : (stored?.target_kcal ?? turn.state.profile.targetKcal),
        notes: stored?.notes ?? [],
      });
    }
    if (turn.profile) {
      // Days the brain kept (e.g. no trace of a new allergy) stay valid: mark them planned from the new profile,
      // so opening the diet screen does not re-plan them. Days that no longer fit stay stale and are re-planned.
      for (const [day, stored] of context.mealRows) {
        const dayIndex = day as DayIndex;
        if (turn.mealDays.has(dayIndex)) continue;
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

export function toResponse(turn: TurnResult): ChatTrainerResponse {
  const present = new Set([
    ...Object.values(turn.state.mealPlans).flatMap((items) => (items ?? []).map((item) => item.id)),
    ...turn.state.workoutPlan.map((item) => item.id),
  ]);
  // A later call in the turn may have replaced an item an earlier one swapped in.
  const itemIds = [...new Set(turn.itemIdsUpdated)].filter((id) => present.has(id));
  const activeDay = turn.activeDay ?? [...turn.mealDays][0];
  return {
    message: turn.reply,
    ...(itemIds.length > 0 ? { item_ids_updated: itemIds } : {}),
    ...(turn.mealDays.size > 0 && activeDay !== undefined ? { active_day: activeDay } : {}),
    ...(turn.workout ? { updated_plan: { workout_plan: turn.state.workoutPlan } } : {}),
  };
}

/** openai_chat_trainer: read the caller's plans, think (model or offline brain), save every change, answer. */
export async function chatTrainer(
  deps: ChatDeps,
  userId: string,
  payload: ChatTrainerRequest,
  request: { id: string; optedOutOfTracking: boolean },
): Promise<ChatTrainerResponse> {
  const message = payload.user_message.trim();
  const context = await loadChatContext(deps, userId, payload);
  // Per message, so the same words a second time ("new meals for today") give another plan.
  const seed = derivedSeed("chat", userId, await countChatMessages(deps.db, userId));
  // "How am I doing?" is answered from the logs (issue 16), with the same figures as /progress.
  if (isProgressQuestion(message) && detectRedFlag(message) === undefined) {
    const turn = emptyTurn(context.state, "offline");
    turn.reply = await progressCheckReply(deps.db, userId, context.state.profile.goal, deps.now());
    await commitTurn(deps, context, turn, message, seed, !request.optedOutOfTracking);
    return toResponse(turn);
  }
  const turn = deps.ai
    ? await modelTurn({
        ai: deps.ai,
        log: deps.log,
        requestId: request.id,
        message,
        history: payload.conversation_history.slice(-CHAT_CONTEXT_MESSAGES),
        state: context.state,
        runner: () => createIntentRunner(deps, context, seed, "model"),
        fallback: () => offlineTurn(deps, context, message, seed),
      })
    : await offlineTurn(deps, context, message, seed);
  await commitTurn(deps, context, turn, message, seed, !request.optedOutOfTracking);
  return toResponse(turn);
}

/** get_chat_history: the stored conversation, or Alex's greetings for a new user. */
export async function chatHistory(db: Database, userId: string, now: Date): Promise<ChatHistoryResponse> {
  const stored = await listChatMessages(db, userId, 200);
  if (stored.length === 0) {
    const at = now.toISOString();
    return {
      messages: DEFAULT_GREETINGS.map((content) => ({ sender: "assistant", content, created_at: at })),
    };
  }
  return {
    messages: stored.map((message) => ({
      sender: message.sender,
      content: message.content,
      created_at: new Date(message.created_at).toISOString(),
    })),
  };
}

export async function clearChatHistory(db: Database, userId: string): Promise<{ deleted: number }> {
  return { deleted: await deleteChatMessages(db, userId) };
}
