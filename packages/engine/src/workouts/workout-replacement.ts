import type { EngineError } from "../profile.types";
import { EXERCISE_LIBRARY, exerciseNameKey, findExerciseByName, libraryNameKey } from "./exercise-library";
import { isEligible, levelRank } from "./exercise-eligibility";
import {
  COOLDOWN,
  EXPERIENCE_LEVELS,
  REST_DAY_NAME,
  TRAINING_BODY_PARTS,
  WARMUP,
  WORKOUT_TYPES,
  type Exercise,
  type ExperienceLevel,
  type WorkoutItem,
  type WorkoutType,
} from "./exercise.types";
import { createSeededRandom } from "./seeded-random";
import { exerciseItem, newItemId } from "./workout-items";

export interface WorkoutReplacementRequest {
  plan: readonly WorkoutItem[];
  itemId: string;
  level: ExperienceLevel;
  workoutType: WorkoutType;
  seed: number;
}

export type WorkoutReplacementOutcome = { ok: true; item: WorkoutItem } | { ok: false; error: EngineError };

function fail(code: string, message: string): WorkoutReplacementOutcome {
  return { ok: false, error: { code, message } };
}

/**
 * Swaps one exercise for another of the same body part that the user's level and equipment allow
 * and that is not already on that day. Sets and reps are kept, so the day's volume does not move;
 * the same mechanic is preferred so compound-first ordering survives the swap.
 */
export function replaceWorkoutItem(input: WorkoutReplacementRequest): WorkoutReplacementOutcome {
  if (!EXPERIENCE_LEVELS.includes(input.level)) {
    return fail(
      "invalid_level",
      `Unknown experience level "${String(input.level)}": choose ${EXPERIENCE_LEVELS.join(", ")}.`,
    );
  }
  if (!WORKOUT_TYPES.includes(input.workoutType)) {
    return fail(
      "invalid_workout_type",
      `Unknown workout type "${String(input.workoutType)}": choose ${WORKOUT_TYPES.join(" or ")}.`,
    );
  }
  if (!Number.isFinite(input.seed))
    return fail("invalid_seed", "The replacement seed must be a finite number.");
  const item = input.plan.find((candidate) => candidate.id === input.itemId);
  if (item === undefined)
    return fail("item_not_found", `No workout item with id "${input.itemId}" is in this plan.`);

  const bodyPartText = item["Body Part Targeted"].trim();
  if (bodyPartText === REST_DAY_NAME || item["Workout Name"].trim() === REST_DAY_NAME) {
    return fail("not_replaceable", `${item.Day} is a rest day; there is no exercise to replace.`);
  }
  if (bodyPartText === WARMUP || bodyPartText === COOLDOWN) {
    return fail(
      "not_replaceable",
      `The ${bodyPartText.toLowerCase()} on ${item.Day} cannot be replaced; only exercises can.`,
    );
  }

  const current = findExerciseByName(item["Workout Name"]);
  const bodyPart = current?.bodyPart ?? TRAINING_BODY_PARTS.find((part) => part === bodyPartText);
  if (bodyPart === undefined) {
    return fail(
      "unknown_body_part",
      `"${item["Workout Name"]}" targets "${bodyPartText}", which has no alternatives in the exercise library.`,
    );
  }

  const sameDay = new Set(
    input.plan
      .filter((other) => other.Day === item.Day)
      .map((other) => exerciseNameKey(other["Workout Name"])),
  );
  const candidates = EXERCISE_LIBRARY.filter(
    (exercise) =>
      exercise.bodyPart === bodyPart &&
      isEligible(exercise, input.level, input.workoutType) &&
      !sameDay.has(libraryNameKey(exercise)),
  );
  const sameMechanic = candidates.filter(
    (exercise) => current === undefined || exercise.mechanic === current.mechanic,
  );
  const pool: readonly Exercise[] = sameMechanic.length > 0 ? sameMechanic : candidates;
  if (pool.length === 0) {
    return fail(
      "no_alternative",
      `Every ${bodyPart} exercise that suits a ${input.level.toLowerCase()} ${input.workoutType.toLowerCase()} is already on ${item.Day}.`,
    );
  }

  const random = createSeededRandom(input.seed);
  // Same weighting as the planner's level preference: work at the user's own level first.
  const weights = pool.map((exercise) => [4, 2, 1][levelRank(input.level) - levelRank(exercise.level)] ?? 1);
  const chosen = pool[random.weightedIndex(weights)] ?? pool[0];
  if (chosen === undefined) return fail("no_alternative", `No ${bodyPart} alternative is available.`);
  const ids = new Set(input.plan.map((other) => other.id));
  return {
    ok: true,
    item: exerciseItem(newItemId(random, ids), item.Day, chosen, item["No of Sets"], item["No of Reps"]),
  };
}
