import { WEEKDAYS, type Weekday, type WorkoutItem } from "./exercise.types";

/** A rest-day placeholder, not an exercise: never replaced, logged, previewed or counted (docs/product.md §6.3). */
export function isRestItem(item: Pick<WorkoutItem, "kind">): boolean {
  return item.kind === "rest";
}

/** A day's items are a rest day when every one is a rest item (an empty day is no day at all). */
export function isRestDay(items: readonly Pick<WorkoutItem, "kind">[]): boolean {
  return items.length > 0 && items.every(isRestItem);
}

/** The first day of the week, Monday first, with something other than rest in it (docs/product.md §5). */
export function firstWorkoutDay(items: readonly WorkoutItem[]): Weekday | undefined {
  return WEEKDAYS.find((day) => items.some((item) => item.day === day && !isRestItem(item)));
}
