import type { WorkoutItem } from "@fitwise/contracts/plans";
import { isRestDay } from "@fitwise/engine/workouts/rest-days";

function bookend(id: string, day: WorkoutItem["Day"], part: "Warmup" | "Cooldown"): WorkoutItem {
  return {
    id,
    Day: day,
    "Workout Name": part,
    "Body Part Targeted": part,
    "Youtube Video Link": "",
    "No of Sets": 1,
    "No of Reps": "1",
  };
}

/**
 * Spec §4: a warmup (1 set, 1 rep) and a cooldown (1 set, 1 rep) with generated ids round each distinct day.
 * Days that already have them (the engine adds its own) and rest days are left as they are.
 */
export function wrapWarmupCooldown(plan: readonly WorkoutItem[], newId: () => string): WorkoutItem[] {
  const days = [...new Set(plan.map((item) => item.Day))];
  return days.flatMap((day) => {
    const items = plan.filter((item) => item.Day === day);
    if (isRestDay(items)) return items;
    const hasWarmup = items.some((item) => item["Body Part Targeted"] === "Warmup");
    const hasCooldown = items.some((item) => item["Body Part Targeted"] === "Cooldown");
    return [
      ...(hasWarmup ? [] : [bookend(newId(), day, "Warmup")]),
      ...items,
      ...(hasCooldown ? [] : [bookend(newId(), day, "Cooldown")]),
    ];
  });
}
