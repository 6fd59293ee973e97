import { BEGINNER_GUIDE } from "../guide/beginner-guide";
import { hasRules, parseAvoidances, type ParsedAvoidances } from "../nutrition/avoidances";
import { exclusionConflict } from "../nutrition/exclusions";
import { computeEnergyTargets, PLANNING_FLOOR_KCAL } from "../nutrition/energy";
import { FOOD_CATALOGUE, findFood } from "../nutrition/food-catalogue";
import { MEAL_SLOTS, type Food, type MealSlot } from "../nutrition/food.types";
import type { MealItem, MealPlanner, MealPlanOutcome } from "../nutrition/meal-planner";
import { kosherPlaceConflict } from "../nutrition/meal-roles";
import { replaceMealItem } from "../nutrition/meal-replacement";
import { formatGrams, formatKcal } from "../nutrition/number-format";
import { explainPlanNotes, type NoteTopic } from "../nutrition/plan-notes";
import type { EngineError, FitnessGoal } from "../profile.types";
import { bodyMassIndex, screeningNotice } from "../screening";
import { EXERCISE_LIBRARY, findExerciseByName } from "../workouts/exercise-library";
import { WEEKDAYS, type Weekday, type WorkoutItem } from "../workouts/exercise.types";
import { weekdaySubsets } from "../workouts/weekday-subsets";
import { loadsJoint, type Joint } from "../workouts/joint-load";
import { isRestItem } from "../workouts/rest-days";
import { createSeededRandom } from "../workouts/seeded-random";
import { newItemId, restDayItem, youtubeSearchLink } from "../workouts/workout-items";
import {
  MAX_WORKOUT_DAYS,
  MIN_WORKOUT_DAYS,
  planWorkoutWeek,
  type WorkoutPlanOutcome,
} from "../workouts/workout-planner";
import { replaceWorkoutItem } from "../workouts/workout-replacement";
import { guideOverview, guideQuotes } from "./guide-answers";
import { parseIntents, type ClarifyChoice, type Intent } from "./intent-parser";
import { meaningfulWords, simplify } from "./name-match";
import { RED_FLAG_REPLIES } from "./red-flags";
import {
  DAY_INDICES,
  dayTargetFor,
  isExerciseItem,
  mealRequestFor,
  storedMealDays,
  sumItems,
  trainingDays,
  type DayIndex,
  type TrainerProfile,
  type TrainerState,
} from "./trainer-state";

export interface TrainerDeps {
  mealPlanner: MealPlanner;
  /** Vary it per message (the server draws it): the same seed regenerates the same plan. */
  seed: number;
  /**
   * A change that re-plans the whole week (an allergy, cuisine, diet or goal) re-plans only the day in view here and
   * returns the others as pendingMealDays, for the caller to re-plan off the reply's path (docs/decisions/070).
   * Absent or false: every day is re-planned here.
   */
  deferOtherMealDays?: boolean;
}

export interface TrainerChanges {
  mealDays: DayIndex[];
  workout: boolean;
  profile: boolean;
}

export interface TrainerOutcome {
  /** Markdown. */
  reply: string;
  /** The new state; the very same object when nothing changed. */
  state: TrainerState;
  changed: TrainerChanges;
  /** Items that were individually swapped or moved (the widget highlights them); not every item of a rebuilt plan. */
  itemIdsUpdated: string[];
  /** The meal day the widget should refresh (docs/product.md §5 active_day); set whenever meals changed. */
  activeDay?: DayIndex;
  /** Buttons under a clarifying question; each sends its message when pressed. */
  choices?: ClarifyChoice[];
  /** Days whose plan no longer fits the new profile and were left as they were for the caller to re-plan (deferOtherMealDays). */
  pendingMealDays?: DayIndex[];
}

// Formatting is reporting only: every figure shown is an engine-made item's, or a sum of them.

const kcal = formatKcal;
const grams = formatGrams;

function describeMealItem(item: MealItem): string {
  return `**${item.name} (${grams(item.grams)}, ${kcal(item.energyKcal)})**`;
}

function describeExercise(item: WorkoutItem): string {
  return `**${item.name} (${item.sets} × ${item.reps})**`;
}

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1] ?? ""}`;
}

function dayTotalsLine(items: readonly MealItem[]): string {
  const total = sumItems(items);
  return `${kcal(total.energyKcal)} · ${grams(total.proteinG)} protein · ${grams(total.carbsG)} carbs · ${grams(total.fatG)} fat`;
}

function mealSummary(items: readonly MealItem[]): string {
  return MEAL_SLOTS.filter((slot) => items.some((item) => item.slot === slot))
    .map((slot) => {
      const slotItems = items.filter((item) => item.slot === slot);
      return `- **${slot}** (${kcal(sumItems(slotItems).energyKcal)}): ${slotItems.map((item) => `${item.name} (${grams(item.grams)})`).join(", ")}`;
    })
    .join("\n");
}

function workingSets(plan: readonly WorkoutItem[]): number {
  return plan.filter(isExerciseItem).reduce((sum, item) => sum + item.sets, 0);
}

function weekByDay(plan: readonly WorkoutItem[]): string {
  return WEEKDAYS.map((day) => {
    const exercises = plan.filter((item) => item.day === day && isExerciseItem(item));
    return exercises.length === 0
      ? `- **${day}**: rest`
      : `- **${day}**: ${exercises.map((item) => item.name).join(", ")}`;
  }).join("\n");
}

function unchanged(state: TrainerState, reply: string): TrainerOutcome {
  return { reply, state, changed: { mealDays: [], workout: false, profile: false }, itemIdsUpdated: [] };
}

function couldNot(state: TrainerState, what: string, error: EngineError): TrainerOutcome {
  return unchanged(
    state,
    `I couldn't ${what}, because ${asClause(error.message)} Nothing in your plans has changed.`,
  );
}

function asClause(text: string): string {
  const trimmed = text.trim();
  const sentence = /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
  // Engine messages are sentences; after "because" they read on, but acronyms and names ("HiGHS", "Monday") keep their case.
  return /^[A-Z][a-z]/.test(sentence) && !WEEKDAYS.some((day) => sentence.startsWith(day))
    ? sentence[0]?.toLowerCase() + sentence.slice(1)
    : sentence;
}

function nothingSwapped(state: TrainerState, failures: readonly string[]): TrainerOutcome {
  const why =
    failures.length > 0
      ? failures.join("\n\n")
      : "Those items are no longer in your plan (it may have changed in another tab).";
  return unchanged(state, `${why} Nothing in your plans has changed.`);
}

function mealOutcome(
  state: TrainerState,
  next: TrainerState,
  reply: string,
  mealDays: DayIndex[],
  extra: Partial<TrainerChanges> & { itemIdsUpdated?: string[]; pendingMealDays?: DayIndex[] } = {},
): TrainerOutcome {
  const activeDay = mealDays.includes(state.activeDay) ? state.activeDay : mealDays[0];
  const pending = extra.pendingMealDays ?? [];
  return {
    reply,
    state: next,
    changed: { mealDays, workout: extra.workout ?? false, profile: extra.profile ?? false },
    itemIdsUpdated: extra.itemIdsUpdated ?? [],
    ...(activeDay === undefined ? {} : { activeDay }),
    ...(pending.length > 0 ? { pendingMealDays: pending } : {}),
  };
}

/**
 * The days a week-wide change re-plans now and those it leaves for later. Deferred, only the day in view is planned
 * in the reply (or the first of the days, when the day in view is not among them): a whole week is seven solves,
 * which made these the slowest replies (docs/decisions/070).
 */
function daysNowAndLater(
  days: readonly DayIndex[],
  state: TrainerState,
  deps: TrainerDeps,
): { now: DayIndex[]; later: DayIndex[] } {
  if (deps.deferOtherMealDays !== true || days.length <= 1) return { now: [...days], later: [] };
  const first = days.includes(state.activeDay) ? state.activeDay : days[0];
  return { now: days.filter((day) => day === first), later: days.filter((day) => day !== first) };
}

/** Names days for a reply: "Day 2", "Day 2 and Day 5", "Day 2, Day 3 and Day 4". */
function dayNames(days: readonly DayIndex[]): string {
  return listWords(days.map((day) => `Day ${day}`));
}

/** The honest line for days left for later: they are being re-planned now, not yet done. */
function restOfWeekLine(later: readonly DayIndex[]): string {
  return `The rest of your week (${dayNames(later)}) follows in a moment: I'm re-planning it now.`;
}

export const CAPABILITIES = [
  'Swap a meal item or a whole meal: "swap the oatmeal", "replace my lunch"',
  'Give a day new meals: "new meals for today", "regenerate day 2"',
  'Keep foods out of your plans: "I\'m allergic to peanuts", "I don\'t like mushrooms"',
  'Change cuisine or diet: "make it Italian", "I went vegan"',
  'Swap an exercise: "swap push-ups"',
  'Reschedule training: "move Monday\'s workout to Tuesday", "make Friday a rest day"',
  'Change your goal or level: "I want to build muscle now", "I\'m advanced"',
  'Your numbers: "how much protein today?", "what are my macros?"',
  'Exercise technique: "how do I do a deadlift?"',
  "Answers from the beginner guide: water, sleep, getting started, soreness, progress",
];

const CAPABILITY_LIST = CAPABILITIES.map((line) => `- ${line}`).join("\n");

function sameFoods(left: readonly MealItem[], right: readonly MealItem[]): boolean {
  const key = (items: readonly MealItem[]) =>
    items
      .map((item) => `${item.slot}:${item.foodId}:${item.grams}`)
      .sort()
      .join("|");
  return key(left) === key(right);
}

/** Plans a day; when asked for new meals, tries a couple of further seeds rather than hand back the same plan. */
function planDay(
  planner: MealPlanner,
  profile: TrainerProfile,
  day: DayIndex,
  seed: number,
  previous?: readonly MealItem[],
): MealPlanOutcome {
  let outcome: MealPlanOutcome = planner.plan(mealRequestFor(profile, day, seed));
  for (let attempt = 1; attempt < 3; attempt += 1) {
    // A time-out says "try again", so we do, once, with another seed; a repeat of the old plan is not "new meals".
    const retry = outcome.ok
      ? previous !== undefined && sameFoods(previous, outcome.plan.items)
      : outcome.error.code === "PLAN_TIMEOUT" && attempt === 1;
    if (!retry) break;
    outcome = planner.plan(mealRequestFor(profile, day, seed + attempt * 7919));
  }
  return outcome;
}

/** Re-plans the days (all or nothing) for a changed profile; the error names the day that failed. */
function replanDays(
  planner: MealPlanner,
  profile: TrainerProfile,
  days: readonly DayIndex[],
  seed: number,
):
  | { ok: true; plans: Map<DayIndex, MealItem[]>; notes: Map<DayIndex, string[]> }
  | { ok: false; day: DayIndex; error: EngineError } {
  const plans = new Map<DayIndex, MealItem[]>();
  const notes = new Map<DayIndex, string[]>();
  for (const day of days) {
    const outcome = planDay(planner, profile, day, seed + day);
    if (!outcome.ok) return { ok: false, day, error: outcome.error };
    plans.set(day, outcome.plan.items);
    notes.set(day, outcome.plan.notes);
  }
  return { ok: true, plans, notes };
}

/** The state with new plans for some days, each with its planner's notes (a new plan's notes replace the old). */
function withMealPlans(
  state: TrainerState,
  profile: TrainerProfile,
  plans: ReadonlyMap<DayIndex, MealItem[]>,
  notes: ReadonlyMap<DayIndex, string[]>,
): TrainerState {
  return {
    ...state,
    profile,
    mealPlans: { ...state.mealPlans, ...Object.fromEntries(plans) },
    mealNotes: { ...state.mealNotes, ...Object.fromEntries(notes) },
  };
}

function beforeAfterLines(state: TrainerState, plans: ReadonlyMap<DayIndex, MealItem[]>): string {
  return [...plans]
    .map(([day, items]) => {
      const before = state.mealPlans[day];
      return before === undefined
        ? `- Day ${day}: ${kcal(sumItems(items).energyKcal)} (new)`
        : `- Day ${day}: ${kcal(sumItems(before).energyKcal)} → ${kcal(sumItems(items).energyKcal)}`;
    })
    .join("\n");
}

function noMealPlan(state: TrainerState, day: DayIndex): TrainerOutcome {
  return unchanged(
    state,
    `You don't have a meal plan for Day ${day} yet. Say "new meals for day ${day}" and I'll make one, or open the diet screen.`,
  );
}

function replaceMeal(
  intent: Extract<Intent, { kind: "replace-meal" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const { day } = intent;
  const original = state.mealPlans[day];
  if (original === undefined) return noMealPlan(state, day);
  if (intent.itemIds.length === 0)
    return unchanged(
      state,
      `Day ${day} has no ${intent.slot?.toLowerCase() ?? `"${intent.query}"`} to swap. It has:\n\n${mealSummary(original)}`,
    );

  let plan = [...original];
  const swapped: { before: MealItem; after: MealItem }[] = [];
  const failures: string[] = [];
  for (const [index, itemId] of intent.itemIds.entries()) {
    const before = plan.find((item) => item.id === itemId);
    if (before === undefined) continue;
    const seed = deps.seed + index;
    const outcome = replaceMealItem({
      plan,
      itemId,
      request: mealRequestFor(state.profile, day, seed),
      seed,
    });
    if (!outcome.ok) {
      failures.push(
        `I couldn't replace ${describeMealItem(before)}, because ${asClause(outcome.error.message)}`,
      );
      continue;
    }
    plan = plan.map((item) => (item.id === itemId ? outcome.item : item));
    swapped.push({ before, after: outcome.item });
  }
  if (swapped.length === 0) return nothingSwapped(state, failures);

  const lines = swapped.map(
    ({ before, after }) => `Swapped ${describeMealItem(before)} for ${describeMealItem(after)}.`,
  );
  const slots = MEAL_SLOTS.filter((slot) => swapped.some(({ before }) => before.slot === slot));
  const slotLines = slots.map(
    (slot: MealSlot) =>
      `${slot} is now ${kcal(sumItems(plan, slot).energyKcal)} (was ${kcal(sumItems(original, slot).energyKcal)}).`,
  );
  const reply = [
    lines.join("\n"),
    `${slotLines.join(" ")} Day ${day} total: ${kcal(sumItems(plan).energyKcal)} (was ${kcal(sumItems(original).energyKcal)}).`,
    ...failures,
  ].join("\n\n");
  const next: TrainerState = { ...state, mealPlans: { ...state.mealPlans, [day]: plan } };
  return mealOutcome(state, next, reply, [day], { itemIdsUpdated: swapped.map(({ after }) => after.id) });
}

function regenerateMeals(
  intent: Extract<Intent, { kind: "regenerate-meals" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const { day } = intent;
  const before = state.mealPlans[day];
  const outcome = planDay(deps.mealPlanner, state.profile, day, deps.seed, before);
  if (!outcome.ok) return couldNot(state, `plan new meals for Day ${day}`, outcome.error);
  const items = outcome.plan.items;
  const next: TrainerState = {
    ...state,
    mealPlans: { ...state.mealPlans, [day]: items },
    mealNotes: { ...state.mealNotes, [day]: outcome.plan.notes },
  };
  const comparison = before === undefined ? "" : ` (was ${dayTotalsLine(before)})`;
  const sameAsBefore =
    before !== undefined && sameFoods(before, items)
      ? "\n\nYour preferences leave few choices, so the new plan has the same foods as before."
      : "";
  const unplaced = unrecognisedLine(outcome.plan.unrecognisedAvoidances);
  const reply = `Here are new meals for **Day ${day}**: ${dayTotalsLine(items)}${comparison}, target ${kcal(dayTargetFor(state.profile, day))}.\n\n${mealSummary(items)}${sameAsBefore}${unplaced === "" ? "" : `\n\n${unplaced}`}`;
  return mealOutcome(state, next, reply, [day]);
}

function conflictingItems(
  items: readonly MealItem[],
  avoidances: ParsedAvoidances,
): { item: MealItem; reason: string }[] {
  const found: { item: MealItem; reason: string }[] = [];
  // An item whose food we no longer know is judged by its name, so an old plan cannot hide an allergen.
  const foodOf = (item: MealItem) => findFood(item.foodId) ?? placeholderFood(item);
  for (const item of items) {
    const food = foodOf(item);
    const rest = (slot: MealSlot) =>
      items.filter((other) => other.slot === slot && other.id !== item.id).map(foodOf);
    const reason =
      exclusionConflict(food, avoidances) ??
      (avoidances.kosher ? kosherPlaceConflict(food, item.slot, rest) : undefined);
    if (reason !== undefined) found.push({ item, reason });
  }
  return found;
}

/** Alex says which words of the allergy field it could not place, so none is silently ignored. */
function unrecognisedLine(words: readonly string[]): string {
  return words.length === 0
    ? ""
    : `I didn't recognise ${listWords(words.map((word) => `"${word}"`))} in your allergies and dislikes, so I can't leave ${words.length === 1 ? "it" : "them"} out. Tell me another way (e.g. "no pork", "allergic to shellfish"), or pick from the list under Meal Preferences.`;
}

function placeholderFood(item: MealItem): Food {
  return {
    id: item.foodId,
    name: item.name,
    slots: [item.slot],
    cuisines: [],
    diet: "standard",
    allergens: [],
    energyKcal: 1,
    proteinG: 0,
    carbsG: 0,
    fatG: 0,
    fibreG: 0,
    satFatG: 0,
    sodiumMg: 0,
    portionMinG: 1,
    portionMaxG: 1,
    portionStepG: 1,
    image: item.image,
    ingredients: [],
    flags: [],
    wholeEggG: 0,
  };
}

function addAvoidance(
  intent: Extract<Intent, { kind: "add-avoidance" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const phrase =
    intent.severity === "allergy" ? `allergic to ${intent.foodsText}` : `don't like ${intent.foodsText}`;
  const added = parseAvoidances(phrase, FOOD_CATALOGUE);
  if (!hasRules(added)) {
    return unchanged(
      state,
      `I couldn't match "${intent.foodsText}" to any food I know, so I haven't changed your plans. Try naming the food, e.g. "I'm allergic to peanuts", or add it under Meal Preferences → Allergies.`,
    );
  }
  const current = parseAvoidances(state.profile.allergiesText, FOOD_CATALOGUE);
  const isNew =
    added.allergens.some((allergen) => !current.allergens.includes(allergen)) ||
    added.flags.some((flag) => !current.flags.includes(flag)) ||
    added.ingredients.some((word) => !current.ingredients.includes(word)) ||
    (added.kosher && !current.kosher);
  if (!isNew)
    return unchanged(state, `Your plans already leave out ${intent.foodsText}. Nothing needed changing.`);

  const existing = state.profile.allergiesText.trim();
  const profile: TrainerProfile = {
    ...state.profile,
    allergiesText: existing.length > 0 ? `${existing}, ${phrase}` : phrase,
  };
  const avoidances = parseAvoidances(profile.allergiesText, FOOD_CATALOGUE);
  const what = intent.severity === "allergy" ? "allergies" : "dislikes";
  const classes = [...added.allergens, ...added.flags];
  const ruledOut = classes.length > 0 ? ` (that rules out anything containing ${listWords(classes)})` : "";
  const lines = [`Got it: I've added **${intent.foodsText}** to your ${what}${ruledOut}.`];
  if (added.unrecognised.length > 0) lines.push(unrecognisedLine(added.unrecognised));

  const plans = new Map<DayIndex, MealItem[]>();
  const notes = new Map<DayIndex, string[]>();
  const failed: string[] = [];
  const conflicting = storedMealDays(state).flatMap((day) => {
    const conflicts = conflictingItems(state.mealPlans[day] ?? [], avoidances);
    return conflicts.length === 0 ? [] : [{ day, conflicts }];
  });
  const { now, later } = daysNowAndLater(
    conflicting.map(({ day }) => day),
    state,
    deps,
  );
  for (const { day, conflicts } of conflicting) {
    if (!now.includes(day)) continue;
    const named = listWords(conflicts.map(({ item, reason }) => `${describeMealItem(item)} (${reason})`));
    const outcome = planDay(deps.mealPlanner, profile, day, deps.seed + day);
    if (!outcome.ok) {
      failed.push(
        `I couldn't re-plan Day ${day} without it, because ${asClause(outcome.error.message)} Please skip ${named} until you change your preferences.`,
      );
      continue;
    }
    plans.set(day, outcome.plan.items);
    notes.set(day, outcome.plan.notes);
    lines.push(
      `Day ${day} had ${named}, so I re-planned it: ${kcal(sumItems(state.mealPlans[day] ?? []).energyKcal)} → ${kcal(sumItems(outcome.plan.items).energyKcal)}.`,
    );
  }
  if (later.length > 0)
    lines.push(
      `${dayNames(later)} ${later.length === 1 ? "has" : "have"} it too and ${later.length === 1 ? "follows" : "follow"} in a moment: I'm re-planning ${later.length === 1 ? "it" : "them"} without it now.`,
    );
  if (plans.size === 0 && failed.length === 0 && later.length === 0)
    lines.push(
      "None of your current meals contain it, so your plans stay as they are; new plans will leave it out.",
    );
  const next = withMealPlans(state, profile, plans, notes);
  const days = [...plans.keys()];
  const reply = [...lines, ...failed].join("\n\n");
  return mealOutcome(state, next, reply, days, { profile: true, pendingMealDays: later });
}

function changeMealProfile(
  state: TrainerState,
  deps: TrainerDeps,
  profile: TrainerProfile,
  label: string,
): TrainerOutcome {
  const stored = storedMealDays(state);
  const { now: days, later } = daysNowAndLater(stored.length > 0 ? stored : [state.activeDay], state, deps);
  const result = replanDays(deps.mealPlanner, profile, days, deps.seed);
  if (!result.ok) return couldNot(state, `switch your meals to ${label} (Day ${result.day})`, result.error);
  const next = withMealPlans(state, profile, result.plans, result.notes);
  const activeItems = result.plans.get(state.activeDay) ?? [...result.plans.values()][0] ?? [];
  const replanned =
    later.length > 0
      ? `Day ${days[0] ?? state.activeDay} is updated`
      : `I re-planned ${days.length === 1 ? "this day" : `all ${days.length} days`}`;
  const rest = later.length > 0 ? `\n\n${restOfWeekLine(later)}` : "";
  const reply = `Your meals are now **${label}**. ${replanned}:\n\n${beforeAfterLines(state, result.plans)}\n\n${mealSummary(activeItems)}${rest}`;
  return mealOutcome(state, next, reply, days, { profile: true, pendingMealDays: later });
}

function workoutOutcome(
  state: TrainerState,
  plan: WorkoutItem[],
  profile: TrainerProfile,
  reply: string,
  itemIdsUpdated: string[] = [],
): TrainerOutcome {
  const profileChanged = profile !== state.profile;
  return {
    reply,
    state: { ...state, profile, workoutPlan: plan },
    changed: { mealDays: [], workout: true, profile: profileChanged },
    itemIdsUpdated,
  };
}

function currentTrainingDays(state: TrainerState): Weekday[] {
  const fromPlan = trainingDays(state.workoutPlan);
  return fromPlan.length > 0 ? fromPlan : WEEKDAYS.filter((day) => state.profile.workoutDays.includes(day));
}

function noWorkoutPlan(state: TrainerState): TrainerOutcome {
  return unchanged(
    state,
    `You don't have a workout plan yet. Open the workouts screen and I'll build one for your ${currentTrainingDays(state).length} training days.`,
  );
}

function replaceExercise(
  intent: Extract<Intent, { kind: "replace-exercise" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  if (intent.itemIds.length === 0) {
    const where = intent.day === undefined ? "your workout plan" : `${intent.day}'s workout`;
    return unchanged(
      state,
      `**${intent.query}** isn't in ${where}, so there's nothing to swap. Your week:\n\n${weekByDay(state.workoutPlan)}`,
    );
  }
  let plan = [...state.workoutPlan];
  const swapped: { before: WorkoutItem; after: WorkoutItem }[] = [];
  const failures: string[] = [];
  for (const [index, itemId] of intent.itemIds.entries()) {
    const before = plan.find((item) => item.id === itemId);
    if (before === undefined) continue;
    const outcome = replaceWorkoutItem({
      plan,
      itemId,
      level: state.profile.level,
      workoutType: state.profile.workoutType,
      equipment: state.profile.equipment,
      ageYears: state.profile.ageYears,
      avoidJoints: state.profile.injuries,
      seed: deps.seed + index,
    });
    if (!outcome.ok) {
      failures.push(
        `I couldn't replace ${describeExercise(before)} on ${before.day}, because ${asClause(outcome.error.message)}`,
      );
      continue;
    }
    plan = plan.map((item) => (item.id === itemId ? outcome.item : item));
    swapped.push({ before, after: outcome.item });
  }
  if (swapped.length === 0) return nothingSwapped(state, failures);
  const lines = swapped.map(
    ({ before, after }) =>
      `Swapped ${describeExercise(before)} for ${describeExercise(after)} on ${before.day}.`,
  );
  return workoutOutcome(
    state,
    plan,
    state.profile,
    [lines.join("\n"), ...failures].join("\n\n"),
    swapped.map(({ after }) => after.id),
  );
}

function byWeekday(items: readonly WorkoutItem[]): WorkoutItem[] {
  return WEEKDAYS.flatMap((day) => items.filter((item) => item.day === day));
}

function moveWorkout(
  intent: Extract<Intent, { kind: "move-workout" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const { from, to } = intent;
  if (state.workoutPlan.length === 0) return noWorkoutPlan(state);
  const days = currentTrainingDays(state);
  if (!days.includes(from))
    return unchanged(
      state,
      `${from} is already a rest day, so there's no workout to move. You train on ${listWords(days)}.`,
    );
  if (from === to) return unchanged(state, `That's the same day, so nothing needed changing.`);
  if (days.includes(to)) {
    const free = WEEKDAYS.filter((day) => !days.includes(day));
    return unchanged(
      state,
      `You already train on ${to}, and two sessions on one day would break your plan's recovery. I can move ${from}'s workout to a rest day instead: ${listWords(free)}. Or say "make ${from} a rest day".`,
    );
  }
  const moved = state.workoutPlan
    .filter((item) => item.day === from && !isRestItem(item))
    .map((item) => ({ ...item, day: to }));
  const taken = new Set(state.workoutPlan.map((item) => item.id));
  const rest = restDayItem(newItemId(createSeededRandom(deps.seed), taken), from);
  const kept = state.workoutPlan.filter((item) => item.day !== from && item.day !== to);
  const plan = byWeekday([...kept, ...moved, rest]);
  const newDays = trainingDays(plan);
  if (newDays.length < MIN_WORKOUT_DAYS || newDays.length > MAX_WORKOUT_DAYS) {
    return unchanged(
      state,
      `Moving it would leave ${newDays.length} training days, outside the ${MIN_WORKOUT_DAYS}–${MAX_WORKOUT_DAYS} your plan needs, so I left it as it is.`,
    );
  }
  const exercises = moved.filter(isExerciseItem);
  const profile: TrainerProfile = { ...state.profile, workoutDays: newDays };
  const reply = `Moved ${from}'s workout (${exercises.length} exercises, ${workingSets(exercises)} sets) to **${to}**; ${from} is now a rest day. You now train on ${listWords(newDays)}.`;
  return workoutOutcome(
    state,
    plan,
    profile,
    reply,
    exercises.map((item) => item.id),
  );
}

function planSummary(outcome: Extract<WorkoutPlanOutcome, { ok: true }>): string {
  return `**${outcome.plan.split}** on ${listWords(trainingDays(outcome.plan.items))}`;
}

function makeRestDay(
  intent: Extract<Intent, { kind: "rest-day" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const days = currentTrainingDays(state);
  if (!days.includes(intent.day))
    return unchanged(state, `${intent.day} is already a rest day. You train on ${listWords(days)}.`);
  const remaining = days.filter((day) => day !== intent.day);
  if (remaining.length < MIN_WORKOUT_DAYS) {
    const free = WEEKDAYS.filter((day) => !days.includes(day));
    return unchanged(
      state,
      `You train on ${listWords(days)}; a rest day on ${intent.day} would leave ${remaining.length}, and your plan needs at least ${MIN_WORKOUT_DAYS} training days a week. You can move it instead, e.g. "move ${intent.day}'s workout to ${free[0] ?? "another day"}".`,
    );
  }
  // A split is built for its number of days (docs/product.md), so dropping a day means re-planning the week to keep every muscle's weekly sets.
  const outcome = planWeekFor(state.profile, remaining, deps.seed);
  if (!outcome.ok) return couldNot(state, `make ${intent.day} a rest day`, outcome.error);
  const profile: TrainerProfile = { ...state.profile, workoutDays: remaining };
  const reply = `**${intent.day}** is now a rest day. With ${remaining.length} training days I rebuilt your week as ${planSummary(outcome)}, so every muscle group still gets its weekly work: ${workingSets(state.workoutPlan)} → ${workingSets(outcome.plan.items)} working sets a week.\n\n${weekByDay(outcome.plan.items)}`;
  return workoutOutcome(state, outcome.plan.items, profile, reply);
}

/** Circular gaps between training days: the largest smallest gap spreads sessions for recovery. */
function smallestGap(days: readonly Weekday[]): number {
  const indices = days.map((day) => WEEKDAYS.indexOf(day));
  return Math.min(
    ...indices.map((index, position) => {
      const next = indices[(position + 1) % indices.length] ?? index;
      return (next - index + WEEKDAYS.length) % WEEKDAYS.length || WEEKDAYS.length;
    }),
  );
}

/** The days for a new count: as many of the current days as fit, then the most evenly spread, Monday first on ties. */
function daysForCount(current: readonly Weekday[], count: number): Weekday[] {
  let best: Weekday[] = [];
  let bestKey = [-1, -1];
  for (const days of weekdaySubsets(count, count)) {
    const key = [days.filter((day) => current.includes(day)).length, smallestGap(days)];
    if ((key[0] ?? 0) > (bestKey[0] ?? 0) || (key[0] === bestKey[0] && (key[1] ?? 0) > (bestKey[1] ?? 0))) {
      best = days;
      bestKey = key;
    }
  }
  return best;
}

function setTrainingDays(
  intent: Extract<Intent, { kind: "set-training-days" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const current = currentTrainingDays(state);
  if (intent.count < MIN_WORKOUT_DAYS || intent.count > MAX_WORKOUT_DAYS)
    return unchanged(
      state,
      `Your plan is built for ${MIN_WORKOUT_DAYS}–${MAX_WORKOUT_DAYS} training days a week, so I can't make it ${intent.count}; you train on ${listWords(current)}. Fewer sessions than ${MIN_WORKOUT_DAYS} can't give every muscle group its weekly work, and ${MAX_WORKOUT_DAYS + 1} leaves no day to recover.`,
    );
  if (intent.count === current.length)
    return unchanged(state, `You already train ${intent.count} days a week: ${listWords(current)}.`);
  const days = daysForCount(current, intent.count);
  const outcome = planWeekFor(state.profile, days, deps.seed);
  if (!outcome.ok) return couldNot(state, `plan ${intent.count} training days`, outcome.error);
  const profile: TrainerProfile = { ...state.profile, workoutDays: days };
  const reply = `You now train **${intent.count} days a week**: ${listWords(days)}. I rebuilt your week as ${planSummary(outcome)}: ${workingSets(state.workoutPlan)} → ${workingSets(outcome.plan.items)} working sets a week. Say "move Monday's workout to Tuesday" to pick other days.\n\n${weekByDay(outcome.plan.items)}`;
  return workoutOutcome(state, outcome.plan.items, profile, reply);
}

/**
 * The week a profile's settings give on these days. Every re-plan goes through here, so each honours the joints the
 * person asked to spare (docs/decisions/046), whatever else it changes.
 */
function planWeekFor(profile: TrainerProfile, days: readonly Weekday[], seed: number): WorkoutPlanOutcome {
  return planWorkoutWeek({
    goal: profile.goal,
    level: profile.level,
    days,
    workoutType: profile.workoutType,
    equipment: profile.equipment,
    ageYears: profile.ageYears,
    avoidJoints: profile.injuries,
    seed,
  });
}

function regenerateWorkouts(state: TrainerState, deps: TrainerDeps): TrainerOutcome {
  const days = currentTrainingDays(state);
  const outcome = planWeekFor(state.profile, days, deps.seed);
  if (!outcome.ok) return couldNot(state, "build a new workout plan", outcome.error);
  const reply = `Here's a fresh workout plan: ${planSummary(outcome)}, ${workingSets(outcome.plan.items)} working sets a week (was ${workingSets(state.workoutPlan)}).\n\n${weekByDay(outcome.plan.items)}`;
  return workoutOutcome(state, outcome.plan.items, state.profile, reply);
}

function changeLevel(
  intent: Extract<Intent, { kind: "change-level" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  if (intent.level === state.profile.level)
    return unchanged(state, `Your level is already **${intent.level}**, so nothing needed changing.`);
  const days = currentTrainingDays(state);
  const outcome = planWeekFor({ ...state.profile, level: intent.level }, days, deps.seed);
  if (!outcome.ok) return couldNot(state, `switch your plan to ${intent.level}`, outcome.error);
  const profile: TrainerProfile = { ...state.profile, level: intent.level };
  const reply = `Your level is now **${intent.level}** (was ${state.profile.level}). I rebuilt your workouts as ${planSummary(outcome)}: ${workingSets(state.workoutPlan)} → ${workingSets(outcome.plan.items)} working sets a week.\n\n${weekByDay(outcome.plan.items)}`;
  return workoutOutcome(state, outcome.plan.items, profile, reply);
}

const GOAL_PHRASES: Record<FitnessGoal, string> = {
  "Lose Weight": "to lose weight",
  "Gain Muscle Mass": "to build muscle",
};

function changeGoal(
  intent: Extract<Intent, { kind: "change-goal" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const before = state.profile;
  if (intent.goal === before.goal)
    return unchanged(
      state,
      `Your goal is already **${intent.goal}** (target ${kcal(before.targetKcal)}), so nothing needed changing.`,
    );
  let energy: ReturnType<typeof computeEnergyTargets>;
  try {
    energy = computeEnergyTargets({
      weightKg: before.weightKg,
      heightCm: before.heightCm,
      ageYears: before.ageYears,
      gender: before.gender,
      activityFactor: before.activityFactor,
      goal: intent.goal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return couldNot(state, `change your goal to ${intent.goal}`, {
      code: "invalid_profile",
      message: `your profile is incomplete (${message}). Please check it in Settings.`,
    });
  }
  const profile: TrainerProfile = {
    ...before,
    goal: intent.goal,
    targetKcal: energy.planningKcal,
    tdeeKcal: energy.tdeeKcal,
  };
  const workout = planWeekFor({ ...before, goal: intent.goal }, currentTrainingDays(state), deps.seed);
  if (!workout.ok) return couldNot(state, `change your goal to ${intent.goal}`, workout.error);
  const { now: stored, later } = daysNowAndLater(storedMealDays(state), state, deps);
  const meals = replanDays(deps.mealPlanner, profile, stored, deps.seed);
  if (!meals.ok) return couldNot(state, `re-plan Day ${meals.day}'s meals for ${intent.goal}`, meals.error);

  const floor =
    energy.keptAtNeed === "floor"
      ? ` Your need is not above the ${kcal(energy.floorKcal)} minimum we plan for, so no deficit fits within it: I plan at your need of ${kcal(energy.planningKcal)}.`
      : energy.floorApplied
        ? ` Your need minus the goal adjustment is ${kcal(energy.goalTdeeKcal)}, below the ${kcal(energy.floorKcal)} minimum we plan for, so I plan at ${kcal(energy.floorKcal)}.`
        : "";
  const lines = [
    `Your goal is now **${intent.goal}** (was ${before.goal}). Daily target: **${kcal(before.targetKcal)} → ${kcal(profile.targetKcal)}**, from your daily need of ${kcal(energy.tdeeKcal)} adjusted ${GOAL_PHRASES[intent.goal]}.${floor}`,
    `Workouts rebuilt as ${planSummary(workout)}: ${workingSets(state.workoutPlan)} → ${workingSets(workout.plan.items)} working sets a week.`,
  ];
  if (stored.length > 0)
    lines.push(`Meals re-planned to the new target:\n\n${beforeAfterLines(state, meals.plans)}`);
  if (later.length > 0) lines.push(restOfWeekLine(later));
  // Never a silent deficit: an underweight user, or a floor above the need, hears why to be careful.
  const notice = profileNotice(profile);
  if (notice !== undefined) lines.push(notice.message);
  const next: TrainerState = {
    ...withMealPlans(state, profile, meals.plans, meals.notes),
    workoutPlan: workout.plan.items,
  };
  return mealOutcome(state, next, lines.join("\n\n"), stored, {
    profile: true,
    workout: true,
    pendingMealDays: later,
  });
}

function askNutrition(
  intent: Extract<Intent, { kind: "ask-nutrition" }>,
  state: TrainerState,
): TrainerOutcome {
  const items = state.mealPlans[intent.day];
  const advice =
    intent.advice && intent.topic !== "calories"
      ? `${guideQuotes(BEGINNER_GUIDE, "protein").join("\n\n")}\n\n`
      : "";
  if (items === undefined) {
    return unchanged(
      state,
      `${advice}You don't have a meal plan for Day ${intent.day} yet. Your daily target is **${kcal(state.profile.targetKcal)}**; say "new meals for day ${intent.day}" and I'll plan it.`,
    );
  }
  const total = sumItems(items);
  const perMeal = MEAL_SLOTS.filter((slot) => items.some((item) => item.slot === slot)).map((slot) => {
    const meal = sumItems(items, slot);
    return intent.topic === "calories"
      ? `- ${slot}: ${kcal(meal.energyKcal)}`
      : intent.topic === "protein"
        ? `- ${slot}: ${grams(meal.proteinG)} protein`
        : `- ${slot}: ${kcal(meal.energyKcal)} · ${grams(meal.proteinG)} protein · ${grams(meal.carbsG)} carbs · ${grams(meal.fatG)} fat`;
  });
  const headline =
    intent.topic === "calories"
      ? `Day ${intent.day}'s plan has **${kcal(total.energyKcal)}**; your target is ${kcal(dayTargetFor(state.profile, intent.day))}.`
      : intent.topic === "protein"
        ? `Day ${intent.day}'s plan has **${grams(total.proteinG)} protein** (${kcal(total.energyKcal)} in all).`
        : `Day ${intent.day}'s plan: **${dayTotalsLine(items)}** (target ${kcal(dayTargetFor(state.profile, intent.day))}).`;
  const notice = intent.topic === "calories" ? profileNotice(state.profile) : undefined;
  const caution = notice === undefined ? "" : `\n\n${notice.message}`;
  return unchanged(state, `${advice}${headline}\n\n${perMeal.join("\n")}${caution}`);
}

const TOPIC_NAMES: Record<NoteTopic, string> = {
  fibre: "fibre",
  protein: "protein",
  carbohydrate: "carbohydrate",
  sodium: "sodium",
  "saturated fat": "saturated fat",
  fallback: "the planning",
  other: "that",
};

/** The day's notes (every bound that gave way) in plain words, each with why and what the person can change. */
function explainNotes(
  intent: Extract<Intent, { kind: "explain-notes" }>,
  state: TrainerState,
): TrainerOutcome {
  const items = state.mealPlans[intent.day];
  if (items === undefined) return noMealPlan(state, intent.day);
  const all = explainPlanNotes(state.mealNotes?.[intent.day] ?? []);
  const asked = intent.topic === undefined ? all : all.filter((note) => note.topic === intent.topic);
  const explained = asked.map((note) => `**${note.plain}**\n\n${note.why}`).join("\n\n");
  if (asked.length > 0) {
    const count = asked.length === 1 ? "one limit" : `${asked.length} limits`;
    return unchanged(state, `Day ${intent.day}'s plan notes ${count} that gave way:\n\n${explained}`);
  }
  const total = sumItems(items);
  const figures =
    intent.topic === "protein"
      ? ` It has ${grams(total.proteinG)} of protein.`
      : intent.topic === "carbohydrate"
        ? ` It has ${grams(total.carbsG)} of carbohydrate.`
        : "";
  const others = all.length === 0 ? "" : ` Its other notes: ${all.map((note) => note.plain).join(" ")}`;
  const subject = intent.topic === undefined ? "every limit" : TOPIC_NAMES[intent.topic];
  return unchanged(
    state,
    intent.topic === undefined && all.length === 0
      ? `Day ${intent.day}'s plan has no notes: every limit held (energy within 3 % of your target, protein, fat 20–35 % of energy, carbohydrate and fibre).`
      : `Day ${intent.day}'s plan keeps ${subject} within its limits: nothing gave way there.${figures}${others}`,
  );
}

/** The screening notice for the trainer's profile (see ../screening.ts), or undefined when all is well. */
function profileNotice(profile: TrainerProfile) {
  return screeningNotice({
    weightKg: profile.weightKg,
    heightCm: profile.heightCm,
    goal: profile.goal,
    tdeeKcal: profile.tdeeKcal,
    planningKcal: profile.targetKcal,
    floorKcal: PLANNING_FLOOR_KCAL[profile.gender],
  });
}

function askSafety(state: TrainerState): TrainerOutcome {
  const { profile } = state;
  if (!(profile.weightKg > 0 && profile.heightCm > 0))
    return unchanged(
      state,
      "I need your height and weight for that: please fill in the calorie calculator in Settings.",
    );
  const notice = profileNotice(profile);
  if (notice !== undefined) return unchanged(state, notice.message);
  const bmi = bodyMassIndex(profile.weightKg, profile.heightCm);
  const plan =
    profile.goal === "Lose Weight"
      ? `a moderate deficit: about ${kcal(profile.targetKcal)} a day against a need of ${kcal(profile.tdeeKcal)}`
      : `a small surplus: about ${kcal(profile.targetKcal)} a day against a need of ${kcal(profile.tdeeKcal)}`;
  return unchanged(
    state,
    `Your BMI is ${bmi.toFixed(1)}, and your plan is ${plan}. Nothing in your numbers calls for caution, but if you have a medical condition, check with your doctor before changing how you eat or train.`,
  );
}

function askWorkout(intent: Extract<Intent, { kind: "ask-workout" }>, state: TrainerState): TrainerOutcome {
  if (state.workoutPlan.length === 0) return noWorkoutPlan(state);
  if (intent.day === undefined)
    return unchanged(
      state,
      `You train on ${listWords(currentTrainingDays(state))}:\n\n${weekByDay(state.workoutPlan)}`,
    );
  const items = state.workoutPlan.filter((item) => item.day === intent.day && isExerciseItem(item));
  if (items.length === 0)
    return unchanged(
      state,
      `${intent.day} is a rest day. Light walking is welcome; you train on ${listWords(currentTrainingDays(state))}.`,
    );
  return unchanged(
    state,
    `${intent.day}'s workout:\n\n${items.map((item) => `- ${describeExercise(item)} (${item.bodyPart})`).join("\n")}`,
  );
}

function explainExercise(
  intent: Extract<Intent, { kind: "explain-exercise" }>,
  state: TrainerState,
): TrainerOutcome {
  const exercise = EXERCISE_LIBRARY.find((candidate) => candidate.id === intent.exerciseId);
  if (exercise === undefined) {
    const examples = [...new Set(state.workoutPlan.filter(isExerciseItem).map((item) => item.name))].slice(
      0,
      3,
    );
    const hint =
      examples.length > 0 ? ` Try one from your plan, e.g. "how do I do ${examples[0] ?? ""}?"` : "";
    return unchanged(
      state,
      `"${intent.query}" isn't in my exercise library, so I'd rather not guess at the technique.${hint}`,
    );
  }
  const cues = exercise.cues.map((cue, index) => `${index + 1}. ${cue}`).join("\n");
  const equipment = listWords([...exercise.equipment]);
  const link = youtubeSearchLink(exercise.name);
  return unchanged(
    state,
    `**${exercise.name}** (${exercise.bodyPart}; ${equipment}; ${exercise.level} level and up)\n\n${cues}\n\n[Watch demonstrations](${link})`,
  );
}

/**
 * Sleep advice when the guide has none: adults 18–60 need 7 or more hours (Watson et al. 2015, AASM/SRS consensus,
 * J Clin Sleep Med 11(6):591); 7–9 h is the National Sleep Foundation's range for adults (Hirshkowitz et al. 2015,
 * Sleep Health 1:40); teenagers 13–18 need 8–10 h (Paruthi et al. 2016, AASM consensus, J Clin Sleep Med 12(6):785).
 */
function sleepFallback(ageYears: number): string {
  return ageYears < 18
    ? "At your age, sleep experts recommend **8–10 hours** a night (American Academy of Sleep Medicine). Training recovery and growth both happen while you sleep."
    : "Most adults need **7–9 hours** of sleep a night (American Academy of Sleep Medicine and Sleep Research Society consensus: at least 7). Muscles recover and hunger hormones settle while you sleep.";
}

function answerGuide(intent: Extract<Intent, { kind: "guide" }>, state: TrainerState): TrainerOutcome {
  if (intent.topic === "beginner") {
    return unchanged(
      state,
      `Welcome! Here's the beginner guide in short:\n\n${guideOverview(BEGINNER_GUIDE)}\n\nThe Beginner Guide page has the details, and I'm here for any question.`,
    );
  }
  const quotes = guideQuotes(BEGINNER_GUIDE, intent.topic);
  if (intent.topic === "sleep") {
    const age = state.profile.ageYears;
    return unchanged(state, quotes.length > 0 && age >= 18 ? quotes.join("\n\n") : sleepFallback(age));
  }
  if (quotes.length === 0)
    return unchanged(
      state,
      `The beginner guide doesn't cover that, and I'd rather not guess. Here's what I can help with:\n\n${CAPABILITY_LIST}`,
    );
  return unchanged(state, quotes.join("\n\n"));
}

/** Plan items whose names hold every meaningful word of `food`, with their day. */
function planItemsNamed(food: string, state: TrainerState): { day: DayIndex; item: MealItem }[] {
  const words = meaningfulWords(food);
  return DAY_INDICES.flatMap((day) =>
    (state.mealPlans[day] ?? [])
      .filter((item) => {
        // Whole words: "pizza" is not in "seitan alla pizzaiola".
        const nameWords = new Set(
          simplify(item.name)
            .split(/\s+/)
            .map((word) => word.replace(/s$/, "")),
        );
        return words.every((word) => nameWords.has(word.replace(/s$/, "")));
      })
      .map((item) => ({ day, item })),
  );
}

/**
 * A short answer to a message Alex cannot act on, about what it said (docs/decisions/058): the full list of what Alex can
 * do only for "help" and greetings, a hint with two examples otherwise.
 */
function unknownReply(intent: Extract<Intent, { kind: "unknown" }>, state: TrainerState): string {
  const about = intent.about;
  switch (about?.topic) {
    case "gibberish":
      return 'I couldn\'t read that. Could you write it another way? For example "swap the oatmeal" or "what\'s my protein today?"';
    case "off-topic":
      return 'That\'s outside what I know: I stick to your meals, workouts and progress. Try "what\'s for lunch today?" or "swap push-ups".';
    case "keep":
      return "Fine, I'll leave your plans as they are.";
    case "food": {
      const food = about.food;
      const avoided = meaningfulWords(food).some((word) =>
        simplify(state.profile.allergiesText).includes(word.replace(/s$/, "")),
      );
      if (avoided)
        return `You asked me to keep ${food} out of your meals ("${state.profile.allergiesText}"), so I'd skip it.`;
      const planned = planItemsNamed(food, state)[0];
      if (planned !== undefined)
        return `Yes: ${planned.item.name} is in your plan (Day ${planned.day}, ${planned.item.slot.toLowerCase()}).`;
      return `Yes, now and then. ${food.charAt(0).toUpperCase()}${food.slice(1)} isn't in your plan, so on a day you have it, let one portion take the place of a meal rather than come on top: your meals add up to ${formatKcal(state.profile.targetKcal)} a day, and it's the total over the week that moves your weight.`;
    }
    case undefined:
      return 'I\'m not sure what you mean, and I\'d rather not guess. Could you say it another way? For example "make it vegetarian" or "move Monday\'s workout to Tuesday". Say "help" to see everything I can do.';
  }
}

/** Plan exercises that load the joint, by the library's data (joint-load.ts). */
function exercisesLoading(plan: readonly WorkoutItem[], joint: Joint): WorkoutItem[] {
  return plan.filter((item) => {
    const exercise = isExerciseItem(item) ? findExerciseByName(item.name) : undefined;
    return exercise !== undefined && loadsJoint(exercise, joint);
  });
}

/**
 * Pain: the guide's safety advice first (see a professional, stop what hurts), then the offer to rest the joint:
 * swap what loads it and keep it out of plans until the person says it is better (decision 046).
 */
function answerPain(intent: Extract<Intent, { kind: "pain" }>, state: TrainerState): TrainerOutcome {
  const advice = answerGuide({ kind: "guide", topic: "pain" }, state).reply;
  const { joint } = intent;
  if (joint === undefined) return unchanged(state, advice);
  const word = joint;
  if ((state.profile.injuries ?? []).includes(joint))
    return unchanged(
      state,
      `${advice}\n\nI've already noted your ${word}: your plans leave out exercises that load it. Tell me when it's better ("my ${word} is better").`,
    );
  const loading = exercisesLoading(state.workoutPlan, joint);
  const names = [...new Set(loading.map((item) => `${item.name} (${item.day})`))];
  const offer =
    names.length === 0
      ? `Nothing in your plan loads your ${word} much right now. Shall I keep it that way in new plans and swaps until it's better?`
      : `These exercises in your plan load your ${word}: ${listWords(names)}. Shall I swap them for ones that don't, and keep them out until you tell me it's better?`;
  return {
    ...unchanged(state, `${advice}\n\n${offer} Say "protect my ${word}" or press Yes.`),
    choices: [
      { label: `Yes, protect my ${word}`, message: `protect my ${word}` },
      { label: "No, keep my plan", message: "no thanks" },
    ],
  };
}

function protectJoint(
  intent: Extract<Intent, { kind: "protect-joint" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const word = intent.joint;
  const noted = state.profile.injuries ?? [];
  const profile: TrainerProfile = { ...state.profile, injuries: [...new Set([...noted, intent.joint])] };
  const loading = exercisesLoading(state.workoutPlan, intent.joint);
  const note = `I'll keep exercises that load your ${word} out of your plans and swaps until you tell me it's better ("my ${word} is better").`;
  if (loading.length === 0) {
    if (noted.includes(intent.joint)) return unchanged(state, `Your ${word} is already noted. ${note}`);
    return {
      reply: `Noted. Nothing in your current plan loads your ${word}. ${note}`,
      state: { ...state, profile },
      changed: { mealDays: [], workout: false, profile: true },
      itemIdsUpdated: [],
    };
  }
  let plan = [...state.workoutPlan];
  const swapped: { before: WorkoutItem; after: WorkoutItem }[] = [];
  for (const [index, before] of loading.entries()) {
    const outcome = replaceWorkoutItem({
      plan,
      itemId: before.id,
      level: profile.level,
      workoutType: profile.workoutType,
      equipment: profile.equipment,
      ageYears: profile.ageYears,
      avoidJoints: profile.injuries,
      seed: deps.seed + index,
    });
    if (!outcome.ok) {
      swapped.length = 0;
      break;
    }
    plan = plan.map((item) => (item.id === before.id ? outcome.item : item));
    swapped.push({ before, after: outcome.item });
  }
  if (swapped.length === loading.length) {
    const lines = swapped.map(
      ({ before, after }) => `- ${before.day}: ${describeExercise(before)} → ${describeExercise(after)}`,
    );
    return workoutOutcome(
      state,
      plan,
      profile,
      `Done. I swapped what loads your ${word}:\n\n${lines.join("\n")}\n\n${note}`,
      swapped.map(({ after }) => after.id),
    );
  }
  // Some exercise has no like-for-like swap that spares the joint: plan the week afresh around it.
  const rebuilt = planWeekFor(profile, currentTrainingDays(state), deps.seed);
  if (!rebuilt.ok) return couldNot(state, `plan around your ${word}`, rebuilt.error);
  return workoutOutcome(
    state,
    rebuilt.plan.items,
    profile,
    `Done. Not every exercise that loads your ${word} had a like-for-like swap, so I rebuilt your week without them: ${planSummary(rebuilt)}.\n\n${weekByDay(rebuilt.plan.items)}\n\n${note}`,
  );
}

function jointBetter(
  intent: Extract<Intent, { kind: "joint-better" }>,
  state: TrainerState,
  deps: TrainerDeps,
): TrainerOutcome {
  const noted = state.profile.injuries ?? [];
  const joint = intent.joint ?? (noted.length === 1 ? noted[0] : undefined);
  if (joint === undefined || !noted.includes(joint))
    return unchanged(
      state,
      noted.length === 0
        ? "Glad to hear it! I had no pain noted, so your plans stay as they are."
        : `Glad to hear it! Which one is better: ${listWords(noted)}? Say e.g. "my ${noted[0] ?? "knee"} is better".`,
    );
  const word = joint;
  const profile: TrainerProfile = { ...state.profile, injuries: noted.filter((other) => other !== joint) };
  const outcome = planWeekFor(profile, currentTrainingDays(state), deps.seed);
  if (!outcome.ok) return couldNot(state, `plan your week again`, outcome.error);
  return workoutOutcome(
    state,
    outcome.plan.items,
    profile,
    `Glad your ${word} is better! I've taken the note off and rebuilt your week, so exercises that load it are back: ${planSummary(outcome)}. Start those lighter than before and build up over a couple of weeks.\n\n${weekByDay(outcome.plan.items)}`,
  );
}

function notFound(intent: Extract<Intent, { kind: "not-found" }>, state: TrainerState): TrainerOutcome {
  const items = state.mealPlans[intent.day];
  const meals = items === undefined ? "" : `\n\nDay ${intent.day}'s meals:\n\n${mealSummary(items)}`;
  return unchanged(
    state,
    `I couldn't find "${intent.query}" in Day ${intent.day}'s meals or in your workout plan, so I haven't changed anything.${meals}\n\nName an item as it's listed, e.g. "swap the ${items?.[0]?.name ?? "oatmeal"}".`,
  );
}

/**
 * Carries out an intent through the engine. Pure: the planner and the seed come in, nothing is stored here.
 * Plan numbers are never written by this module: they come from planMeals / replaceMealItem / planWorkoutWeek /
 * replaceWorkoutItem; replies only add up what those returned.
 */
export function applyIntent(intent: Intent, state: TrainerState, deps: TrainerDeps): TrainerOutcome {
  switch (intent.kind) {
    case "red-flag":
      return unchanged(state, RED_FLAG_REPLIES[intent.flag]);
    case "replace-meal":
      return replaceMeal(intent, state, deps);
    case "regenerate-meals":
      return regenerateMeals(intent, state, deps);
    case "add-avoidance":
      return addAvoidance(intent, state, deps);
    case "change-cuisine":
      if (intent.cuisine === state.profile.cuisine)
        return unchanged(state, `Your meals are already **${intent.cuisine}**, so nothing needed changing.`);
      return changeMealProfile(state, deps, { ...state.profile, cuisine: intent.cuisine }, intent.cuisine);
    case "change-diet":
      if (intent.dietType === state.profile.dietType)
        return unchanged(state, `Your diet is already **${intent.dietType}**, so nothing needed changing.`);
      return changeMealProfile(state, deps, { ...state.profile, dietType: intent.dietType }, intent.dietType);
    case "replace-exercise":
      return replaceExercise(intent, state, deps);
    case "move-workout":
      return moveWorkout(intent, state, deps);
    case "rest-day":
      return makeRestDay(intent, state, deps);
    case "regenerate-workouts":
      return regenerateWorkouts(state, deps);
    case "set-training-days":
      return setTrainingDays(intent, state, deps);
    case "change-goal":
      return changeGoal(intent, state, deps);
    case "change-level":
      return changeLevel(intent, state, deps);
    case "ask-nutrition":
      return askNutrition(intent, state);
    case "ask-workout":
      return askWorkout(intent, state);
    case "ask-safety":
      return askSafety(state);
    case "explain-notes":
      return explainNotes(intent, state);
    case "explain-exercise":
      return explainExercise(intent, state);
    case "guide":
      return answerGuide(intent, state);
    case "not-found":
      return notFound(intent, state);
    case "clarify":
      return { ...unchanged(state, intent.question), choices: intent.choices };
    case "pain":
      return answerPain(intent, state);
    case "protect-joint":
      return protectJoint(intent, state, deps);
    case "joint-better":
      return jointBetter(intent, state, deps);
    case "abuse":
      return unchanged(
        state,
        `I'd rather keep this friendly, and I'm still here to help. If something in your plans isn't working, tell me what and I'll change it:\n\n${CAPABILITY_LIST}`,
      );
    case "greeting":
      return unchanged(
        state,
        `Hi! I'm Alex, your 24/7 trainer. I work from your meal and workout plans once they are made, and can change them for you. For example:\n\n${CAPABILITY_LIST}`,
      );
    case "thanks":
      return unchanged(state, "You're welcome! Anything else I can change or explain?");
    case "unknown":
      return unchanged(state, unknownReply(intent, state));
  }
}

/** One chat turn: read the message, then carry out each request in it, in order, each on the state the last left. */
export function respond(message: string, state: TrainerState, deps: TrainerDeps): TrainerOutcome {
  const outcomes: TrainerOutcome[] = [];
  let current = state;
  for (const [index, intent] of parseIntents(message, state).entries()) {
    const outcome = applyIntent(intent, current, { ...deps, seed: deps.seed + index * 7_919 });
    outcomes.push(outcome);
    current = outcome.state;
  }
  const [only] = outcomes;
  if (outcomes.length === 1 && only !== undefined) return only;
  const activeDay = outcomes.findLast((outcome) => outcome.activeDay !== undefined)?.activeDay;
  const choices = outcomes.flatMap((outcome) => outcome.choices ?? []);
  return {
    reply: outcomes.map((outcome) => outcome.reply).join("\n\n"),
    state: current,
    changed: {
      mealDays: [...new Set(outcomes.flatMap((outcome) => outcome.changed.mealDays))],
      workout: outcomes.some((outcome) => outcome.changed.workout),
      profile: outcomes.some((outcome) => outcome.changed.profile),
    },
    itemIdsUpdated: outcomes.flatMap((outcome) => outcome.itemIdsUpdated),
    ...(activeDay === undefined ? {} : { activeDay }),
    ...(choices.length > 0 ? { choices } : {}),
  };
}
