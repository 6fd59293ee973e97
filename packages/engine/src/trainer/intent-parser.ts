import { CUISINES, type Cuisine, type DietType, type MealSlot } from "../nutrition/food.types";
import type { MealItem } from "../nutrition/meal-planner";
import type { FitnessGoal } from "../profile.types";
import { EXERCISE_LIBRARY, findExerciseByName } from "../workouts/exercise-library";
import type { Exercise, ExperienceLevel, Weekday } from "../workouts/exercise.types";
import type { GuideTopic } from "./guide-answers";
import { bestMatch, meaningfulWords, nameMatchScore, simplify } from "./name-match";
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

export type Intent =
  | { kind: "red-flag"; flag: RedFlag }
  /** itemIds: the items on `day` the user named (a whole meal slot for "my lunch"). */
  | { kind: "replace-meal"; day: DayIndex; query: string; slot?: MealSlot; itemIds: string[] }
  | { kind: "regenerate-meals"; day: DayIndex }
  | { kind: "add-avoidance"; foodsText: string; severity: "allergy" | "dislike" }
  | { kind: "change-cuisine"; cuisine: Cuisine }
  | { kind: "change-diet"; dietType: DietType }
  /** itemIds empty: the exercise exists in the library but not in the user's plan. */
  | { kind: "replace-exercise"; query: string; day?: Weekday; itemIds: string[] }
  | { kind: "move-workout"; from: Weekday; to: Weekday }
  | { kind: "rest-day"; day: Weekday }
  | { kind: "regenerate-workouts" }
  | { kind: "change-goal"; goal: FitnessGoal }
  | { kind: "change-level"; level: ExperienceLevel }
  /** advice: "how much protein should I eat" (the guide's answer) rather than "how much is in my plan". */
  | { kind: "ask-nutrition"; day: DayIndex; topic: NutritionTopic; advice: boolean }
  | { kind: "ask-workout"; day?: Weekday }
  /** "is my plan safe?", "am I underweight?", "what's my BMI?": the screening notice, or that all is well. */
  | { kind: "ask-safety" }
  /** exerciseId undefined: asked how to do something the library does not have. */
  | { kind: "explain-exercise"; query: string; exerciseId?: string }
  | { kind: "guide"; topic: GuideTopic }
  /** A swap was asked for, but nothing in the plans goes by that name. */
  | { kind: "not-found"; query: string; day: DayIndex }
  | { kind: "greeting" }
  | { kind: "thanks" }
  | { kind: "unknown" };

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
    .replace(/\s+/g, " ")
    .trim();
}

function exerciseNamed(query: string): Exercise | undefined {
  return findExerciseByName(query) ?? bestMatch(query, EXERCISE_LIBRARY, (exercise) => exercise.name);
}

function mealItemsNamed(
  state: TrainerState,
  query: string,
  day: DayIndex | undefined,
): { day: DayIndex; items: MealItem[] } | undefined {
  const order =
    day !== undefined
      ? [day]
      : [state.activeDay, ...DAY_INDICES.filter((other) => other !== state.activeDay)];
  for (const candidate of order) {
    const items = state.mealPlans[candidate] ?? [];
    const item = bestMatch(query, items, (mealItem) => mealItem.name);
    if (item !== undefined) return { day: candidate, items: [item] };
  }
  return undefined;
}

type Target = Extract<Intent, { kind: "replace-meal" | "replace-exercise" }>;

/** What "the oatmeal", "my lunch", "push-ups on Wednesday" point at in the user's plans. */
function resolveTarget(
  rawObject: string,
  fullText: string,
  state: TrainerState,
  preferExercise: boolean,
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
    const named = rest.length > 0 ? bestMatch(rest, slotItems, (item) => item.name) : undefined;
    if (named !== undefined) return { kind: "replace-meal", day, query: rest, itemIds: [named.id] };
    if (words.length <= 2)
      return { kind: "replace-meal", day, query: slot, slot, itemIds: slotItems.map((item) => item.id) };
  }

  const exerciseItems = state.workoutPlan.filter(
    (item) =>
      isExerciseItem(item) &&
      (workoutDay === undefined || item.day === workoutDay || weekdaysIn(fullText).length === 0),
  );
  const planExercise = bestMatch(query, exerciseItems, (item) => item.name);
  const meal = mealItemsNamed(state, query, mealDay);
  if (planExercise !== undefined && (preferExercise || meal === undefined)) {
    const name = planExercise.name;
    const day = weekdaysIn(fullText)[0];
    const itemIds = exerciseItems
      .filter((item) => item.name === name && (day === undefined || item.day === day))
      .map((item) => item.id);
    return { kind: "replace-exercise", query: name, ...(day === undefined ? {} : { day }), itemIds };
  }
  if (meal !== undefined)
    return {
      kind: "replace-meal",
      day: meal.day,
      query: words.join(" "),
      itemIds: meal.items.map((item) => item.id),
    };
  const libraryExercise = exerciseNamed(query);
  if (libraryExercise !== undefined)
    return { kind: "replace-exercise", query: libraryExercise.name, itemIds: [] };
  return undefined;
}

/** The object of a verb: what follows it, up to "for", "with", "because"... */
function objectAfter(text: string, verbPattern: RegExp): string | undefined {
  const match = verbPattern.exec(text);
  if (match === null) return undefined;
  const rest = text.slice(match.index + match[0].length);
  return rest.split(/\b(for|with|to|into|by|please|so|because|as|instead|and|but|since|cause)\b/)[0]?.trim();
}

const REPLACE_VERB =
  /\b(swap|swop|replace|substitute|sub|switch out|exchange|change|get rid of|remove|ditch)\b/;

function parseReplace(text: string, state: TrainerState): Target | undefined {
  for (const lead of [/\b(instead of|something else for)\b/, /\b(a |an )?(different|another|new|other)\b/]) {
    const object = objectAfter(text, lead);
    const target = object === undefined ? undefined : resolveTarget(object, text, state, false);
    if (target !== undefined) return target;
  }
  const dontWant = objectAfter(text, /\bi (dont|do not) want (the|my|this|that)\b/);
  if (dontWant !== undefined) {
    const target = resolveTarget(dontWant, text, state, false);
    if (target !== undefined) return target;
  }
  if (!REPLACE_VERB.test(text)) return undefined;
  const object = objectAfter(text, REPLACE_VERB);
  const preferExercise = /\b(exercise|workout|training|lift)\b/.test(text);
  return object === undefined ? undefined : resolveTarget(object, text, state, preferExercise);
}

function parseMove(text: string, weekdays: readonly Weekday[]): Intent | undefined {
  if (
    weekdays.length < 2 ||
    !/\b(move|moving|shift|reschedule|switch|swap|change|put|train|instead|rather)\b/.test(text)
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
  /\b(regenerate|redo|reset|rebuild|replan|re plan|refresh|reroll|shuffle|remake|start over)\b/;
const NEW_PLAN =
  /\b(new|different|another|fresh|other)( set of)? (meals?|meal plan|menu|diet( plan)?|food plan|plan|workouts?|workout plan|training plan|routine|program|programme)\b/;

function parseRegenerate(text: string, state: TrainerState): Intent | undefined {
  const regenerate = REGENERATE_VERB.test(text) || NEW_PLAN.test(text);
  // "day 9" names no day we store: better an honest "unknown" than re-planning today.
  if (!regenerate || /\bday (0|[89]|\d\d+)\b/.test(text)) return undefined;
  if (WORKOUT_WORDS.test(text) && !/\b(meals?|diet|menu|food)\b/.test(text))
    return { kind: "regenerate-workouts" };
  return { kind: "regenerate-meals", day: mealDayIn(text, state) ?? state.activeDay };
}

const ALLERGY_PATTERNS = [
  /\ballergic (?:to )?(.+)$/,
  /\b(?:have|got|with) (?:an? |some )?(.+?) (?:allergy|allergies|intolerance)\b/,
  /\b(?:allergy|allergies|intolerance|intolerant) (?:to )?(.+)$/,
  /\b(?:im |i am )?(\w+(?: \w+)?) intolerant\b/,
  /\b(?:cant|cannot|can not) (?:eat|have) (?!any more\b)(.+)$/,
];
const DISLIKE_PATTERNS = [
  /\bi (?:really )?(?:dont|do not|no longer|never) (?:like|eat|enjoy|love) (?!to\b)(.+)$/,
  /\bi (?:really )?(?:hate|dislike|detest|cant stand|cannot stand|can not stand) (.+)$/,
  /\bnot (?:a )?(?:big )?fan of (.+)$/,
  /\bno more (.+)$/,
  /\b(?:keep|leave) (.+?) out of my (?:meals|food|plans?|diet)\b/,
];

function cleanFoods(raw: string): string {
  const cut =
    raw.split(
      /\b(so|please|anymore|any more|because|in my|from my|today|thanks|thank you|and (can|could|please|make|replan|update)|but|can you|could you|make|change|switch|swap|replace|give|update|fix|i|im|my)\b/,
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
    // "I don't like push-ups" is about training, not food.
    const exercise = resolveTarget(foodsText, text, state, true);
    if (exercise?.kind === "replace-exercise") return exercise;
    return { kind: "add-avoidance", foodsText, severity };
  }
  return undefined;
}

/** "I eat halal", "we keep kosher", "I'm pescatarian": a rule the allergy reader turns into exclusions. */
const RULE_PATTERN = /\b(halal|kosher|pescatarian|pescetarian)\b/;

function parseRule(text: string): Intent | undefined {
  const rule = RULE_PATTERN.exec(text)?.[1];
  return rule === undefined ? undefined : { kind: "add-avoidance", foodsText: rule, severity: "allergy" };
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
  /\b((build|gain|put on|grow|add|get) (some |more )?(muscle|mass|size)|bulk(ing)?|get (bigger|stronger|jacked|swole|big)|gain weight|muscle gain|gain muscle mass)\b/;
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
  if (asked && meaningfulWords(text).length <= 3) {
    const exercise = exerciseNamed(text);
    if (exercise !== undefined) return { kind: "explain-exercise", query: text, exerciseId: exercise.id };
  }
  return undefined;
}

const SAFETY_WORDS =
  /\b(bmi|body mass index|underweight|too (thin|skinny|light)|(is|are) (it|this|my \w+( \w+)?) (safe|healthy|ok|okay)|safe (for me )?to (lose|diet)|should i (lose weight|diet|be losing))\b/;

function parseSafety(text: string, asked: boolean): Intent | undefined {
  if (!SAFETY_WORDS.test(text)) return undefined;
  if (!asked && !/\b(am i|is|bmi|should i)\b/.test(text)) return undefined;
  return { kind: "ask-safety" };
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

function parseAskWorkout(text: string, state: TrainerState): Intent | undefined {
  if (!/\b(what|which|whats|show|tell|list|when)\b/.test(text)) return undefined;
  if (!/\b(workouts?|train|training|exercises?|gym|session|schedule|lift)\b/.test(text)) return undefined;
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
      /\b(progressive overload|how much weight|add(ing)? weight|increase (the )?weight|heavier|how heavy|reps in reserve|get stronger|progress(ion)? in the gym)\b/,
  },
  {
    topic: "recovery",
    pattern: /\b(recover\w*|rest days?|sore(ness)?|doms|overtrain\w*|how often (should|can) i train)\b/,
  },
  {
    topic: "consistency",
    pattern:
      /\b(motivat\w*|missed (a|my|the) (workout|session|day|gym)|skipped (a|my) (workout|session)|consisten\w*|cheat (meal|day)|fell off|plateau\w*|stall\w*|not seeing (results|progress)|give up|lazy)\b/,
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
const THANKS =
  /\b(thanks|thank you|thank u|thx|ty|cheers|appreciate (it|that|you)|great job|awesome|perfect|brilliant)\b/;

/** Reads one chat message in the context of the user's plans. Never throws; "unknown" when nothing fits. */
export function parseIntent(message: string, state: TrainerState): Intent {
  const cut = message.slice(0, MAX_MESSAGE_CHARS);
  const flag = detectRedFlag(cut);
  if (flag !== undefined) return { kind: "red-flag", flag };
  const text = simplify(cut);
  if (text.length === 0) return { kind: "unknown" };
  const asked = isQuestion(text);
  const weekdays = weekdaysIn(text);

  const structural =
    parseAvoidance(text, state, "allergy") ??
    (asked ? undefined : parseRule(text)) ??
    (/^(why|did|should)\b/.test(text) ? undefined : parseReplace(text, state)) ??
    parseMove(text, weekdays) ??
    parseRestDay(text, weekdays, asked) ??
    (asked ? undefined : parseRegenerate(text, state)) ??
    parseAvoidance(text, state, "dislike");
  if (structural !== undefined) return structural;

  const change =
    parseDiet(text, asked) ?? parseCuisine(text, asked) ?? parseGoal(text, asked) ?? parseLevel(text, asked);
  if (change !== undefined) return change;

  const hasQuestionMark = asked || cut.includes("?");
  const question =
    parseSafety(text, hasQuestionMark) ??
    parseExplain(text, hasQuestionMark, state) ??
    parseNutrition(text, hasQuestionMark, state);
  if (question !== undefined) return question;

  const guide = GUIDE_PATTERNS.find(({ pattern }) => pattern.test(text));
  if (guide !== undefined) return { kind: "guide", topic: guide.topic };
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
  if (GREETING.test(text)) return { kind: "greeting" };
  if (THANKS.test(text)) return { kind: "thanks" };
  return { kind: "unknown" };
}
