import type { WorkoutItem } from "@fitwise/contracts/plans";
import { WeekdaySchema } from "@fitwise/contracts/profile";

const DAY_ORDER: readonly string[] = WeekdaySchema.options;

/** docs/product.md §3: a day "containing rest" is labelled Rest Day; our planner marks one with a single "Rest Day" item. */
const REST = /\brest\b/i;

export interface PlanDay {
  day: string;
  isRest: boolean;
}

export interface BodyPartGroup {
  bodyPart: string;
  items: WorkoutItem[];
}

function dayRank(day: string): number {
  const index = DAY_ORDER.findIndex((name) => day.toLowerCase().startsWith(name.toLowerCase()));
  return index === -1 ? DAY_ORDER.length : index;
}

export function isRestItem(item: WorkoutItem): boolean {
  return REST.test(item["Body Part Targeted"]) || REST.test(item["Workout Name"]) || REST.test(item.Day);
}

/** docs/product.md §3 "/fullworkout": the plan's unique days, sorted Monday to Sunday (docs/product.md §6 Monday=1 … Sunday=7). */
export function planDays(plan: readonly WorkoutItem[]): PlanDay[] {
  const days = [...new Set(plan.map((item) => item.Day))];
  return days
    .map((day, firstSeen) => ({ day, firstSeen }))
    .sort((a, b) => dayRank(a.day) - dayRank(b.day) || a.firstSeen - b.firstSeen)
    .map(({ day }) => {
      const items = plan.filter((item) => item.Day === day);
      return { day, isRest: REST.test(day) || items.every(isRestItem) };
    });
}

/**
 * The day to show: the one last chosen (remembered across visits) when this plan has it, else the
 * plan's first day (spec: "when data arrives the first plan day is selected if none chosen").
 */
export function initialDay(days: readonly PlanDay[], remembered: string | null): string | null {
  if (remembered && days.some((entry) => entry.day === remembered)) return remembered;
  return days[0]?.day ?? null;
}

/** The day's exercises by body part, in the order the plan lists them (warm-up first, cool-down last). */
export function groupByBodyPart(items: readonly WorkoutItem[]): BodyPartGroup[] {
  const groups = new Map<string, WorkoutItem[]>();
  for (const item of items) {
    const group = groups.get(item["Body Part Targeted"]);
    if (group) group.push(item);
    else groups.set(item["Body Part Targeted"], [item]);
  }
  return [...groups].map(([bodyPart, groupItems]) => ({ bodyPart, items: groupItems }));
}

/** docs/product.md §3: Replace is offered on every exercise except the warm-up and cool-down. */
export function isReplaceable(item: WorkoutItem): boolean {
  return !/^(warm-?up|cool-?down)$/i.test(item["Body Part Targeted"].trim()) && !isRestItem(item);
}

/** docs/product.md §7: preferred days are shown with brackets and quotes stripped ("Monday, Wednesday, Friday"). */
export function formatWorkoutDays(days: readonly string[] | string): string {
  const text = typeof days === "string" ? days : days.join(", ");
  return text
    .replace(/[[\]"']/g, "")
    .split(",")
    .map((day) => day.trim())
    .filter(Boolean)
    .join(", ");
}

/** docs/product.md §7: the first word of user_workout_type ("Home Workout" → "Home") says where the owner trains. */
export function workoutPlace(workoutType: string | null): string | null {
  return workoutType?.trim().split(/\s+/)[0] || null;
}
