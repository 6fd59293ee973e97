import type { FitnessGoal } from "./profile.types";

/*
 * A kind word before a plan that could do harm, rather than a silent deficit:
 * - BMI under 18.5 is "underweight" in the WHO adult classification (WHO Technical Report Series
 *   894, 2000; NICE CG189 uses the same cut-off); a weight-loss plan for someone already underweight
 *   needs a clinician first, so their plans stay at their daily need (nutrition/energy.ts).
 * - The planning floor (1200 / 1500 kcal, see nutrition/energy.ts) raises a very low target; when
 *   it is at or above the person's own daily need, no deficit exists within it, so a "Lose Weight"
 *   plan is at the need, and the low need itself is worth a professional's look.
 */
export const UNDERWEIGHT_BMI = 18.5;

export interface ScreeningInput {
  weightKg: number;
  heightCm: number;
  goal: FitnessGoal;
  /** Daily need (maintenance). */
  tdeeKcal: number;
  /** What the meal plans aim at, after the planning floor. */
  planningKcal: number;
  /** The planning floor for the person's sex, named in the notice when it stops a deficit. */
  floorKcal?: number;
}

export type ScreeningReason = "underweight-losing" | "floor-above-maintenance";

export interface ScreeningNotice {
  reasons: ScreeningReason[];
  bmi: number;
  /** Plain sentences, shown as they are in the calculator, on the diet screen and by Alex. */
  message: string;
}

export function bodyMassIndex(weightKg: number, heightCm: number): number {
  const heightM = heightCm / 100;
  return Math.round((weightKg / (heightM * heightM)) * 10) / 10;
}

/** The notice for this profile, or undefined when nothing needs saying. */
export function screeningNotice(input: ScreeningInput): ScreeningNotice | undefined {
  const { weightKg, heightCm, goal, tdeeKcal, planningKcal, floorKcal } = input;
  if (![weightKg, heightCm, tdeeKcal, planningKcal].every((value) => Number.isFinite(value) && value > 0))
    return undefined;
  const bmi = bodyMassIndex(weightKg, heightCm);
  const reasons: ScreeningReason[] = [];
  const sentences: string[] = [];
  const underweight = bmi < UNDERWEIGHT_BMI;
  if (goal === "Lose Weight" && underweight) {
    reasons.push("underweight-losing");
    sentences.push(
      `Your BMI is ${bmi.toFixed(1)}, below the healthy range of 18.5–24.9, so losing more weight could harm your health: your meal plans give your daily need of about ${Math.round(planningKcal)} kcal, not a calorie deficit.`,
      'Please talk to a doctor or registered dietitian before eating in a calorie deficit. You can switch your goal to "Gain Muscle Mass" at any time.',
    );
  }
  if (goal === "Lose Weight" && !underweight && planningKcal >= tdeeKcal) {
    reasons.push("floor-above-maintenance");
    const floor =
      floorKcal === undefined
        ? "the least we plan for"
        : `${Math.round(floorKcal)} kcal, the least we plan for`;
    sentences.push(
      `Your daily need is about ${Math.round(tdeeKcal)} kcal, not above ${floor} without medical supervision, so a calorie deficit is not possible within it: your meal plans give your daily need, which keeps your weight steady rather than lowering it.`,
      "A dietitian or doctor can help you plan safely at this size and activity level.",
    );
  }
  if (reasons.length === 0) return undefined;
  return { reasons, bmi, message: sentences.join(" ") };
}
