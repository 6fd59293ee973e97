import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { WeekdaySchema } from "@fitwise/contracts/profile";
import { isRestDay } from "@fitwise/engine/workouts/rest-days";

const DAY_ORDER: readonly string[] = WeekdaySchema.options;

export interface PlanDay {
  day: string;
  isRest: boolean;
}

function dayRank(day: string): number {
  const index = DAY_ORDER.findIndex((name) => day.toLowerCase().startsWith(name.toLowerCase()));
  return index === -1 ? DAY_ORDER.length : index;
}

/** docs/product.md §3 "/fullworkout": the plan's unique days, sorted Monday to Sunday (docs/product.md §6 Monday=1 … Sunday=7). */
export function planDays(plan: readonly WorkoutItem[]): PlanDay[] {
  const days = [...new Set(plan.map((item) => item.day))];
  return days
    .map((day, firstSeen) => ({ day, firstSeen }))
    .sort((a, b) => dayRank(a.day) - dayRank(b.day) || a.firstSeen - b.firstSeen)
    .map(({ day }) => {
      const items = plan.filter((item) => item.day === day);
      return { day, isRest: isRestDay(items) };
    });
}

/**
 * The day to show: the one last chosen (remembered across visits) when this plan has it, else the
 * plan's first day (as the original app did: "when data arrives the first plan day is selected if none chosen").
 */
export function initialDay(days: readonly PlanDay[], remembered: string | null): string | null {
  if (remembered && days.some((entry) => entry.day === remembered)) return remembered;
  return days[0]?.day ?? null;
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
