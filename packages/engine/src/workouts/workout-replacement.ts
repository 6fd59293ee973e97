import type { EngineError } from "../profile.types";
import { EXERCISE_LIBRARY, findExerciseById } from "./exercise-library";
import {
  allowedEquipment,
  equipmentClass,
  isEligibleFor,
  isOlderAdult,
  levelRank,
  type Trainee,
} from "./exercise-eligibility";
import {
  EXPERIENCE_LEVELS,
  TRAINING_BODY_PARTS,
  WEEKDAYS,
  WORKOUT_TYPES,
  type Exercise,
  type ExperienceLevel,
  type WorkoutItem,
  type WorkoutType,
} from "./exercise.types";
import type { Joint } from "./joint-load";
import { isRestItem } from "./rest-days";
import { createSeededRandom } from "./seeded-random";
import { exerciseItem, newItemId } from "./workout-items";

/** Back exercises that hinge load the hamstrings and glutes as hard as the back (deadlift, rack pull, back extension). */
export function loadsHipExtensors(exercise: Exercise): boolean {
  return exercise.bodyPart === "Back" && exercise.pattern === "hinge";
}

export interface WorkoutReplacementRequest {
  plan: readonly WorkoutItem[];
  itemId: string;
  level: ExperienceLevel;
  workoutType: WorkoutType;
  /** Home equipment the user declared; null or absent: dumbbells and bands. Ignored in a gym. */
  equipment?: readonly string[] | null | undefined;
  ageYears?: number | null | undefined;
  /** Joints the person has said hurt (joint-load.ts): alternatives never load them. */
  avoidJoints?: readonly Joint[] | null | undefined;
  /** Ids of exercises replaced away this week: never offered again. */
  replacedAwayIds?: readonly string[] | undefined;
  /** The alternative the user picked (its exercise id); absent: the first, as one-click replacement does. */
  choiceExerciseId?: string | undefined;
  seed: number;
}

export type WorkoutReplacementOutcome = { ok: true; item: WorkoutItem } | { ok: false; error: EngineError };
export type WorkoutAlternativesOutcome =
  { ok: true; alternatives: WorkoutItem[] } | { ok: false; error: EngineError };

/** How many alternatives the user is offered, as for meal items. */
export const WORKOUT_ALTERNATIVES = 3;

function fail(code: string, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message } };
}

/**
 * Equipment classes a swap keeps: a barbell lift for a barbell lift, machine or cable work for the
 * same, hand-held free weights (dumbbells, kettlebells) for free weights, bands for bands and body
 * weight (with a pull-up bar or bench for support) for body weight.
 */
export function replacementClass(exercise: Pick<Exercise, "equipment">): string {
  const implement = equipmentClass(exercise);
  if (implement === "machine" || implement === "cable") return "machine or cable";
  if (implement === "dumbbells" || implement === "kettlebell") return "free weights";
  if (implement === "pull-up bar" || implement === "body weight" || implement === "bench")
    return "body weight";
  return implement;
}

function validateRequest(input: WorkoutReplacementRequest): { ok: false; error: EngineError } | undefined {
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
  return undefined;
}

/** Recovery groups (as the library names body parts) trained on the days either side of `day`. */
function neighbourGroups(plan: readonly WorkoutItem[], day: WorkoutItem["day"]): Set<string> {
  const index = WEEKDAYS.indexOf(day);
  const neighbours = new Set([WEEKDAYS[(index + 6) % 7], WEEKDAYS[(index + 1) % 7]]);
  const groups = new Set<string>();
  for (const item of plan) {
    if (!neighbours.has(item.day)) continue;
    const part = findExerciseById(item.exerciseId)?.bodyPart ?? item.bodyPart.trim();
    groups.add(part);
  }
  return groups;
}

/**
 * The alternatives for one exercise, best first: same body part, allowed by the user's level,
 * equipment and age, not already on that day, never one replaced away this week, and no back work
 * that hinges next to a leg day; from 65 never a higher tier. Ranked by keeping the prime movers, then the
 * equipment class, the movement pattern, the mechanic (so compound-first ordering survives) and the tier; within a rank, work at the user's own
 * level and exercises not used elsewhere this week come first, drawn with the seed.
 */
export function workoutAlternatives(
  input: WorkoutReplacementRequest,
  count: number = WORKOUT_ALTERNATIVES,
): WorkoutAlternativesOutcome {
  const invalid = validateRequest(input);
  if (invalid !== undefined) return invalid;
  const item = input.plan.find((candidate) => candidate.id === input.itemId);
  if (item === undefined)
    return fail("item_not_found", `No workout item with id "${input.itemId}" is in this plan.`);

  const bodyPartText = item.bodyPart.trim();
  if (isRestItem(item)) {
    return fail("not_replaceable", `${item.day} is a rest day; there is no exercise to replace.`);
  }
  if (item.kind !== "exercise") {
    return fail("not_replaceable", `The ${item.kind} on ${item.day} cannot be replaced; only exercises can.`);
  }

  const current = findExerciseById(item.exerciseId);
  const bodyPart = current?.bodyPart ?? TRAINING_BODY_PARTS.find((part) => part === bodyPartText);
  if (bodyPart === undefined) {
    return fail(
      "unknown_body_part",
      `"${item.name}" targets "${bodyPartText}", which has no alternatives in the exercise library.`,
    );
  }

  const trainee: Trainee = {
    level: input.level,
    equipment: allowedEquipment(input.workoutType, input.equipment),
    ageYears: input.ageYears ?? undefined,
    avoidJoints: input.avoidJoints ?? undefined,
  };
  const sameDay = new Set(
    input.plan.filter((other) => other.day === item.day).map((other) => other.exerciseId),
  );
  const thisWeek = new Set(input.plan.map((other) => other.exerciseId));
  const replacedAway = new Set(input.replacedAwayIds ?? []);
  const neighbours = neighbourGroups(input.plan, item.day);
  const hingeBlocked = neighbours.has("Hamstrings") || neighbours.has("Glutes");
  const candidates = EXERCISE_LIBRARY.filter(
    (exercise) =>
      exercise.bodyPart === bodyPart &&
      isEligibleFor(exercise, trainee) &&
      !sameDay.has(exercise.id) &&
      !replacedAway.has(exercise.id) &&
      // A balance drill stays a balance drill: older adults keep one a day.
      (current === undefined || !current.balance || exercise.balance) &&
      // Sets and reps are kept, so an 8–12-rep slot never turns into jumps or throws (power work is 3–6 reps).
      (current === undefined || !exercise.power || current.power) &&
      // From 65 a swap is never harder than what it replaces (the tier it was planned at).
      (current === undefined || !isOlderAdult(trainee.ageYears) || exercise.tier <= current.tier) &&
      !(hingeBlocked && loadsHipExtensors(exercise)),
  );
  if (candidates.length === 0) {
    return fail(
      "no_alternative",
      `Every ${bodyPart} exercise that suits a ${input.level.toLowerCase()} ${input.workoutType.toLowerCase()} is already on ${item.day} or was replaced this week.`,
    );
  }

  const random = createSeededRandom(input.seed);
  // Keeping the prime mover comes first (a pike push-up is a shoulder press, not a plank), then the equipment
  // class, the pattern, the mechanic, and no step up in tier.
  const rank = (exercise: Exercise): number =>
    current === undefined
      ? 0
      : (current.primeMovers.every((muscle) => exercise.primeMovers.includes(muscle)) ? 0 : 16) +
        (replacementClass(exercise) === replacementClass(current) ? 0 : 8) +
        (exercise.pattern === current.pattern ? 0 : 4) +
        (exercise.mechanic === current.mechanic && exercise.power === current.power ? 0 : 2) +
        (exercise.tier <= current.tier ? 0 : 1);
  const preference = (exercise: Exercise): number => {
    // Same weighting as the planner's level preference: work at the user's own level first.
    const levelWeight = [4, 2, 1][levelRank(input.level) - levelRank(exercise.level)] ?? 1;
    const fresh = thisWeek.has(exercise.id) ? 0.3 : 1;
    const steady =
      (input.level === "Beginner" || isOlderAdult(trainee.ageYears)) && exercise.unstable ? 0.1 : 1;
    return levelWeight * fresh * steady;
  };
  const ordered: Exercise[] = [];
  const ranks = [...new Set(candidates.map(rank))].sort((a, b) => a - b);
  for (const tier of ranks) {
    const pool = candidates.filter((exercise) => rank(exercise) === tier);
    while (pool.length > 0 && ordered.length < count) {
      const index = random.weightedIndex(pool.map(preference));
      const [picked] = pool.splice(Math.max(0, index), 1);
      if (picked !== undefined) ordered.push(picked);
    }
  }
  const ids = new Set(input.plan.map((other) => other.id));
  return {
    ok: true,
    alternatives: ordered.map((exercise) =>
      exerciseItem(newItemId(random, ids), item.day, exercise, item.sets, item.reps),
    ),
  };
}

/**
 * Swaps one exercise for one of its alternatives: the one the user chose, or the first (one-click
 * replacement). Sets and reps are kept, so the day's volume does not move.
 */
export function replaceWorkoutItem(input: WorkoutReplacementRequest): WorkoutReplacementOutcome {
  const outcome = workoutAlternatives(input);
  if (!outcome.ok) return outcome;
  const choice = input.choiceExerciseId;
  const chosen =
    choice === undefined
      ? outcome.alternatives[0]
      : outcome.alternatives.find((alternative) => alternative.exerciseId === choice);
  if (chosen === undefined) {
    const name = choice === undefined ? "" : (findExerciseById(choice)?.name ?? choice);
    return fail(
      "choice_unavailable",
      `"${name}" is not one of the alternatives for this exercise any more; reload them and pick again.`,
    );
  }
  return { ok: true, item: chosen };
}
