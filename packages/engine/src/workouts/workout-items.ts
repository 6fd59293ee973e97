import type { SeededRandom } from "./seeded-random";
import { exerciseIdOf } from "./exercise-library";
import {
  COOLDOWN,
  REST_DAY_ID,
  REST_DAY_NAME,
  WARMUP,
  type Weekday,
  type WorkoutItem,
} from "./exercise.types";

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
    day,
    kind: "rest",
    exerciseId: REST_DAY_ID,
    name: REST_DAY_NAME,
    bodyPart: REST_DAY_NAME,
    videoUrl: "",
    sets: 0,
    reps: "0",
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
    day,
    kind: kind === WARMUP ? "warmup" : "cooldown",
    exerciseId: exerciseIdOf(name),
    name,
    bodyPart: kind,
    videoUrl: youtubeSearchLink(name),
    sets: 1,
    reps: "1",
  };
}

export function exerciseItem(
  id: string,
  day: Weekday,
  exercise: { id: string; name: string; bodyPart: string },
  sets: number,
  reps: string,
): WorkoutItem {
  return {
    id,
    day,
    kind: "exercise",
    exerciseId: exercise.id,
    name: exercise.name,
    bodyPart: exercise.bodyPart,
    videoUrl: youtubeSearchLink(exercise.name),
    sets: sets,
    reps: reps,
  };
}
