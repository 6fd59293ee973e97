import type { FitnessGoal, Gender } from "../profile.types";
import { bodyMassIndex, UNDERWEIGHT_BMI } from "../screening";

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
/** docs/product.md §6.1: the goal is need − 400 kcal to lose weight, need + 400 kcal to gain muscle, within the bounds below. */
export const GOAL_ADJUSTMENT_KCAL = 400;
/**
 * A muscle-gain surplus is at most 15 % of the need: 10–20 % above maintenance is the advice for lean gains (Iraki et al.
 * 2019, Sports 7:154), and a larger surplus added fat without more lean mass (Garthe et al. 2013, Int J Sport Nutr Exerc
 * Metab 23:17). A fixed 400 kcal was +36 % for a small person's 1,100 kcal need.
 */
export const GAIN_SURPLUS_MAX_SHARE = 0.15;
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
  /**
   * Why a "Lose Weight" plan is at the daily need rather than below it: "underweight" (BMI under 18.5, no deficit
   * without a clinician, WHO TRS 894 and NICE CG189 cut-off) or "floor" (the floor is at or above the need, so no deficit
   * exists within it). Undefined otherwise.
   */
  keptAtNeed?: "underweight" | "floor";
}

/** The goal's change to the need: −400 kcal to lose (none when underweight), + at most 400 kcal and 15 % to gain. */
export function goalAdjustmentKcal(goal: FitnessGoal, tdeeKcal: number, underweight = false): number {
  if (goal === "Lose Weight") return underweight ? 0 : -GOAL_ADJUSTMENT_KCAL;
  return Math.min(GOAL_ADJUSTMENT_KCAL, GAIN_SURPLUS_MAX_SHARE * tdeeKcal);
}

/**
 * What meals are planned to for a goal target: never below the floor, and for "Lose Weight" never above the need (a plan
 * over the need would make the person gain). Where the floor is at or above the need, the need wins: no deficit is
 * planned below the floor, and no surplus is planned for someone who asked to lose weight.
 */
export function planningKcalFor(
  goal: FitnessGoal,
  goalTdeeKcal: number,
  tdeeKcal: number,
  floorKcal: number,
): Pick<EnergyTargets, "planningKcal" | "floorApplied"> & { atNeed: boolean } {
  const floorApplied = goalTdeeKcal < floorKcal;
  const raised = floorApplied ? floorKcal : goalTdeeKcal;
  if (goal === "Lose Weight" && raised >= tdeeKcal)
    return {
      planningKcal: Math.min(raised, tdeeKcal),
      floorApplied: floorApplied && floorKcal < tdeeKcal,
      atNeed: true,
    };
  return { planningKcal: raised, floorApplied, atNeed: false };
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
  const underweight = bodyMassIndex(weightKg, heightCm) < UNDERWEIGHT_BMI;
  const goalTdeeKcal = roundTo2(tdeeKcal + goalAdjustmentKcal(goal, tdeeKcal, underweight));
  const floorKcal = PLANNING_FLOOR_KCAL[gender];
  const { planningKcal, floorApplied, atNeed } = planningKcalFor(goal, goalTdeeKcal, tdeeKcal, floorKcal);
  const keptAtNeed = !atNeed ? undefined : underweight && goal === "Lose Weight" ? "underweight" : "floor";
  return {
    tdeeKcal,
    goalTdeeKcal,
    planningKcal,
    floorKcal,
    floorApplied,
    ...(keptAtNeed === undefined ? {} : { keptAtNeed }),
  };
}

/**
 * What the calculator, the settings and the diet screen say when the plans provide other than the goal target: the
 * floor raised it, or the need capped a loss plan (docs/product.md §6.1). Undefined when the plans follow the target.
 */
export function plannedEnergyNote(input: {
  goal: FitnessGoal;
  goalTdeeKcal: number;
  tdeeKcal: number | null;
  floorKcal: number;
}): string | undefined {
  const { goal, goalTdeeKcal, tdeeKcal, floorKcal } = input;
  const kcal = (value: number) => `${Math.round(value).toLocaleString("en-US")} kcal`;
  const planned =
    tdeeKcal === null
      ? { planningKcal: Math.max(goalTdeeKcal, floorKcal), atNeed: false }
      : planningKcalFor(goal, goalTdeeKcal, tdeeKcal, floorKcal);
  if (planned.atNeed && tdeeKcal !== null && goalTdeeKcal < floorKcal)
    return `Your daily need (${kcal(tdeeKcal)}) is not above ${kcal(floorKcal)}, the lowest intake we plan for without medical supervision, so no calorie deficit fits: your meal plans provide your need.`;
  if (planned.planningKcal > goalTdeeKcal)
    return `That is below ${kcal(floorKcal)} a day, the lowest intake we plan for without medical supervision, so your meal plans provide ${kcal(planned.planningKcal)} a day.`;
  return undefined;
}
