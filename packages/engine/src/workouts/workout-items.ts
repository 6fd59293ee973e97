import type { SeededRandom } from "./seeded-random";
import { COOLDOWN, REST_DAY_NAME, WARMUP, type Weekday, type WorkoutItem } from "./exercise.types";

/** A YouTube search never goes stale, unlike a link to one video (docs/product.md §10 (video links need no upkeep)). */
export function youtubeSearchLink(exerciseName: string): string {
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(`${exerciseName} proper form`)}`;
}

/** Draws an id not in `taken` and records it there. */
export function newItemId(random: SeededRandom, taken: Set<string>): string {
  let id = `wo-${random.hex8()}`;
  while (taken.has(id)) id = `wo-${random.hex8()}`;
  taken.add(id);
  return id;
}

export function restDayItem(id: string, day: Weekday): WorkoutItem {
  return {
    id,
    Day: day,
    "Workout Name": REST_DAY_NAME,
    "Body Part Targeted": REST_DAY_NAME,
    "Youtube Video Link": "",
    "No of Sets": 0,
    "No of Reps": "0",
  };
}

/** docs/product.md §5/§9: warmup and cooldown entries are 1 set of "1" rep, wrapped round each training day. */
export function bookendItem(
  id: string,
  day: Weekday,
  kind: typeof WARMUP | typeof COOLDOWN,
  name: string,
): WorkoutItem {
  return {
    id,
    Day: day,
    "Workout Name": name,
    "Body Part Targeted": kind,
    "Youtube Video Link": youtubeSearchLink(name),
    "No of Sets": 1,
    "No of Reps": "1",
  };
}

export function exerciseItem(
  id: string,
  day: Weekday,
  exercise: { name: string; bodyPart: string },
  sets: number,
  reps: string,
): WorkoutItem {
  return {
    id,
    Day: day,
    "Workout Name": exercise.name,
    "Body Part Targeted": exercise.bodyPart,
    "Youtube Video Link": youtubeSearchLink(exercise.name),
    "No of Sets": sets,
    "No of Reps": reps,
  };
}
