import type { DayKind } from "../profile.types";
import { WEEKDAYS, type Weekday } from "../workouts/exercise.types";
import { PLANNING_FLOOR_KCAL, roundTo2 } from "./energy";
import type { MealPlanRequest } from "./meal-plan.types";
import { nutrientTargets } from "./meal-targets";

/*
 * Food on training days (an opt-in setting): more energy, and with it more carbohydrate, on the days of the person's
 * workout calendar and less on the rest days, the week's energy and each day's protein kept. Carbohydrate is the fuel
 * that runs short in resistance and endurance sessions, and "periodising" it to the day's training is the advice of
 * the ISSN position stand on nutrient timing (Kerksick et al. 2017, J Int Soc Sports Nutr 14:33) and of the
 * ACSM/AND/DC joint position (Thomas et al. 2016, Med Sci Sports Exerc 48:543). Protein needs no such shift: both
 * place it evenly across the week, so every day keeps the same protein floor.
 */

/**
 * The largest change of a day's energy either way: at most 10 % more on a training day and 10 % less on a rest day.
 * An hour of weight training at 3.5–6 METs costs a 70 kg person about 250–400 kcal (Ainsworth et al. 2011, Compendium
 * of Physical Activities, Med Sci Sports Exerc 43:1575), about 10 % of a typical need; a larger cut on rest days would bring small people near the planning floor.
 */
export const TRAINING_DAY_SHIFT = 0.1;
/** Protein at most 35 % of energy (IOM AMDR, as meal-targets.ts): a rest day never drops below where the goal's protein fits. */
const PROTEIN_ENERGY_SHARE_MAX = 0.35;
const KCAL_PER_G_PROTEIN = 4;

/** Meal days 1–7 are Monday to Sunday, as the trainer and the shopping list count them. */
export function weekdayOfMealDay(dayIndex: number): Weekday {
  return WEEKDAYS[(((dayIndex - 1) % 7) + 7) % 7] ?? "Monday";
}

export function dayKindOf(weekday: Weekday, workoutDays: readonly Weekday[]): DayKind {
  return workoutDays.includes(weekday) ? "training" : "rest";
}

export interface TrainingDayInput {
  /** The day's target without the setting (the goal's target, after the planning floor). */
  baseKcal: number;
  /** The person's chosen workout days. */
  workoutDays: readonly Weekday[];
  /** The planning floor for the person's sex: no rest day goes below it. */
  floorKcal: number;
  /** The protein the goal asks for: no rest day is so small that it would have to be capped at 35 % of energy. */
  proteinRequiredG: number;
}

export interface TrainingDayTargets {
  trainingKcal: number;
  restKcal: number;
  /** The change on a training day and on a rest day, as a share of the base (0 when nothing moves). */
  trainingShare: number;
  restShare: number;
}

/**
 * The two day targets. With n training days of 7 the week is kept when n × up = (7 − n) × down; the larger of the two
 * is 10 %. A rest day stays at or above the planning floor and the energy its protein needs; where that limits the
 * cut, the training-day rise shrinks with it, so the week still adds up.
 */
export function trainingDayTargets(input: TrainingDayInput): TrainingDayTargets {
  const { baseKcal, floorKcal, proteinRequiredG } = input;
  const training = new Set(input.workoutDays).size;
  const rest = 7 - training;
  const none = { trainingKcal: baseKcal, restKcal: baseKcal, trainingShare: 0, restShare: 0 };
  if (training === 0 || rest === 0 || baseKcal <= 0) return none;
  let down = training <= rest ? (TRAINING_DAY_SHIFT * training) / rest : TRAINING_DAY_SHIFT;
  const lowestRestKcal = Math.max(
    floorKcal,
    (KCAL_PER_G_PROTEIN * proteinRequiredG) / PROTEIN_ENERGY_SHARE_MAX,
  );
  down = Math.min(down, Math.max(0, (baseKcal - lowestRestKcal) / baseKcal));
  if (down <= 0) return none;
  const up = (down * rest) / training;
  return {
    trainingKcal: roundTo2(baseKcal * (1 + up)),
    restKcal: roundTo2(baseKcal * (1 - down)),
    trainingShare: up,
    restShare: down,
  };
}

/** The target of one day of the week: the base without the setting, else the training or rest day's. */
export function dayTargetKcal(input: TrainingDayInput & { enabled: boolean; weekday: Weekday }): {
  targetKcal: number;
  dayKind: DayKind | null;
} {
  if (!input.enabled) return { targetKcal: input.baseKcal, dayKind: null };
  const dayKind = dayKindOf(input.weekday, input.workoutDays);
  const targets = trainingDayTargets(input);
  return { targetKcal: dayKind === "training" ? targets.trainingKcal : targets.restKcal, dayKind };
}

/**
 * A meal day's target and kind from the planning request's body data and the setting: what the server plans day
 * `dayIndex` to and what the trainer re-plans it to, so both agree.
 */
export function mealDayTarget(
  request: Pick<MealPlanRequest, "targetKcal" | "weightKg" | "goal" | "gender" | "heightCm">,
  setting: { enabled: boolean; workoutDays: readonly Weekday[]; dayIndex: number },
): { targetKcal: number; dayKind: DayKind | null; weekday: Weekday } {
  const weekday = weekdayOfMealDay(setting.dayIndex);
  const day = dayTargetKcal({
    baseKcal: request.targetKcal,
    workoutDays: setting.workoutDays,
    floorKcal: PLANNING_FLOOR_KCAL[request.gender],
    proteinRequiredG: nutrientTargets(request).proteinRequiredG,
    enabled: setting.enabled,
    weekday,
  });
  return { ...day, weekday };
}
