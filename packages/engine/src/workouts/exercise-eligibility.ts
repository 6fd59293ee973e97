import {
  DEFAULT_HOME_EQUIPMENT,
  EQUIPMENT,
  EQUIPMENT_CLASS_ORDER,
  EXPERIENCE_LEVELS,
  HOME_EQUIPMENT_CHOICES,
  type Equipment,
  type Exercise,
  type ExerciseTier,
  type ExperienceLevel,
  type WorkoutType,
} from "./exercise.types";
import { loadsAnyJoint, type Joint } from "./joint-load";

/**
 * From this age plans keep to low-impact work and add a balance drill (WHO 2020 guidelines on
 * physical activity: adults 65+ do "varied multicomponent physical activity that emphasises
 * functional balance"; ACSM older-adult guidance: low-impact modes).
 */
export const OLDER_ADULT_AGE_YEARS = 65;
/** Under this age no maximal-load advice is given (NSCA youth resistance training position statement, Faigenbaum et al. 2009). */
export const ADULT_AGE_YEARS = 18;

export function levelRank(level: ExperienceLevel): number {
  return EXPERIENCE_LEVELS.indexOf(level);
}

/**
 * What the user can train with: a gym has everything; at home, body weight plus what they declared
 * (the design's default, dumbbells and bands, when they have not said). Unknown items are ignored.
 */
export function allowedEquipment(
  workoutType: WorkoutType,
  declared?: readonly string[] | null,
): readonly Equipment[] {
  if (workoutType !== "Home Workout") return EQUIPMENT;
  const owned = declared ?? DEFAULT_HOME_EQUIPMENT;
  return ["body weight", ...HOME_EQUIPMENT_CHOICES.filter((item) => owned.includes(item))];
}

/** The loading implement an exercise is classed by (see EQUIPMENT_CLASS_ORDER). */
export function equipmentClass(exercise: Pick<Exercise, "equipment">): Equipment {
  return EQUIPMENT_CLASS_ORDER.find((item) => exercise.equipment.includes(item)) ?? "body weight";
}

export interface Trainee {
  level: ExperienceLevel;
  /** Equipment at hand, from allowedEquipment. */
  equipment: readonly Equipment[];
  /** Age in years; undefined when unknown (treated as an adult under 65). */
  ageYears?: number | undefined;
  /** Joints the person has said hurt: exercises that load them are left out until they say it is better. */
  avoidJoints?: readonly Joint[] | undefined;
}

export function isOlderAdult(ageYears: number | undefined): boolean {
  return ageYears !== undefined && ageYears >= OLDER_ADULT_AGE_YEARS;
}

/**
 * The highest skill/load tier a person is offered: their level's (beginner 1, intermediate 2, advanced 3), and never
 * the top tier from 65 — an advanced 80-year-old gets intermediate choices (NSCA position statement on resistance
 * training for older adults, Fragala et al. 2019: progress with stable, lower-risk variations).
 */
export function maxTierFor(level: ExperienceLevel, ageYears: number | undefined): ExerciseTier {
  const byLevel: ExerciseTier = level === "Beginner" ? 1 : level === "Intermediate" ? 2 : 3;
  return isOlderAdult(ageYears) && byLevel === 3 ? 2 : byLevel;
}

/**
 * The hard rule shared by the planner and replacement: level and tier, not outgrown, not a drill, equipment at hand,
 * low impact from 65, age-specific work only at its age.
 */
export function isEligibleFor(exercise: Exercise, trainee: Trainee): boolean {
  const rank = levelRank(trainee.level);
  if (levelRank(exercise.level) > rank) return false;
  if (exercise.drill) return false;
  if (exercise.tier > maxTierFor(trainee.level, trainee.ageYears)) return false;
  if (exercise.fromAgeYears !== undefined && (trainee.ageYears ?? 0) < exercise.fromAgeYears) return false;
  if (exercise.suitableUpTo !== undefined && rank > levelRank(exercise.suitableUpTo)) return false;
  if (exercise.highImpact && isOlderAdult(trainee.ageYears)) return false;
  if (loadsAnyJoint(exercise, trainee.avoidJoints)) return false;
  return exercise.equipment.every((item) => trainee.equipment.includes(item));
}

/** isEligibleFor with the default equipment of the workout type (home: body weight, dumbbells, bands). */
export function isEligible(exercise: Exercise, level: ExperienceLevel, workoutType: WorkoutType): boolean {
  return isEligibleFor(exercise, { level, equipment: allowedEquipment(workoutType) });
}
