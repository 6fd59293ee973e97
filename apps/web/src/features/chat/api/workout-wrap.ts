import { exerciseIdOf } from "@fitwise/engine/workouts/exercise-library";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { isRestDay } from "@fitwise/engine/workouts/rest-days";

function bookend(id: string, day: WorkoutItem["day"], part: "Warmup" | "Cooldown"): WorkoutItem {
  return {
    id,
    day,
    kind: part === "Warmup" ? "warmup" : "cooldown",
    exerciseId: exerciseIdOf(part),
    name: part,
    bodyPart: part,
    videoUrl: "",
    sets: 1,
    reps: "1",
  };
}

/**
 * docs/product.md §5: a warmup (1 set, 1 rep) and a cooldown (1 set, 1 rep) with generated ids round each distinct day.
 * Days that already have them (the engine adds its own) and rest days are left as they are.
 */
export function wrapWarmupCooldown(plan: readonly WorkoutItem[], newId: () => string): WorkoutItem[] {
  const days = [...new Set(plan.map((item) => item.day))];
  return days.flatMap((day) => {
    const items = plan.filter((item) => item.day === day);
    if (isRestDay(items)) return items;
    const hasWarmup = items.some((item) => item.kind === "warmup");
    const hasCooldown = items.some((item) => item.kind === "cooldown");
    return [
      ...(hasWarmup ? [] : [bookend(newId(), day, "Warmup")]),
      ...items,
      ...(hasCooldown ? [] : [bookend(newId(), day, "Cooldown")]),
    ];
  });
}
