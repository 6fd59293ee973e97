import {
  EQUIPMENT,
  EXPERIENCE_LEVELS,
  HOME_EQUIPMENT,
  type Equipment,
  type Exercise,
  type ExperienceLevel,
  type WorkoutType,
} from "./exercise.types";

export function levelRank(level: ExperienceLevel): number {
  return EXPERIENCE_LEVELS.indexOf(level);
}

export function allowedEquipment(workoutType: WorkoutType): readonly Equipment[] {
  return workoutType === "Home Workout" ? HOME_EQUIPMENT : EQUIPMENT;
}

/** The hard rule shared by the planner and replacement: not above the level, not an outgrown regression, equipment at hand. */
export function isEligible(exercise: Exercise, level: ExperienceLevel, workoutType: WorkoutType): boolean {
  const rank = levelRank(level);
  if (levelRank(exercise.level) > rank) return false;
  if (exercise.suitableUpTo !== undefined && rank > levelRank(exercise.suitableUpTo)) return false;
  const allowed = allowedEquipment(workoutType);
  return exercise.equipment.every((item) => allowed.includes(item));
}
