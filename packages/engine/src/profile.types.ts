export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

export const FITNESS_GOALS = ["Lose Weight", "Gain Muscle Mass"] as const;
export type FitnessGoal = (typeof FITNESS_GOALS)[number];

/** A failure the user can act on: `message` is shown as it is, so it names the cause. */
export interface EngineError {
  code: string;
  message: string;
}
