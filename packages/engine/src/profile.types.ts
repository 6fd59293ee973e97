export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

export const FITNESS_GOALS = ["Lose Weight", "Gain Muscle Mass"] as const;
export type FitnessGoal = (typeof FITNESS_GOALS)[number];

/** With food on training days on, a meal day is a training day or a rest day (nutrition/training-day-food.ts). */
export const DAY_KINDS = ["training", "rest"] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/** A failure the user can act on: `message` is shown as it is, so it names the cause. */
export interface EngineError {
  code: string;
  message: string;
}
