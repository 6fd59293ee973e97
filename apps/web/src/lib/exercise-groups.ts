import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { isRestItem } from "@fitwise/engine/workouts/rest-days";

/** A warm-up or cool-down, however an older saved plan spells it ("Warm-up", "cooldown"). */
const BOOKEND = /^(warm-?up|cool-?down)$/i;

/** docs/product.md §3.7: Replace on every exercise, not on the warm-up, the cool-down or a rest day. */
export function isReplaceable(item: WorkoutItem): boolean {
  return !BOOKEND.test(item.bodyPart.trim()) && !isRestItem(item);
}

/** A day's exercises grouped by body part, groups in the order the plan lists them (warmup first, cooldown last). */
export function groupByBodyPart(items: readonly WorkoutItem[]): [string, WorkoutItem[]][] {
  const groups = new Map<string, WorkoutItem[]>();
  for (const item of items) {
    const bodyPart = item.bodyPart.trim();
    groups.set(bodyPart, [...(groups.get(bodyPart) ?? []), item]);
  }
  return [...groups];
}
