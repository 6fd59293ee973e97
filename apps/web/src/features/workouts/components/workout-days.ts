import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { WEEKDAYS } from "@fitwise/engine/workouts/exercise.types";
import type { Weekday } from "@fitwise/engine/workouts/exercise.types";
import { isRestDay } from "@fitwise/engine/workouts/rest-days";

export interface WorkoutDay {
  day: Weekday;
  items: WorkoutItem[];
  /** docs/product.md §3: rest days are labelled Rest Day. */
  rest: boolean;
}

/** The plan's days sorted Monday to Sunday (docs/product.md §3), each with its items in plan order. */
export function workoutDays(items: readonly WorkoutItem[]): WorkoutDay[] {
  const byDay = new Map<Weekday, WorkoutItem[]>();
  for (const item of items) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
  return WEEKDAYS.filter((day) => byDay.has(day)).map((day) => {
    const dayItems = byDay.get(day) ?? [];
    return {
      day,
      items: dayItems,
      rest: isRestDay(dayItems),
    };
  });
}
