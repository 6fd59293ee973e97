import type { WorkoutItem } from "@fitwise/contracts/plans";
import { REST_DAY_NAME, WEEKDAYS } from "@fitwise/engine/workouts/exercise.types";
import type { Weekday } from "@fitwise/engine/workouts/exercise.types";

export interface WorkoutDay {
  day: Weekday;
  items: WorkoutItem[];
  /** docs/product.md §3: rest days are labelled Rest Day. */
  rest: boolean;
}

/** The plan's days sorted Monday to Sunday (docs/product.md §3), each with its items in plan order. */
export function workoutDays(items: readonly WorkoutItem[]): WorkoutDay[] {
  const byDay = new Map<Weekday, WorkoutItem[]>();
  for (const item of items) byDay.set(item.Day, [...(byDay.get(item.Day) ?? []), item]);
  return WEEKDAYS.filter((day) => byDay.has(day)).map((day) => {
    const dayItems = byDay.get(day) ?? [];
    return {
      day,
      items: dayItems,
      rest: dayItems.every((item) => item["Body Part Targeted"].trim() === REST_DAY_NAME),
    };
  });
}

/** docs/product.md §5: the one training day a free user may use is the first of the week, Monday first. */
export function firstWorkoutDay(days: readonly WorkoutDay[]): Weekday | null {
  return days.find((entry) => !entry.rest)?.day ?? null;
}

/** A day's exercises grouped by body part, groups in the order the plan lists them (warmup first, cooldown last). */
export function groupByBodyPart(items: readonly WorkoutItem[]): [string, WorkoutItem[]][] {
  const groups = new Map<string, WorkoutItem[]>();
  for (const item of items) {
    const bodyPart = item["Body Part Targeted"].trim();
    groups.set(bodyPart, [...(groups.get(bodyPart) ?? []), item]);
  }
  return [...groups];
}
