import { hasRules, parseAvoidances } from "../nutrition/avoidances";
import { FOOD_CATALOGUE, findFood } from "../nutrition/food-catalogue";
import {
  CUISINES,
  type Cuisine,
  type DietType,
  type MealSlot,
  type ProteinSource,
} from "../nutrition/food.types";
import type { MealItem } from "../nutrition/meal-planner";
import type { NoteTopic } from "../nutrition/plan-notes";
import type { FitnessGoal } from "../profile.types";
import { EXERCISE_LIBRARY, findExerciseByName } from "../workouts/exercise-library";
import type {
  Exercise,
  ExperienceLevel,
  TrainingBodyPart,
  Weekday,
  WorkoutItem,
} from "../workouts/exercise.types";
import type { Joint } from "../workouts/joint-load";
import { closeReadings, rankByName, type RankedName } from "./fuzzy-names";
import type { GuideTopic } from "./guide-answers";
import { itemQuery, normaliseMessage } from "./message-words";
import { bestMatch, meaningfulWords, nameMatchScore, simplify } from "./name-match";
import { offScript, type OffScript } from "./off-script";
import { detectRedFlag, type RedFlag } from "./red-flags";
import {
  DAY_INDICES,
  dayOfWeekday,
  isExerciseItem,
  weekdayOfDay,
  type DayIndex,
  type TrainerState,
} from "./trainer-state";

export type NutritionTopic = "calories" | "protein" | "macros";

/** A button under a clarifying question: its label, and the message pressing it sends. */
export interface ClarifyChoice {
  label: string;
  message: string;
}

export type Intent =
  | { kind: "red-flag"; flag: RedFlag }
  /** itemIds: the items on `day` the user named (a whole meal slot for "my lunch"). */
  | { kind: "replace-meal"; day: DayIndex; query: string; slot?: MealSlot; itemIds: string[] }
  | { kind: "regenerate-meals"; day: DayIndex }
  | { kind: "add-avoidance"; foodsText: string; severity: "allergy" | "dislike" }
  | { kind: "change-cuisine"; cuisine: Cuisine }
  | { kind: "change-diet"; dietType: DietType }
  /**
   * itemIds empty: the exercise exists in the library but not in the user's plan. bodyPart: every exercise for
   * those muscles was asked for ("swap my leg exercises"), query then names the group.
   */
  | {
      kind: "replace-exercise";
      query: string;
      day?: Weekday;
      itemIds: string[];
      bodyPart?: MuscleGroup;
    }
  | { kind: "move-workout"; from: Weekday; to: Weekday }
  /** "I can only train three days a week". */
  | { kind: "set-training-days"; count: number }
  | { kind: "rest-day"; day: Weekday }
  | { kind: "regenerate-workouts" }
  | { kind: "change-goal"; goal: FitnessGoal }
  | { kind: "change-level"; level: ExperienceLevel }
  /** advice: "how much protein should I eat" (the guide's answer) rather than "how much is in my plan". */
  | { kind: "ask-nutrition"; day: DayIndex; topic: NutritionTopic; advice: boolean }
  | { kind: "ask-workout"; day?: Weekday }
  /** "is my plan safe?", "am I underweight?", "what's my BMI?": the screening notice, or that all is well. */
  | { kind: "ask-safety" }
  /** "why is fibre high?", "what does this note mean?": the day's notes (bounds that gave way) explained. */
  | { kind: "explain-notes"; day: DayIndex; topic?: NoteTopic }
  /** exerciseId undefined: asked how to do something the library does not have. */
  | { kind: "explain-exercise"; query: string; exerciseId?: string }
  | { kind: "guide"; topic: GuideTopic }
  /** A swap was asked for, but nothing in the plans goes by that name. */
  | { kind: "not-found"; query: string; day: DayIndex }
  /** Two or more readings were about as likely: ask, rather than change the wrong thing. */
  | { kind: "clarify"; question: string; choices: ClarifyChoice[] }
  /** "my knee hurts": the safety advice; joint undefined when the message names none. */
  | { kind: "pain"; joint?: Joint }
  /** "protect my knee": note the joint, and swap the plan's exercises that load it. */
  | { kind: "protect-joint"; joint: Joint }
  /** "my knee is better": take the note off; joint undefined when the message names none. */
  | { kind: "joint-better"; joint?: Joint }
  | { kind: "greeting" }
  | { kind: "thanks" }
  /** Insults: a calm answer, and nothing changes. */
  | { kind: "abuse" }
  /** Nothing to act on; `about` says what can still be answered briefly (off-script.ts). */
  | { kind: "unknown"; about?: OffScript };

export type IntentKind = Intent["kind"];

/** Long pastes are cut: every intent is stated in the first sentences, and the regexes stay fast. */
const MAX_MESSAGE_CHARS = 1000;

const WEEKDAY_WORDS: Record<string, Weekday> = {
  monday: "Monday",
  mon: "Monday",
  tuesday: "Tuesday",
  tue: "Tuesday",
  tues: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  thu: "Thursday",
  thur: "Thursday",
  thurs: "Thursday",
  friday: "Friday",
  fri: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
// No "wed", "sat" or "sun": once apostrophes go, "we'd" reads as "wed", and the others are common words.
const WEEKDAY_PATTERN =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|thur?s?|fri)s?\b/g;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
};

const SLOT_WORDS: Record<string, MealSlot> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  snack: "Snacks",
  snacks: "Snacks",
  dinner: "Dinner",
  supper: "Dinner",
};

/** Cuisine words followed by one of these name a food, not a cuisine ("Greek yogurt", "French toast"). */
const CUISINE_FOOD_WORDS = new Set([
  "yogurt",
  "yoghurt",
  "toast",
  "fries",
  "omelette",
  "omelet",
  "salad",
  "dressing",
  "cheese",
  "sausage",
  "coffee",
  "delight",
  "bread",
  "rice",
  "twist",
]);

function weekdaysIn(text: string): Weekday[] {
  const found: Weekday[] = [];
  for (const match of text.matchAll(WEEKDAY_PATTERN)) {
    const word = (match[1] ?? "").replace(/s$/, "");
    const day = WEEKDAY_WORDS[word] ?? WEEKDAY_WORDS[match[1] ?? ""];
    if (day !== undefined && !found.includes(day)) found.push(day);
  }
  return found;
}

function toDayIndex(value: number): DayIndex | undefined {
  return DAY_INDICES.find((day) => day === value);
}

/** "day 2", "day two", "2nd day", "today", "tomorrow", "Tuesday" → a meal day; undefined when none is named. */
function mealDayIn(text: string, state: TrainerState): DayIndex | undefined {
  const numbered =
    /\bday (one|two|three|four|five|six|seven|[1-7])\b/.exec(text) ??
    /\b(first|second|third|fourth|fifth|sixth|seventh|[1-7](?:st|nd|rd|th)) day\b/.exec(text);
  if (numbered !== null) {
    const word = numbered[1] ?? "";
    return toDayIndex(NUMBER_WORDS[word] ?? Number.parseInt(word, 10));
  }
  if (/\btomorrow/.test(text)) return ((state.activeDay % 7) + 1) as DayIndex;
  if (/\byesterday/.test(text)) return (((state.activeDay + 5) % 7) + 1) as DayIndex;
  if (/\b(today|tonight)/.test(text)) return state.activeDay;
  const [weekday] = weekdaysIn(text);
  return weekday === undefined ? undefined : dayOfWeekday(weekday);
}

function workoutDayIn(text: string, state: TrainerState): Weekday | undefined {
  const [weekday] = weekdaysIn(text);
  if (weekday !== undefined) return weekday;
  if (/\btomorrow/.test(text)) return weekdayOfDay(((state.activeDay % 7) + 1) as DayIndex);
  if (/\b(today|tonight)/.test(text)) return weekdayOfDay(state.activeDay);
  return undefined;
}

const REQUEST_FORM =
  /^((please|hey|hi|alex|ok|okay|so) )*((can|could|would|will) (you|u|we)|(can|could|may) i (have|get|switch|change|go|make|move|swap|replace))\b/;
const QUESTION_START =
  /^((so|ok|okay|hey|hi|alex|and|but|also|well|hmm) )*(how|what|whats|why|when|where|which|who|should|shall|do|does|did|is|are|am|was|can|could|would|will|may|any)\b/;

/** A question rather than a request: "should I go vegan?" changes nothing, "can you make it vegan?" does. */
function isQuestion(text: string): boolean {
  return QUESTION_START.test(text) && !REQUEST_FORM.test(text);
}

function stripDayWords(text: string): string {
  return text
    .replace(WEEKDAY_PATTERN, " ")
    .replace(/\b(on|for|from) (today|tomorrow|tonight|day [1-7a-z]+)\b/g, " ")
    .replace(/\b(today|tomorrow|tonight|yesterday)s?\b/g, " ")
    .replace(/\bday (one|two|three|four|five|six|seven|[1-7])\b/g, " ")
    .replace(
      /\b(on |for )?(the )?(first|second|third|fourth|fifth|sixth|seventh|[1-7](st|nd|rd|th)) day\b/g,
      " ",
    )
    .replace(/\s+/g, " ")
    .trim();
}

function exerciseNamed(query: string): Exercise | undefined {
  return (
    findExerciseByName(query) ??
    bestMatch(query, EXERCISE_LIBRARY, (exercise) => exercise.name) ??
    rankByName(itemQuery(query), EXERCISE_LIBRARY, (exercise) => exercise.name)[0]?.thing
  );
}

/** Words for a protein source that people use for the food ("the fish" for the salmon). */
const PROTEIN_SOURCE_WORDS: Record<ProteinSource, string> = {
  Poultry: "poultry",
  "Farm Meat": "meat",
  Seafood: "seafood fish",
  Eggs: "eggs",
  Tofu: "tofu",
  Beans: "beans",
  Lentils: "lentils",
  Nuts: "nuts",
  Seeds: "seeds",
  Dairy: "dairy",
};

/** What else a plan item answers to: its protein source, in the words people use for it. */
function mealItemAliases(item: MealItem): string {
  const source = findFood(item.foodId)?.proteinSource;
  return source === undefined ? "" : PROTEIN_SOURCE_WORDS[source];
}

type Target = Extract<Intent, { kind: "replace-meal" | "replace-exercise" | "clarify" }>;

function mealChoice(item: MealItem, day: DayIndex): ClarifyChoice {
  return { label: `${item.name} (${item.slot})`, message: `swap the ${item.name} on day ${day}` };
}

function exerciseChoice(name: string, day: Weekday | undefined, plan: readonly WorkoutItem[]): ClarifyChoice {
  const days = [...new Set(plan.filter((item) => item.name === name).map((item) => item.day))];
  return {
    label: `${name} (${day ?? days.join(", ")})`,
    message: day === undefined ? `swap ${name}` : `swap ${name} on ${day}`,
  };
}

/** Most buttons under one question: more would be a list, not a choice. */
const MAX_CHOICES = 4;

function clarify(what: string, choices: readonly ClarifyChoice[]): Target {
  const shown = choices.slice(0, MAX_CHOICES);
  return {
    kind: "clarify",
    question: `Which ${what} do you mean? ${shown.map((choice) => `**${choice.label}**`).join(", ")}${choices.length > shown.length ? ", or another one" : ""}.`,
    choices: shown,
  };
}

/** The meal day holding items the query names, today first; several close readings on that day ask back. */
function mealItemsNamed(
  state: TrainerState,
  query: string,
  day: DayIndex | undefined,
  fuzzy: boolean,
): { day: DayIndex; ranked: RankedName<MealItem>[] } | undefined {
  const order =
    day !== undefined
      ? [day]
      : [state.activeDay, ...DAY_INDICES.filter((other) => other !== state.activeDay)];
  const search = (typos: boolean) =>
    order.flatMap((candidate) => {
      const items = state.mealPlans[candidate] ?? [];
      const ranked = rankByName(itemQuery(query), items, (mealItem) => mealItem.name, mealItemAliases, typos);
      return ranked.length > 0 ? [{ day: candidate, ranked }] : [];
    });
  // Whole words on any day before typos on any: a typo search indexes each day's items.
  const whole = search(false);
  const found = whole.length > 0 || !fuzzy ? whole : search(true);
  // "the banana" is the banana on Tuesday, not the oatmeal with banana today.
  return found.find((day) => day.ranked[0]?.exact === true) ?? found[0];
}

/** Words that name a group of muscles, and the body parts of the exercise data each covers. */
const MUSCLE_GROUPS = {
  Chest: ["Chest"],
  Back: ["Back"],
  Shoulders: ["Shoulders"],
  Biceps: ["Biceps"],
  Triceps: ["Triceps"],
  Arms: ["Biceps", "Triceps"],
  Legs: ["Quads", "Hamstrings", "Glutes", "Calves"],
  Quads: ["Quads"],
  Hamstrings: ["Hamstrings"],
  Glutes: ["Glutes"],
  Calves: ["Calves"],
  Core: ["Core"],
  Cardio: ["Cardio"],
} as const satisfies Record<string, readonly TrainingBodyPart[]>;
export type MuscleGroup = keyof typeof MUSCLE_GROUPS;

const MUSCLE_WORDS: Record<string, MuscleGroup> = {
  chest: "Chest",
  back: "Back",
  shoulder: "Shoulders",
  shoulders: "Shoulders",
  bicep: "Biceps",
  biceps: "Biceps",
  tricep: "Triceps",
  triceps: "Triceps",
  arm: "Arms",
  arms: "Arms",
  leg: "Legs",
  legs: "Legs",
  quad: "Quads",
  quads: "Quads",
  hamstring: "Hamstrings",
  hamstrings: "Hamstrings",
  glute: "Glutes",
  glutes: "Glutes",
  calf: "Calves",
  calves: "Calves",
  core: "Core",
  ab: "Core",
  abs: "Core",
  cardio: "Cardio",
};

const MUSCLE_TARGET =
  /\b(chest|back|shoulders?|biceps?|triceps?|arms?|legs?|quads?|hamstrings?|glutes?|calf|calves|core|abs?|cardio)(?: day)? (?:exercises?|stuff|work|moves|workouts?|training|sets)\b|\b(?:swap|replace|change|different|new|remove) (?:the |my |all )*(cardio|core|abs)\b/;

/** "swap my leg exercises on Wednesday": every exercise for those muscles, on the day named or all week. */
function muscleTarget(text: string, state: TrainerState): Target | undefined {
  const match = MUSCLE_TARGET.exec(text);
  const group = MUSCLE_WORDS[match?.[1] ?? match?.[2] ?? ""];
  if (group === undefined) return undefined;
  const parts: readonly string[] = MUSCLE_GROUPS[group];
  const day = weekdaysIn(text)[0];
  const itemIds = state.workoutPlan
    .filter(
      (item) =>
        isExerciseItem(item) && parts.includes(item.bodyPart) && (day === undefined || item.day === day),
    )
    .map((item) => item.id);
  return {
    kind: "replace-exercise",
    query: group,
    bodyPart: group,
    itemIds,
    ...(day === undefined ? {} : { day }),
  };
}

/** Items the exclusion names ("but not the chicken", "my leg exercises except the calf raises") are kept out of a swap. */
function withoutExcluded(target: Target, exclusion: string | undefined, state: TrainerState): Target {
  if (exclusion === undefined || target.kind === "clarify") return target;
  if (target.kind === "replace-exercise") {
    const items = exercisesOf(state.workoutPlan).filter((item) => target.itemIds.includes(item.id));
    const excluded = new Set(
      rankByName(itemQuery(exclusion), items, (item) => item.name).map(({ thing }) => thing.id),
    );
    const kept = target.itemIds.filter((id) => !excluded.has(id));
    return excluded.size === 0 || kept.length === 0 ? target : { ...target, itemIds: kept };
  }
  const items = (state.mealPlans[target.day] ?? []).filter((item) => target.itemIds.includes(item.id));
  const excluded = new Set(
    rankByName(itemQuery(exclusion), items, (item) => item.name, mealItemAliases).map(
      ({ thing }) => thing.id,
    ),
  );
  const kept = target.itemIds.filter((id) => !excluded.has(id));
  if (excluded.size === 0 || kept.length === 0) return target;
  return { kind: "replace-meal", day: target.day, query: target.query, itemIds: kept };
}

/** What "the oatmeal", "my lunch", "push-ups on Wednesday" point at in the user's plans. */
function resolveTarget(
  rawObject: string,
  fullText: string,
  state: TrainerState,
  preferExercise: boolean,
  fuzzy = true,
): Target | undefined {
  const query = stripDayWords(rawObject);
  const words = meaningfulWords(query);
  if (words.length === 0) return undefined;
  const mealDay = mealDayIn(fullText, state);
  const workoutDay = workoutDayIn(fullText, state);

  const slotWord = words.find((word) => SLOT_WORDS[word] !== undefined);
  const slot = slotWord === undefined ? undefined : SLOT_WORDS[slotWord];
  if (slot !== undefined) {
    const day = mealDay ?? state.activeDay;
    const slotItems = (state.mealPlans[day] ?? []).filter((item) => item.slot === slot);
    // "the chicken at lunch" is one item; "my lunch" is all of them.
    const rest = words.filter((word) => word !== slotWord).join(" ");
    const ranked =
      rest.length > 0
        ? rankByName(itemQuery(rest), slotItems, (item) => item.name, mealItemAliases, fuzzy)
        : [];
    const close = closeReadings(ranked);
    if (close.length > 0)
      return clarify(
        "one",
        close.map(({ thing }) => mealChoice(thing, day)),
      );
    const named = ranked[0]?.thing;
    if (named !== undefined) return { kind: "replace-meal", day, query: rest, itemIds: [named.id] };
    if (words.length <= 2)
      return { kind: "replace-meal", day, query: slot, slot, itemIds: slotItems.map((item) => item.id) };
  }

  const namedDay = weekdaysIn(fullText)[0];
  const onDay = (item: WorkoutItem) =>
    workoutDay === undefined || item.day === workoutDay || namedDay === undefined;
  const exerciseItems = exercisesOf(state.workoutPlan).filter(onDay);
  const rankedExercises = rankByName(
    itemQuery(query),
    exercisesOf(state.workoutPlan),
    (item) => item.name,
    () => "",
    fuzzy,
  ).filter(({ thing }) => onDay(thing));
  const meal = mealItemsNamed(state, query, mealDay, fuzzy);
  const firstExercise = rankedExercises[0];
  const exerciseWins =
    firstExercise !== undefined &&
    (preferExercise || meal === undefined || (firstExercise.exact && meal.ranked[0]?.exact !== true));
  if (exerciseWins) {
    const close = closeReadings(rankedExercises);
    if (close.length > 0)
      return clarify(
        "exercise",
        close.map(({ name }) => exerciseChoice(name, namedDay, state.workoutPlan)),
      );
    const name = firstExercise.name;
    const itemIds = exerciseItems
      .filter((item) => item.name === name && (namedDay === undefined || item.day === namedDay))
      .map((item) => item.id);
    return {
      kind: "replace-exercise",
      query: name,
      ...(namedDay === undefined ? {} : { day: namedDay }),
      itemIds,
    };
  }
  if (meal !== undefined) {
    const close = closeReadings(meal.ranked);
    if (close.length > 0)
      return clarify(
        "one",
        close.map(({ thing }) => mealChoice(thing, meal.day)),
      );
    const item = meal.ranked[0]?.thing;
    if (item !== undefined)
      return { kind: "replace-meal", day: meal.day, query: words.join(" "), itemIds: [item.id] };
  }
  const libraryExercise = fuzzy
    ? exerciseNamed(query)
    : (findExerciseByName(query) ?? bestMatch(query, EXERCISE_LIBRARY, (exercise) => exercise.name));
  if (libraryExercise !== undefined)
    return { kind: "replace-exercise", query: libraryExercise.name, itemIds: [] };
  return undefined;
}

/** The object of a verb: what follows it, up to "for", "with", "because"... */
function objectAfter(text: string, verbPattern: RegExp): string | undefined {
  const match = verbPattern.exec(text);
  if (match === null) return undefined;
  const rest = text.slice(match.index + match[0].length);
  return rest
    .split(
      /\b(for|with|to|into|from|by|please|so|because|as|instead|and|but|since|cause|too|also|they|it|its|thats|theyre|them)\b/,
    )[0]
    ?.trim();
}

const REPLACE_VERB =
  /\b(swap|swop|replace|substitute|sub|switch out|exchange|change|get rid of|remove|ditch|nix|scrap|bin)\b/;

/** Plans are replaced, never changed in place: what is worked out from one holds while it lives. */
const EXERCISES_OF = new WeakMap<readonly WorkoutItem[], WorkoutItem[]>();
const SIMPLE_NAMES_OF = new WeakMap<readonly object[], string[]>();

function exercisesOf(plan: readonly WorkoutItem[]): WorkoutItem[] {
  const known = EXERCISES_OF.get(plan);
  if (known !== undefined) return known;
  const exercises = plan.filter(isExerciseItem);
  EXERCISES_OF.set(plan, exercises);
  return exercises;
}

function simpleNamesOf<T extends object>(items: readonly T[], nameOf: (item: T) => string): string[] {
  const known = SIMPLE_NAMES_OF.get(items);
  if (known !== undefined) return known;
  const names = items.map((item) => simplify(nameOf(item)));
  SIMPLE_NAMES_OF.set(items, names);
  return names;
}

/** Words that end an object (objectAfter) but also sit inside exercise names: "Band Squat to Press". */
const JOINING_WORD = /\b(to|with|in|into|for|and)\b/;

/**
 * The ends of the plan's exercise names that hold a joining word and at least three words ("squat to press" of
 * "Band Squat to Press"): people drop the first word, and the object must not be cut at the "to" then.
 */
function joinedNameTails(plan: readonly WorkoutItem[]): string[] {
  return simpleNamesOf(exercisesOf(plan), (item) => item.name).flatMap((name) => {
    const words = name.split(" ");
    return words
      .map((_, start) => words.slice(start).join(" "))
      .filter((tail, start) => start > 0 && tail.split(" ").length >= 3 && JOINING_WORD.test(tail));
  });
}

/**
 * A plan or library name the words start with, whole ("squat to overhead reach" keeps its "to", which would
 * otherwise end the object): an exercise the plan lacks is still named outright, not read as "squat" and asked about.
 */
function nameAtStart(words: string, state: TrainerState): string | undefined {
  const rest = words.replace(/^(the|my|this|that|any) /, "");
  const names = [
    ...simpleNamesOf(exercisesOf(state.workoutPlan), (item) => item.name),
    ...DAY_INDICES.flatMap((day) => simpleNamesOf(state.mealPlans[day] ?? [], (item) => item.name)),
    ...simpleNamesOf(EXERCISE_LIBRARY, (exercise) => exercise.name),
    ...joinedNameTails(state.workoutPlan),
  ];
  return names
    .filter((name) => rest === name || rest.startsWith(`${name} `))
    .sort((left, right) => right.length - left.length)[0];
}

function parseReplace(text: string, state: TrainerState, exclusion: string | undefined): Target | undefined {
  const resolve = (lead: RegExp, preferExercise: boolean): Target | undefined => {
    const match = lead.exec(text);
    if (match === null) return undefined;
    const whole = nameAtStart(text.slice(match.index + match[0].length).trim(), state);
    let object = whole ?? objectAfter(text, lead);
    // "the oats are boring, replace them", "push-ups hurt my wrist, swap them": named before the verb.
    if (object !== undefined && /^(them|it|this|that|those|these)?$/.test(object))
      object = text
        .slice(0, match.index)
        .split(/\b(is|are|was|were|looks?|seems?|tastes?|gets?|hurts?|kills?|bothers?)\b/)[0];
    const target = object === undefined ? undefined : resolveTarget(object, text, state, preferExercise);
    return target === undefined ? undefined : withoutExcluded(target, exclusion, state);
  };
  const muscles =
    REPLACE_VERB.test(text) || /\b(different|another|new|other)\b/.test(text)
      ? muscleTarget(text, state)
      : undefined;
  if (muscles !== undefined) return withoutExcluded(muscles, exclusion, state);
  for (const lead of [
    /\b(instead of|in place of|something else for|other than|other exercise than)\b/,
    // "can I skip the mushrooms?" asks for a change; "is it bad to skip breakfast?" does not.
    /^((please|can i|could i|can we|let me|i want to|id like to|i wanna|ill|i will|im going to|im gonna) )?skip\b/,
    /\b(a |an )?(different|another|new|other)\b/,
    /\b(i )?(dont|do not|(id|i would) rather not) (want|feel like|fancy|have|eat)( to (do|have|eat))? (the|my|this|that|any)?\b/,
    /\b(ill |i will |id |i would |im gonna |i am going to )?pass on\b/,
    /\bnot (really )?(feeling|in the mood for|keen on|into) (the|my|this|that)?\b/,
    /\b(switch up|mix up|shake up|take out|trade)\b/,
    /\b(something|anything) (else|different|new)( (for|at|with|to))?\b/,
    /\b(alternatives?|options|substitutes?|replacements?) (for|to)\b/,
  ]) {
    const target = resolve(lead, false);
    if (target !== undefined) return target;
  }
  // "lunch alternatives?", "any dinner options": the thing is named before the noun.
  const before = /((?:\w+ ){0,2}\w+) (alternatives?|options|substitutes?|replacements?)\b/.exec(text);
  if (before !== null) {
    const target = resolveTarget(before[1] ?? "", text, state, false);
    if (target !== undefined) return withoutExcluded(target, exclusion, state);
  }
  if (!REPLACE_VERB.test(text)) return undefined;
  const preferExercise = /\b(exercise|workout|training|lift)\b/.test(text);
  return resolve(REPLACE_VERB, preferExercise);
}

function parseMove(text: string, weekdays: readonly Weekday[]): Intent | undefined {
  if (
    weekdays.length < 2 ||
    !/\b(move|moving|shift|reschedule|switch|swap|change|put|train|instead|rather|push|bump|postpone|delay|do (it|that|this|\w+) on|(workout|session|training|gym) (on|to))\b/.test(
      text,
    )
  )
    return undefined;
  const [first, second] = weekdays;
  if (first === undefined || second === undefined) return undefined;
  // "to Tuesday from Monday" and "Tuesday instead of Monday" name the target first.
  const targetFirst =
    /\bto \w+ (from|instead of)\b/.test(text) ||
    /\b(train|workout|work out) (on )?\w+ (instead of|rather than)\b/.test(text);
  return targetFirst
    ? { kind: "move-workout", from: second, to: first }
    : { kind: "move-workout", from: first, to: second };
}

const REST_DAY_WORDS =
  /\b(rest day|day off|off day|off|rest on|(no|skip|cancel|drop|remove|free|clear) (my |the )?(\w+ )?(workout|training|session|gym|exercise)|(skip|cancel|drop|clear|free up)|(dont|do not|cant|cannot|wont) (want to |be able to )?(train|work ?out|exercise|go to the gym|make it))\b/;

function parseRestDay(text: string, weekdays: readonly Weekday[], asked: boolean): Intent | undefined {
  const [day] = weekdays;
  if (weekdays.length !== 1 || day === undefined || asked || !REST_DAY_WORDS.test(text)) return undefined;
  return { kind: "rest-day", day };
}

const WORKOUT_WORDS = /\b(workouts?|training|exercises?|routine|program|programme|split|gym)\b/;
const REGENERATE_VERB =
  /\b(regenerate|redo|reset|rebuild|replan|re plan|refresh|reroll|shuffle|randomi[sz]e|remake|start over|mix up|change (up )?(my |the )?(workouts?|training( plan)?|workout plan|routine|program|programme|exercises|meals|meal plan|menu)( please)?$|switch up|shake up|change (my |the )?(whole|entire|all( of)?( my)?)|(bored|tired|sick) (of|with)|boring|repetitive)\b/;
const NEW_PLAN =
  /\b(new|different|another|fresh|other)( set of)? (meals?|meal plan|menu|diet( plan)?|food plan|plan|workouts?|workout plan|training plan|routine|program|programme|exercises|training)\b/;

function parseRegenerate(text: string, state: TrainerState): Intent | undefined {
  const regenerate = REGENERATE_VERB.test(text) || NEW_PLAN.test(text);
  // "bored of my workouts" asks for new ones; "bored" alone says nothing about which plan.
  if (
    regenerate &&
    /\b(bored|tired|sick|boring|repetitive)\b/.test(text) &&
    !WORKOUT_WORDS.test(text) &&
    !/\b(meals?|diet|menu|food)\b/.test(text)
  )
    return undefined;
  // "day 9" names no day we store: better an honest "unknown" than re-planning today.
  if (!regenerate || /\bday (0|[89]|\d\d+)\b/.test(text)) return undefined;
  if (WORKOUT_WORDS.test(text) && !/\b(meals?|diet|menu|food)\b/.test(text))
    return { kind: "regenerate-workouts" };
  return { kind: "regenerate-meals", day: mealDayIn(text, state) ?? state.activeDay };
}

const ALLERGY_PATTERNS = [
  /\ballergic (?:to )?(.+)$/,
  /\b(?:have|got|with) (?:an? |some )?(.+?) (?:allergy|allergies|intolerance)\b/,
  /^(?:an? )?(\w+(?: \w+)?) (?:allergy|allergies|intolerance)\b/,
  /\b(?:allergy|allergies|intolerance) (?:to )?(.+)$/,
  /\bintolerant to (.+)$/,
  /\b(?:im |i am )?(\w+(?: \w+)?) intolerant\b/,
  /\b(?:cant|cannot|can not) (?:eat|have) (?!any more\b)(.+)$/,
];
const DISLIKE_PATTERNS = [
  /\bi (?:really )?(?:dont|do not|no longer|never) (?:like|eat|enjoy|love) (?!to\b)(.+)$/,
  /\bi (?:really )?(?:hate|dislike|detest|cant stand|cannot stand|can not stand) (.+)$/,
  /\bnot (?:a )?(?:big )?fan of (.+)$/,
  /\bno more (.+)$/,
  /\bstop (?:putting|giving me|adding|including|serving|feeding me) (.+)$/,
  /\bi (?:dont|do not) want (?:any more|anymore|any) (.+)$/,
  /\b(?:keep|leave) (.+?) out of my (?:meals|food|plans?|diet)\b/,
];

function cleanFoods(raw: string): string {
  const cut =
    raw.split(
      /\b(so|please|anymore|any more|ever|again|because|in my|from my|today|thanks|thank you|and (can|could|please|make|replan|update)|but|can you|could you|make|change|switch|swap|replace|give|update|fix|i|im|my)\b/,
    )[0] ?? "";
  return cut
    .replace(/^(the|any|eating|to eat|having|all|all kinds of|most)\b\s*/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function parseAvoidance(
  text: string,
  state: TrainerState,
  severity: "allergy" | "dislike",
): Intent | undefined {
  for (const pattern of severity === "allergy" ? ALLERGY_PATTERNS : DISLIKE_PATTERNS) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const foodsText = cleanFoods(match[1] ?? "");
    if (meaningfulWords(foodsText).length === 0 || foodsText.length > 80) continue;
    // "I don't like push-ups" is about training, not food; only whole words count ("gluten" is no glute bridge).
    const exercise = severity === "dislike" ? resolveTarget(foodsText, text, state, true, false) : undefined;
    if (exercise?.kind === "replace-exercise") return exercise;
    // "not a fan of today's dinner" is about a meal in the plan, not a food to avoid for good.
    if (severity === "dislike" && meaningfulWords(foodsText).some((word) => SLOT_WORDS[word] !== undefined)) {
      const meal = resolveTarget(foodsText, text, state, false, false);
      if (meal?.kind === "replace-meal") return meal;
    }
    return { kind: "add-avoidance", foodsText, severity };
  }
  return undefined;
}

/** "I eat halal", "we keep kosher", "I'm pescatarian": a rule the allergy reader turns into exclusions. */
const RULE_PATTERN = /\b(halal|kosher|pescatarian|pescetarian|coeliac|celiac)\b/;

function parseRule(text: string): Intent | undefined {
  const rule = RULE_PATTERN.exec(text)?.[1];
  if (rule === undefined) return undefined;
  // Coeliac disease is a gluten rule: the allergy reader knows gluten, not the condition's name.
  const foodsText = rule === "coeliac" || rule === "celiac" ? "gluten" : rule;
  return { kind: "add-avoidance", foodsText, severity: "allergy" };
}

const CHANGE_WORDS =
  /\b(make|switch|change|set|went|gone|go|going|turned|become|became|now|want|wanna|id like|would like|like|prefer|give me|lets|let us|try|im|i am|from now on|move|put me|consider me|treat me|upgrade|downgrade|instead|love|fancy|do)\b/;

const DIET_CHANGE_WORDS =
  /\b(make|switch|change|set|went|gone|go|going|turned|become|became|now|im|i am|from now on|want|wanna|prefer|diet|meals|plan)\b/;

function parseDiet(text: string, asked: boolean): Intent | undefined {
  if (asked) return undefined;
  if (
    /\b(eat(ing)? meat again|no longer (vegan|vegetarian)|not (vegan|vegetarian) any ?more|stopped being (vegan|vegetarian)|(standard|normal|regular) diet|omnivore|back to (eating )?(meat|normal food|a standard diet))\b/.test(
      text,
    )
  ) {
    return { kind: "change-diet", dietType: "standard" };
  }
  const match = /\b(vegan|vegetarian|veggie|plant based)\b/.exec(text);
  // Liking vegan food is not being vegan: only a statement or a request changes the diet.
  if (match === null || !DIET_CHANGE_WORDS.test(text)) return undefined;
  return {
    kind: "change-diet",
    dietType: match[1] === "vegan" || match[1] === "plant based" ? "vegan" : "vegetarian",
  };
}

const CUISINE_WORDS = [...CUISINES]
  .sort((left, right) => right.length - left.length)
  .map((cuisine) => ({ cuisine, pattern: new RegExp(`\\b${simplify(cuisine)}\\b(?: (\\w+))?`) }));

function parseCuisine(text: string, asked: boolean): Intent | undefined {
  if (asked) return undefined;
  for (const { cuisine, pattern } of CUISINE_WORDS) {
    const match = pattern.exec(text);
    if (match === null || CUISINE_FOOD_WORDS.has(match[1] ?? "")) continue;
    if (CHANGE_WORDS.test(text) || /\b(cuisine|food|meals|dishes|cooking|style)\b/.test(text))
      return { kind: "change-cuisine", cuisine };
  }
  return undefined;
}

const GAIN_WORDS =
  /\b((build|building|gain|gaining|put on|putting on|grow|add|get) (some |more )?(muscle|mass|size)|bulk(ing)?|get (bigger|stronger|jacked|swole|big)|gain weight|muscle gain|gain muscle mass)\b/;
const LOSE_WORDS =
  /\b(lose (some )?(weight|fat|kg|kilos|pounds|lbs|belly fat)|cut(ting)?(?! (out|down|back))|slim down|get (lean|leaner|thinner|shredded|toned|slimmer)|burn fat|fat loss|weight loss|drop (some )?(weight|fat|kg|pounds))\b/;

function parseGoal(text: string, asked: boolean): Intent | undefined {
  if (asked) return undefined;
  const gain = GAIN_WORDS.test(text);
  const lose = LOSE_WORDS.test(text);
  if (gain === lose) return undefined;
  return { kind: "change-goal", goal: gain ? "Gain Muscle Mass" : "Lose Weight" };
}

function parseLevel(text: string, asked: boolean): Intent | undefined {
  if (asked) return undefined;
  const match = /\b(beginner|novice|newbie|intermediate|advanced|expert)\b/.exec(text);
  if (match === null || !(CHANGE_WORDS.test(text) || /\b(level|experience)\b/.test(text))) return undefined;
  // "I'm a beginner, where do I start?" asks for the guide, not a new level.
  if (/\b(where|how|what|why|tips|advice)\b/.test(text)) return undefined;
  const word = match[1] ?? "";
  const level: ExperienceLevel = ["beginner", "novice", "newbie"].includes(word)
    ? "Beginner"
    : word === "intermediate"
      ? "Intermediate"
      : "Advanced";
  return { kind: "change-level", level };
}

/** The library's best match, unless an exercise in the user's plan fits the words at least as well. */
function exerciseForQuestion(query: string, state: TrainerState): Exercise | undefined {
  const fromLibrary = exerciseNamed(query);
  const planNames = state.workoutPlan.filter(isExerciseItem).map((item) => item.name);
  const inPlan = bestMatch(query, planNames, (name) => name);
  const planExercise = inPlan === undefined ? undefined : findExerciseByName(inPlan);
  if (planExercise === undefined) return fromLibrary;
  if (fromLibrary === undefined) return planExercise;
  return nameMatchScore(query, planExercise.name) >= nameMatchScore(query, fromLibrary.name)
    ? planExercise
    : fromLibrary;
}

const EXPLAIN_PATTERNS = [
  /\bhow (?:do|should|can|would|to|does one) (?:i |you |we |one )?(?:do|perform|execute|make) (?:a |an |the |my )?(.+)$/,
  /\bhow to (?:do |perform )?(?:a |an |the )?(.+)$/,
  /\b(?:form|technique|cues|tips) (?:for|on|of|in) (?:a |an |the |my )?(.+)$/,
  /\b(?:explain|describe|teach me|show me how to do|walk me through) (?:a |an |the |my )?(?:how to do )?(.+)$/,
  /\bwhat (?:is|are) (?:a |an |the )?(.+)$/,
  /\bwhats (?:a |an |the )?(.+)$/,
];

function parseExplain(text: string, asked: boolean, state: TrainerState): Intent | undefined {
  for (const [index, pattern] of EXPLAIN_PATTERNS.entries()) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const query = (match[1] ?? "")
      .replace(/\b(properly|correctly|right|safely|with good form|exercise|please)\b/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (meaningfulWords(query).length === 0) continue;
    const exercise = exerciseForQuestion(query, state);
    if (exercise !== undefined) return { kind: "explain-exercise", query, exerciseId: exercise.id };
    // Only "how do I do X" is surely about an exercise; "what is a calorie" is not.
    if (index === 0 && !/\b(that|this|it)\b/.test(query)) return { kind: "explain-exercise", query };
  }
  // "squats?" names an exercise; "do i train today?" is about the user, whatever exercise its words resemble.
  if (asked && meaningfulWords(text).length <= 3 && !/\b(i|im|we|you)\b/.test(text)) {
    const exercise = exerciseNamed(text);
    if (exercise !== undefined) return { kind: "explain-exercise", query: text, exerciseId: exercise.id };
  }
  return undefined;
}

const SAFETY_WORDS =
  /\b(bmi|body mass index|underweight|too (thin|skinny|light)|(is|are) (it|this|this \w+|my \w+( \w+)?) (safe|healthy|ok|okay)|safe (for me )?to (lose|diet)|should i (lose weight|diet|be losing))\b/;

function parseSafety(text: string, asked: boolean): Intent | undefined {
  // "is it ok to train when sore?" asks about recovery; the screening notice is about weight and the plan.
  if (!SAFETY_WORDS.test(text) || /\bto (train|work ?out|exercise|lift|run|go to the gym)\b/.test(text))
    return undefined;
  if (!asked && !/\b(am i|is|bmi|should i)\b/.test(text)) return undefined;
  return { kind: "ask-safety" };
}

const NOTE_WORDS = /\b(notes?|gave way|give way|giving way|warnings?|heads up)\b/;
const WHY_WORDS = /\b(why|how come|what does|what do|explain|mean|means|meaning|reason)\b/;
const LEVEL_WORDS =
  /\b(high|low|so much|so little|too much|too little|so many|too many|over|under|above|below|short|lower|higher|lots of|a lot of)\b/;
const NOTE_TOPIC_WORDS: readonly { topic: NoteTopic; pattern: RegExp }[] = [
  { topic: "fibre", pattern: /\b(fibre|fiber)\b/ },
  { topic: "saturated fat", pattern: /\b(saturated fats?|sat fats?)\b/ },
  { topic: "sodium", pattern: /\b(sodium|salt|salty)\b/ },
  { topic: "protein", pattern: /\bprotein\b/ },
  { topic: "carbohydrate", pattern: /\b(carbs?|carbohydrates?)\b/ },
];

/** A question about the plan's notes, or about why a nutrient is high or low on a day. */
function parseNotes(text: string, asked: boolean, state: TrainerState): Intent | undefined {
  if (!WHY_WORDS.test(text) && !(asked && NOTE_WORDS.test(text))) return undefined;
  const topic = NOTE_TOPIC_WORDS.find(({ pattern }) => pattern.test(text))?.topic;
  const aboutNotes = NOTE_WORDS.test(text);
  if (!aboutNotes && (topic === undefined || !LEVEL_WORDS.test(text) || !/\b(why|how come)\b/.test(text)))
    return undefined;
  const day = mealDayIn(text, state) ?? state.activeDay;
  return topic === undefined ? { kind: "explain-notes", day } : { kind: "explain-notes", day, topic };
}

function parseNutrition(text: string, asked: boolean, state: TrainerState): Intent | undefined {
  // "lower my calories" asks for a change the target does not allow by chat (it follows the profile): not a question.
  if (/\b(lower|raise|increase|decrease|reduce|more|less|fewer|higher|cut)\b/.test(text)) return undefined;
  const protein = /\bprotein\b/.test(text);
  const calories = /\b(calories|calorie|kcal|cals|energy|target)\b/.test(text);
  const macros =
    /\b(macros?|macronutrients?|carbs?|carbohydrates?|fats|how much fat|fat (today|intake|grams))\b/.test(
      text,
    );
  if (!protein && !calories && !macros) return undefined;
  if (
    !asked &&
    !/\b(what|whats|how|show|tell|list|check|much|many|today|my|am i|do i|is|are|total)\b/.test(text)
  )
    return undefined;
  const topic: NutritionTopic = macros || (protein && calories) ? "macros" : protein ? "protein" : "calories";
  const advice = /\b(should|need|recommend\w*|enough|ideal|best)\b/.test(text);
  return { kind: "ask-nutrition", day: mealDayIn(text, state) ?? state.activeDay, topic, advice };
}

/**
 * "do I train today?", "is Friday a rest day?", "when is leg day?": questions about the schedule that name no
 * question word parseAskWorkout needs, or that a guide's words ("rest day") would otherwise answer.
 */
const SCHEDULE_QUESTION =
  /^(do|will|am|shall) i (train|training|work ?out|working out|lift|lifting|exercise|go to the gym|have (a |an )?(workout|training|session|gym|rest day|day off))\b|\bis (today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday) (a |an )?(rest|training|workout|gym|leg|arm|upper( body)?|lower( body)?|off) day\b|\bwhen (is|s) (my )?(leg|arm|chest|back|upper( body)?|lower( body)?|rest|training|workout|gym) day\b/;

function parseAskWorkout(text: string, state: TrainerState): Intent | undefined {
  if (SCHEDULE_QUESTION.test(text)) {
    const day = workoutDayIn(text, state);
    return day === undefined ? { kind: "ask-workout" } : { kind: "ask-workout", day };
  }
  if (!/\b(what|which|whats|show|tell|list|when)\b/.test(text)) return undefined;
  if (
    !/\b(workouts?|train|training|exercises?|gym|session|schedule|lift|routine|program|programme|work ?out|working out)\b/.test(
      text,
    )
  )
    return undefined;
  const day = workoutDayIn(text, state);
  // "what should I eat before a workout" is not about the plan; "what's my workout today" is.
  if (day === undefined && !/\b(my|which days|schedule|when do i)\b/.test(text)) return undefined;
  return day === undefined ? { kind: "ask-workout" } : { kind: "ask-workout", day };
}

const GUIDE_PATTERNS: readonly { topic: GuideTopic; pattern: RegExp }[] = [
  { topic: "sleep", pattern: /\b(sleep\w*|slept|naps?|bedtime|insomnia)\b/ },
  { topic: "hydration", pattern: /\b(water|hydrat\w*|dehydrat\w*|drink|drinking|fluids?|thirsty)\b/ },
  {
    topic: "measuring-food",
    pattern:
      /\b(kitchen scale|food scale|weigh (my |the )?(food|meals?|rice|chicken|pasta|oats|portions?)|measure (my |the )?(food|portions?)|cooked or raw|raw or cooked|weighed (raw|cooked))\b/,
  },
  {
    topic: "weigh-ins",
    pattern:
      /\b(weigh (myself|in)|weigh ins?|weighins?|waist|track(ing)? (my )?progress|progress photos?|scale (is|isnt|hasnt|went|says)|weight (fluctuat\w*|went up|is going up|not moving|stuck))\b/,
  },
  { topic: "warm-up", pattern: /\b(warm ?ups?|warming up|cool ?downs?|cooling down|stretch\w*)\b/ },
  {
    topic: "progression",
    pattern:
      /\b(progressive overload|how much weight|add(ing)? weight|increase (the )?weight|heavier|how heavy|reps in reserve|get stronger|progress(ion)? in the gym|how (do|can|should) i (keep )?progress|(am i|i am|im|if i m|if im|if i am) (progressing|making progress|getting stronger))\b/,
  },
  {
    topic: "recovery",
    pattern:
      /\b(recover\w*|rest days?|sore(ness)?|doms|overtrain\w*|how often (should|can) i train|rest between (sets|workouts|sessions|training days)|how long (should i |do i |to )?rest)\b/,
  },
  {
    topic: "consistency",
    pattern:
      /\b(motivat\w*|unmotivated|no motivation|cant be bothered|(build|building|make|making) (a )?habits?|stay(ing)? on track|stick(ing)? (to|with) (it|the plan|my plan)|missed (a |my |the |yesterdays |todays |last \w+ )?(workout|session|day|gym|training)|skipped (a|my) (workout|session)|(keep|kept) (skipping|missing) (the |my )?(gym|workouts?|sessions?|training)|consisten\w*|cheat (meal|day)|fell off|plateau\w*|stall\w*|not seeing (results|progress)|give up|lazy)\b/,
  },
  {
    topic: "pain",
    pattern: /\b(pain|painful|hurts?|injur\w*|sprain\w*|strain\w*|physio\w*|aches?|aching)\b/,
  },
  {
    topic: "beginner",
    pattern:
      /\b(beginners?|newbie|new (to|at) (this|the gym|gym|fitness|working out|training|exercise|exercising|lifting)|im new|just start\w*|getting started|where (do|should|to) (i )?(start|begin)|how (do|should) i (start|begin)|first time|never (trained|worked out|exercised|lifted|been to (a|the) gym)|tips|advice|basics)\b/,
  },
];

const GREETING =
  /^((hi|hello|hey|hiya|howdy|yo|greetings|hola|sup|whats up|good (morning|afternoon|evening|day))( there)?( alex)?)\b/;
/** "help", "what can you do": answered as a greeting, with the list of what Alex can do. */
const HELP =
  /^(help|help me|help please|what can you do|what else can you do|what do you do|how can you help( me)?|what can i (ask|say)( you)?)$/;
const THANKS =
  /\b(thanks|thank you+|thank u|thankyou|thanku|thx|thnx|thanx|tnx|ty|tysm|tyvm|cheers|appreciate (it|that|you)|(much )?appreciated|great job|awesome|perfect|brilliant|nice one|love (it|this|that)|legend|you rock|(you re|youre|you are) (the best|a star|a legend|great)|(very |really |so )?helpful|that helps|that helped|gracias|merci|danke|grazie|obrigad[oa])\b/;
/** A message that is only a greeting ("morning", "how are you?"): read before questions, or "whats up" is an exercise. */
const WHOLE_GREETING =
  /^(?:(?:hi|hello|hey|heya|hiya|howdy|yo|sup|wassup|whats (?:up|good|new|happening)|what is up|(?:good )?(?:morning|afternoon|evening)|how are (?:you|things|u)|how r u|how are you doing|hows (?:it going|your day|things)|how you doing|hallo|bonjour|salut|ciao|hej|ola|namaste)(?: there)?(?: alex)?(?: today)? ?)+$/;
/** A message that is only an acknowledgement: "great", "ok cool". Inside a longer message these words mean little. */
const WHOLE_THANKS =
  /^(ok |okay |oh )?(ta|great|cool|nice|sweet|amazing|lovely|excellent|good stuff|got it|that s great|thats great|sounds great)( thanks?| alex)?$/;

const JOINT_WORDS: Record<string, Joint> = {
  knee: "knee",
  knees: "knee",
  shoulder: "shoulder",
  shoulders: "shoulder",
  back: "lower back",
  "lower back": "lower back",
  "low back": "lower back",
  spine: "lower back",
  wrist: "wrist",
  wrists: "wrist",
  elbow: "elbow",
  elbows: "elbow",
  hip: "hip",
  hips: "hip",
  ankle: "ankle",
  ankles: "ankle",
  neck: "neck",
};
const JOINT_PATTERN =
  /\b(lower back|low back|knees?|shoulders?|back|spine|wrists?|elbows?|hips?|ankles?|neck)\b/;
const PAIN_WORDS =
  /\b(pain\w*|hurt\w*|aches?|aching|achy|sore|injur\w*|sprain\w*|strain\w*|tweak\w*|pulled|killing me|bad|dodgy|twisted|niggle)\b/;

const JOINT_WORD = "(lower back|low back|knees?|shoulders?|back|spine|wrists?|elbows?|hips?|ankles?|neck)";
const PROTECT_PATTERNS = [
  new RegExp(
    `\\b(?:swap|replace|change|avoid|remove|skip|drop)\\b.*\\b(?:loads?|hurts?|stress(?:es)?|strains?|use|uses|involves?|on|for) (?:my |the )?${JOINT_WORD}\\b`,
  ),
  new RegExp(
    `\\b(?:swap|replace|change|avoid|remove|skip) (?:my |the |all |any )*${JOINT_WORD} (?:exercises?|moves|work|stuff)\\b`,
  ),
  new RegExp(`\\b(?:protect|rest|spare|go easy on|look after) (?:my |the )?${JOINT_WORD}\\b`),
];

/** "swap the exercises that load my knee", "protect my knee": the offer after pain, accepted. */
function parseProtect(text: string): Intent | undefined {
  for (const pattern of PROTECT_PATTERNS) {
    const joint = JOINT_WORDS[pattern.exec(text)?.[1] ?? ""];
    if (joint !== undefined) return { kind: "protect-joint", joint };
  }
  return undefined;
}

const BETTER =
  /\b(better|fine|ok|okay|healed|recovered|good again|back to normal|no longer hurts?|doesnt hurt( any ?more)?|stopped hurting|pain is gone|no (more )?pain)\b/;

/** "my knee is better now", "the pain is gone": take the note off. */
function parseBetter(text: string): Intent | undefined {
  if (!BETTER.test(text) || /\bnot (better|fine|ok|okay|healed|good|recovered)\b/.test(text))
    return undefined;
  const joint = JOINT_WORDS[JOINT_PATTERN.exec(text)?.[1] ?? ""];
  if (joint !== undefined) return { kind: "joint-better", joint };
  return /\b(pain is gone|no (more )?pain|(it|its|it s|injury)( is)? (better|healed|fine))\b/.test(text)
    ? { kind: "joint-better" }
    : undefined;
}

/** "my knee hurts", "bad shoulder", "lower back pain": which joint, when the message names pain and a joint. */
function parsePain(text: string): Intent | undefined {
  const joint = JOINT_WORDS[JOINT_PATTERN.exec(text)?.[1] ?? ""];
  if (joint === undefined || !PAIN_WORDS.test(text)) return undefined;
  // "back to a normal diet", "bad back exercises"? Only a back that is hurt: the pain word must be near it.
  if (
    joint === "lower back" &&
    !/\b(back|spine) (pain|hurts?|is (killing|sore|bad|hurting)|ache|injury)|\b(bad|sore|hurt|injured|tweaked|pulled|my) (lower |low )?(back|spine)\b/.test(
      text,
    )
  )
    return undefined;
  return { kind: "pain", joint };
}

const COUNT_WORDS: Record<string, number> = { ...NUMBER_WORDS, once: 1, twice: 2 };

/** "three days a week", "5 workouts per week", "four training days": how many days a week to train. */
function parseTrainingDays(text: string, asked: boolean): Intent | undefined {
  const match =
    /\b(one|two|three|four|five|six|seven|[1-7]) ?(?:(?:training |workout |gym )?(?:days?|workouts?|sessions?|times)|x)(?: of (?:gym|training|working out|exercise))?(?: (?:a|per|each|every) week| weekly| week)?\b/.exec(
      text,
    ) ?? /\b(once|twice) (?:a|per|each|every) week\b/.exec(text);
  if (match === null) return undefined;
  const perWeek = /\b(a|per|each|every) week\b|\bweekly\b|\b(days?|x) week\b/.test(text);
  const aboutTraining = /\b(train\w*|work ?out\w*|gym|exercise|workouts?|sessions?)\b/.test(text);
  if (!(perWeek || aboutTraining) || /\b(ago|in \w+ days|for \w+ days)\b/.test(text)) return undefined;
  if (asked && !/\b(can|could) i\b/.test(text)) return undefined;
  const word = match[1] ?? "";
  const count = COUNT_WORDS[word] ?? Number.parseInt(word, 10);
  return Number.isNaN(count) ? undefined : { kind: "set-training-days", count };
}

const ABUSE =
  /\b(fuck\w*|f off|f you|shut up|stupid|idiot\w*|moron\w*|dumb\w*|useless|you suck|this sucks|sucks|crap\w*|go to hell|hate you|screw you|piece of (junk|shit|crap)|bitch\w*|bastard\w*|wtf|shit\w*|trash|garbage)\b/;

/** The exclusion in "swap lunch but not the chicken", "change my dinner except the salmon"; the rest is the request. */
function splitExclusion(text: string): { text: string; exclusion?: string } {
  const match =
    /\b(?:but not|except(?: for)?|apart from|but keep|(?:keep|not) (?:the|my))\s+(?:the |my )?([a-z ]+?)(?: (?:though|please|thanks))?$/.exec(
      text,
    );
  const exclusion = match?.[1]?.trim();
  const request = match === null ? "" : text.slice(0, match.index).trim();
  if (
    exclusion === undefined ||
    meaningfulWords(exclusion).length === 0 ||
    !(REPLACE_VERB.test(request) || /\b(new|different|another|other)\b/.test(request))
  )
    return { text };
  return { text: request, exclusion };
}

/** One clause, already cut from the message: the intent it states, or "unknown". */
function parseClause(clause: string, state: TrainerState): Intent {
  // "not the oatmeal, the yogurt": a correction names what to leave alone first.
  const correction =
    /^\s*(?:no,?\s*)?(?:not|(?:please )?(?:don['’]?t|do not) (?:change|swap|replace|touch|remove)) (?:the |my )?([^,]+),\s*(.+)$/i.exec(
      clause,
    );
  const leading = correction === null ? undefined : simplify(correction[1] ?? "");
  const normalised = normaliseMessage(correction === null ? clause : (correction[2] ?? ""));
  const withVerb = correction !== null && !REPLACE_VERB.test(normalised) ? `swap ${normalised}` : normalised;
  // "swap the stupid oatmeal" still names the oatmeal: rude words are read past, and answered only when alone.
  const polite = withVerb.replace(new RegExp(ABUSE.source, "g"), " ").replace(/\s+/g, " ").trim();
  const split = leading === undefined ? splitExclusion(polite) : { text: polite, exclusion: leading };
  const text = split.text;
  if (text.length === 0) return ABUSE.test(withVerb) ? { kind: "abuse" } : unknownAbout(clause, text);
  const asked = isQuestion(text);
  const weekdays = weekdaysIn(text);
  if (WHOLE_GREETING.test(text)) return { kind: "greeting" };

  const pain = parseProtect(text) ?? parseBetter(text) ?? parsePain(text);
  if (pain !== undefined) {
    // "replace the push-ups, they hurt my wrist": the swap of a named exercise is what was asked for.
    const swap =
      pain.kind === "pain" && REPLACE_VERB.test(text)
        ? parseReplace(text, state, split.exclusion)
        : undefined;
    return swap?.kind === "replace-exercise" && swap.bodyPart === undefined ? swap : pain;
  }

  const structural =
    parseAvoidance(text, state, "allergy") ??
    (asked ? undefined : parseRule(text)) ??
    (/^(why|did|should)\b/.test(text) ? undefined : parseReplace(text, state, split.exclusion)) ??
    parseMove(text, weekdays) ??
    parseRestDay(text, weekdays, asked) ??
    parseTrainingDays(text, asked) ??
    (asked ? undefined : parseRegenerate(text, state)) ??
    parseAvoidance(text, state, "dislike");
  if (structural !== undefined) return structural;

  const change =
    parseDiet(text, asked) ?? parseCuisine(text, asked) ?? parseGoal(text, asked) ?? parseLevel(text, asked);
  if (change !== undefined) return change;

  const hasQuestionMark = asked || clause.includes("?");
  const question =
    parseNotes(text, hasQuestionMark, state) ??
    parseSafety(text, hasQuestionMark) ??
    parseExplain(text, hasQuestionMark, state) ??
    parseNutrition(text, hasQuestionMark, state);
  if (question !== undefined) return question;

  const schedule = SCHEDULE_QUESTION.test(text) ? parseAskWorkout(text, state) : undefined;
  if (schedule !== undefined) return schedule;
  const guide = GUIDE_PATTERNS.find(({ pattern }) => pattern.test(text));
  if (guide !== undefined)
    return guide.topic === "pain" ? { kind: "pain" } : { kind: "guide", topic: guide.topic };
  const workoutQuestion = parseAskWorkout(text, state);
  if (workoutQuestion !== undefined) return workoutQuestion;

  if (
    REPLACE_VERB.test(text) &&
    /\b(swap|swop|replace|substitute|sub|switch out|exchange|get rid of|remove|ditch)\b/.test(text)
  ) {
    const object = objectAfter(text, REPLACE_VERB) ?? "";
    const words = meaningfulWords(stripDayWords(object));
    if (words.length > 0)
      return { kind: "not-found", query: words.join(" "), day: mealDayIn(text, state) ?? state.activeDay };
  }
  if (ABUSE.test(withVerb)) return { kind: "abuse" };
  if (GREETING.test(text) || HELP.test(text)) return { kind: "greeting" };
  if (THANKS.test(text) || WHOLE_THANKS.test(text)) return { kind: "thanks" };
  return unknownAbout(clause, text);
}

function unknownAbout(clause: string, text: string): Intent {
  const about = offScript(clause, text);
  return about === undefined ? { kind: "unknown" } : { kind: "unknown", about };
}

/**
 * Where one request ends and the next begins: a sentence end, "also", "then", or "and" before a new verb. A
 * comma alone does not split ("I hurt my knee, can you change my workouts?" is one request).
 */
const CLAUSE_BREAK =
  /(?:[.;!?]+\s+|;|,\s*(?:and\s+)?(?:also|then|plus)\s+|\s+(?:and\s+)?(?:also|then)\s+|\s+and\s+(?=(?:make|move|swap|replace|give|change|set|tell|show|what|whats|what's|how|switch|put|remove|skip|regenerate|redo|cancel|i'm|im|go|drop|add|avoid|stop|start)\b)|(?:,|\s+and|\s+but|,\s*(?:and|but))\s+(?=(?:i|i'm|im|i am)\s+(?:(?:also|really|just)\s+)?(?:hate|dislike|don't|dont|do not|can't|cant|cannot|never|allergic|am allergic|keep|eat)\b))/i;

/** Answers that need nothing done: dropped beside a real request ("hi, swap the oatmeal"). */
const SMALL_TALK = new Set<IntentKind>(["unknown", "greeting", "thanks"]);

/** "swap the apple and the salmon": one swap for each, when each names something in the plans. */
function splitJoinedTargets(clause: string, state: TrainerState): string[] {
  const match = /^(.*?\b(?:swap|replace|change|remove|get rid of)\b)\s+(.+?)\s+and\s+(.+)$/i.exec(clause);
  if (match === null) return [clause];
  const [, verb = "", first = "", second = ""] = match;
  const parts = [`${verb} ${first}`, `${verb} ${second}`];
  const kinds = parts.map((part) => parseClause(part, state).kind);
  return kinds.every((kind) => kind === "replace-meal" || kind === "replace-exercise") ? parts : [clause];
}

/**
 * "eggs, no dairy, I hate mushrooms", "allergic to nuts; also soy": beside a stated avoidance, a clause that is only a
 * list of foods the allergy field's reader knows (no word left unplaced) is an avoidance too, read as an allergy, the safe side. Alone it stays
 * unknown: a bare "eggs" is no request.
 */
function avoidanceLists(clauses: readonly string[], intents: readonly Intent[]): Intent[] {
  if (!intents.some((intent) => intent.kind === "add-avoidance")) return [...intents];
  return intents.map((intent, index) => {
    if (intent.kind !== "unknown") return intent;
    // "also soy, change my plan": the foods before the request words.
    const foodsText = (clauses[index] ?? "")
      .split(/\b(?:so|please|change|make|switch|swap|replace|give|update|fix|can you|could you)\b/i)[0]
      ?.trim()
      .replace(/^(?:also|plus|and)\s+/i, "")
      .replace(/[,\s]+$/, "");
    if (foodsText === undefined || foodsText === "") return intent;
    const read = parseAvoidances(foodsText, FOOD_CATALOGUE);
    return hasRules(read) && read.unrecognised.length === 0
      ? { kind: "add-avoidance", foodsText, severity: "allergy" }
      : intent;
  });
}

/**
 * Reads one chat message in the context of the user's plans: every request it makes, in order (one intent for
 * most messages, "unknown" when nothing fits). Never throws.
 */
export function parseIntents(message: string, state: TrainerState): Intent[] {
  const cut = message.slice(0, MAX_MESSAGE_CHARS);
  const flag = detectRedFlag(cut);
  if (flag !== undefined) return [{ kind: "red-flag", flag }];
  const clauses = cut
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => simplify(clause).length > 0)
    .flatMap((clause) => splitJoinedTargets(clause, state));
  if (clauses.length <= 1) return [parseClause(cut, state)];
  const intents = avoidanceLists(
    clauses,
    clauses.map((clause) => parseClause(clause, state)),
  );
  const requests = intents.filter((intent) => !SMALL_TALK.has(intent.kind));
  return requests.length > 0 ? requests : [parseClause(cut, state)];
}

const YES = /^(yes|yeah|yep|yup|sure|ok|okay|please|please do|do it|go ahead|yes please|sounds good|y)\b/;

/**
 * A bare "yes" answers the offer in the reply before it: the message that reply asked for ('Say "protect my
 * knee"'), or undefined when the message says more than yes or nothing was offered.
 */
export function acceptedOffer(message: string, previousReply: string | undefined): string | undefined {
  const text = simplify(message);
  if (!YES.test(text) || text.split(" ").length > 4 || previousReply === undefined) return undefined;
  return /Say "([^"]+)"/.exec(previousReply)?.[1];
}

/** The first request of a message (parseIntents has them all). */
export function parseIntent(message: string, state: TrainerState): Intent {
  return parseIntents(message, state)[0] ?? { kind: "unknown" };
}
