import { WEEKDAYS, type Weekday, type WorkoutItem } from "./exercise.types";

/**
 * docs/product.md §6.3: non-training days are Rest Day. Our planner writes one "Rest Day" item
 * (workout-items.ts restDayItem); plans saved or shared earlier may say "Rest" or "rest day" instead,
 * so a day containing the word, in either field and any case, is a rest day (docs/decisions/031).
 * No exercise in the library has the word.
 */
const REST_WORD = /\brest\b/i;

type NamedItem = Pick<WorkoutItem, "Workout Name" | "Body Part Targeted">;

/** A rest-day placeholder, not an exercise: never replaced, logged, previewed or counted. */
export function isRestItem(item: NamedItem): boolean {
  return REST_WORD.test(item["Workout Name"]) || REST_WORD.test(item["Body Part Targeted"]);
}

/** A day's items are a rest day when every one is a rest item (an empty day is no day at all). */
export function isRestDay(items: readonly NamedItem[]): boolean {
  return items.length > 0 && items.every(isRestItem);
}

/** The first day of the week, Monday first, with something other than rest in it (docs/product.md §5). */
export function firstWorkoutDay(items: readonly WorkoutItem[]): Weekday | undefined {
  return WEEKDAYS.find((day) => items.some((item) => item.Day === day && !isRestItem(item)));
}
