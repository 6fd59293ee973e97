import type { FitnessGoal, Gender } from "../profile.types";

/** Activity multipliers and their labels, exactly as docs/product.md §6 lists them. */
export const ACTIVITY_LEVELS = [
  { factor: 1.2, label: "Sedentary (office job)" },
  { factor: 1.375, label: "Light Exercise (1-2 days/week)" },
  { factor: 1.55, label: "Moderate Exercise (3-5 days/week)" },
  { factor: 1.725, label: "Heavy Exercise (6-7 days/week)" },
  { factor: 1.9, label: "Athlete (2x per day)" },
] as const satisfies readonly { factor: 1.2 | 1.375 | 1.55 | 1.725 | 1.9; label: string }[];

export type ActivityFactor = (typeof ACTIVITY_LEVELS)[number]["factor"];

/** docs/product.md §6: the calculator converts pounds with 2.20462 (the settings page's 2.205 is not used, see docs/product.md). */
const POUNDS_PER_KG = 2.20462;
/** docs/product.md §6 and docs/product.md: the goal is need − 400 kcal to lose weight, need + 400 kcal to gain muscle. */
export const GOAL_ADJUSTMENT_KCAL = 400;
/** docs/product.md: we never plan below these daily intakes (common clinical minimums for unsupervised diets). */
export const PLANNING_FLOOR_KCAL: Record<Gender, number> = { female: 1200, male: 1500 };

export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

export function poundsToKg(weightLb: number): number {
  return weightLb / POUNDS_PER_KG;
}

export function feetInchesToCm(feet: number, inches: number): number {
  return 2.54 * (12 * feet + inches);
}

export interface EnergyInput {
  weightKg: number;
  heightCm: number;
  ageYears: number;
  gender: Gender;
  activityFactor: number;
  goal: FitnessGoal;
}

export interface EnergyTargets {
  /** Daily need (stored as `user_tdee`), two decimals. */
  tdeeKcal: number;
  /** Need adjusted for the goal (stored as `user_goal_tdee`), two decimals. */
  goalTdeeKcal: number;
  /** What the meal planner aims at: the goal, raised to the floor when it is below it. */
  planningKcal: number;
  floorKcal: number;
  /** True when the goal was below the floor, so the UI can say why the plan has more energy. */
  floorApplied: boolean;
}

/** Mifflin-St Jeor resting energy (Mifflin et al. 1990, Am J Clin Nutr 51:241) times the activity factor, per docs/product.md §6. */
export function computeEnergyTargets(input: EnergyInput): EnergyTargets {
  const { weightKg, heightCm, ageYears, gender, activityFactor, goal } = input;
  for (const [name, value] of Object.entries({ weightKg, heightCm, ageYears, activityFactor })) {
    if (!Number.isFinite(value) || value <= 0)
      throw new RangeError(`${name} must be a positive number, got ${value}`);
  }
  const restingKcal = 10 * weightKg + 6.25 * heightCm - 5 * ageYears + (gender === "male" ? 5 : -161);
  const tdeeKcal = roundTo2(restingKcal * activityFactor);
  const adjustment = goal === "Lose Weight" ? -GOAL_ADJUSTMENT_KCAL : GOAL_ADJUSTMENT_KCAL;
  const goalTdeeKcal = roundTo2(tdeeKcal + adjustment);
  const floorKcal = PLANNING_FLOOR_KCAL[gender];
  const floorApplied = goalTdeeKcal < floorKcal;
  return {
    tdeeKcal,
    goalTdeeKcal,
    planningKcal: floorApplied ? floorKcal : goalTdeeKcal,
    floorKcal,
    floorApplied,
  };
}
