import { goalAdjustmentKcal, PLANNING_FLOOR_KCAL } from "../nutrition/energy";
import type { FitnessGoal, Gender } from "../profile.types";
import { isoDayNumber, leastSquaresSlope, type WeighIn } from "./weight-trend";

/**
 * Energy stored or released per kg of body weight change: ~7,700 kcal/kg (3,500 kcal per pound),
 * Wishnofsky, "Caloric equivalents of gained or lost weight", Am J Clin Nutr 1958;6:542-6. It is an
 * average over fat and lean tissue; Hall (Int J Obes 2008;32:573-6) shows it overstates long-term
 * loss, which matters little for a four-week window.
 */
export const KCAL_PER_KG = 7700;

/** The estimate looks at the last four weeks: long enough to average out water swings, short enough to follow change. */
export const EXPENDITURE_WINDOW_DAYS = 28;

/** The least data before an estimate is offered (docs/decisions/022): two weeks, 8 weigh-ins, 10 days of logged meals. */
export const MIN_SPAN_DAYS = 14;
export const MIN_WEIGH_INS = 8;
export const MIN_LOGGED_DAYS = 10;

/**
 * How far Mifflin-St Jeor may be from a person's true need, as one standard deviation: 10 %.
 * Frankenfield, Roth-Yousey & Compher (J Am Diet Assoc 2005;105:775-89) found its resting estimate
 * within ±10 % of measured in 82 % of non-obese and 70 % of obese adults (≈ 7.5 % SD); the activity
 * factor adds its own error, so 10 % is on the careful side.
 */
export const MIFFLIN_RELATIVE_SD = 0.1;

/**
 * An unmarked diary day counts as fully logged when its intake reaches this share of the target
 * (docs/decisions/052). Below it a day is more likely logged in part — a meal ticked, the rest not — than
 * eaten that lightly: a dieter's target is already ~400 kcal under their need, and eating under 70 % of it is
 * rare and usually noticed, so such a day is left out unless the person marks it complete.
 */
export const COUNTED_DAY_SHARE_OF_TARGET = 0.7;

/** A day's eaten energy: the ticked plan items and the diary's logged foods of that day. */
export interface IntakeDay {
  date: string;
  energyKcal: number;
  /** The person marked the day complete: it counts whatever its intake. */
  complete?: boolean;
}

/**
 * Whether a day's intake counts for the estimate: marked complete, or at least COUNTED_DAY_SHARE_OF_TARGET of the
 * target. Without a target every day with intake counts.
 */
export function countsForEstimate(day: IntakeDay, targetKcal: number | undefined): boolean {
  if (day.energyKcal <= 0 && day.complete !== true) return false;
  if (day.complete === true || targetKcal === undefined) return true;
  return day.energyKcal >= COUNTED_DAY_SHARE_OF_TARGET * targetKcal;
}

export interface ExpenditureInput {
  weighIns: readonly WeighIn[];
  intake: readonly IntakeDay[];
  /** The user's today (YYYY-MM-DD); the window ends here. */
  today: string;
  /** Mifflin-St Jeor × activity factor for the current profile. */
  mifflinTdeeKcal: number;
  /** The energy target the person eats to; unmarked days under its stated share are left out (countsForEstimate). */
  targetKcal?: number;
}

export interface DataCounts {
  spanDays: number;
  weighIns: number;
  loggedDays: number;
}

export type ExpenditureEstimate =
  | { status: "not_enough_data"; counts: DataCounts }
  | {
      status: "ok";
      counts: DataCounts;
      /** Mean intake of the logged days in the window. */
      meanIntakeKcal: number;
      /** Least-squares slope of the weigh-ins, kg a day (negative = losing). */
      weightSlopeKgPerDay: number;
      /** Intake − change of stored energy: what the body spent, from the logs alone. */
      energyBalanceKcal: number;
      mifflinKcal: number;
      /** Share of the energy-balance figure in the blend (0–1): higher with more, steadier data. */
      dataWeight: number;
      /** The estimate to use: energy balance and Mifflin-St Jeor blended by their uncertainty. */
      tdeeKcal: number;
    };

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Expenditure from energy balance over the last four weeks: mean logged intake − weight change ×
 * 7,700 kcal/kg. The weight change is the least-squares slope of the weigh-ins — unbiased when the
 * weight moves steadily, unlike the end points of a smoothed trend, which lag ~9 days behind at
 * α = 0.1 — and it uses every weigh-in, so noise averages out.
 *
 * It is blended with Mifflin-St Jeor by inverse-variance weighting (the standard way to combine two
 * independent estimates): the energy-balance variance is the slope's squared standard error × 7,700²
 * plus the sampling variance of the mean intake; Mifflin's is (10 % of it)². Few or noisy weigh-ins
 * thus lean on Mifflin, a month of steady logs on the measured figure.
 */
export function estimateExpenditure(input: ExpenditureInput): ExpenditureEstimate {
  const end = isoDayNumber(input.today);
  const start = end - EXPENDITURE_WINDOW_DAYS + 1;
  const inWindow = (date: string) => {
    const day = isoDayNumber(date);
    return day >= start && day <= end;
  };
  const weighIns = input.weighIns.filter((entry) => inWindow(entry.date));
  const intake = input.intake.filter((day) => inWindow(day.date) && countsForEstimate(day, input.targetKcal));
  const days = weighIns.map((entry) => isoDayNumber(entry.date));
  const spanDays = days.length === 0 ? 0 : Math.max(...days) - Math.min(...days) + 1;
  const counts: DataCounts = { spanDays, weighIns: weighIns.length, loggedDays: intake.length };
  if (spanDays < MIN_SPAN_DAYS || weighIns.length < MIN_WEIGH_INS || intake.length < MIN_LOGGED_DAYS) {
    return { status: "not_enough_data", counts };
  }

  const points = weighIns.map((entry) => ({ x: isoDayNumber(entry.date), y: entry.weightKg }));
  const slope = leastSquaresSlope(points) ?? 0;
  const meanX = mean(points.map((point) => point.x));
  const meanY = mean(points.map((point) => point.y));
  const sxx = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  const residualVariance =
    points.reduce((sum, point) => sum + (point.y - (meanY + slope * (point.x - meanX))) ** 2, 0) /
    (points.length - 2);
  const slopeVariance = residualVariance / sxx;

  const intakes = intake.map((day) => day.energyKcal);
  const meanIntakeKcal = mean(intakes);
  const intakeVariance =
    intakes.reduce((sum, value) => sum + (value - meanIntakeKcal) ** 2, 0) /
    (intakes.length - 1) /
    intakes.length;

  const energyBalanceKcal = meanIntakeKcal - slope * KCAL_PER_KG;
  const measuredVariance = slopeVariance * KCAL_PER_KG ** 2 + intakeVariance;
  const priorVariance = (MIFFLIN_RELATIVE_SD * input.mifflinTdeeKcal) ** 2;
  const dataWeight = priorVariance / (priorVariance + measuredVariance);
  return {
    status: "ok",
    counts,
    meanIntakeKcal,
    weightSlopeKgPerDay: slope,
    energyBalanceKcal,
    mifflinKcal: input.mifflinTdeeKcal,
    dataWeight,
    tdeeKcal: dataWeight * energyBalanceKcal + (1 - dataWeight) * input.mifflinTdeeKcal,
  };
}

/**
 * The most a suggestion moves the target in one step; one step a week at most, so ±250 kcal a week
 * (docs/decisions/022). Small steps keep a noisy estimate from swinging the plans around.
 */
export const MAX_CHANGE_KCAL_PER_WEEK = 250;
/** Differences smaller than this are noise: the user is told to keep the current target. */
export const MIN_SUGGESTED_CHANGE_KCAL = 50;

export interface TargetSuggestion {
  /** The target to suggest, rounded to 10 kcal; never below the floor. */
  suggestedKcal: number;
  /** Estimated need ± the goal's adjustment, before the floor and the weekly cap. */
  uncappedKcal: number;
  changeKcal: number;
  capped: boolean;
  floorApplied: boolean;
  /** False when the change is too small to be worth making. */
  worthChanging: boolean;
}

export function suggestTarget(input: {
  tdeeKcal: number;
  goal: FitnessGoal;
  gender: Gender;
  currentTargetKcal: number;
}): TargetSuggestion {
  // The same bounded adjustment as the formula's target (nutrition/energy.ts): −400 kcal, or + at most 15 % of the need.
  const adjustment = goalAdjustmentKcal(input.goal, input.tdeeKcal);
  const uncappedKcal = input.tdeeKcal + adjustment;
  const low = input.currentTargetKcal - MAX_CHANGE_KCAL_PER_WEEK;
  const high = input.currentTargetKcal + MAX_CHANGE_KCAL_PER_WEEK;
  const cappedValue = Math.min(high, Math.max(low, uncappedKcal));
  const floorKcal = PLANNING_FLOOR_KCAL[input.gender];
  const suggestedKcal = Math.max(floorKcal, Math.round(cappedValue / 10) * 10);
  const changeKcal = suggestedKcal - input.currentTargetKcal;
  return {
    suggestedKcal,
    uncappedKcal,
    changeKcal,
    capped: cappedValue !== uncappedKcal,
    floorApplied: suggestedKcal === floorKcal && cappedValue < floorKcal,
    worthChanging: Math.abs(changeKcal) >= MIN_SUGGESTED_CHANGE_KCAL,
  };
}

const kcal = (value: number) => `${Math.round(value).toLocaleString("en-US")} kcal`;

/** One sentence that says where the figure comes from (shown beside the suggestion and by Alex). */
export function explainSuggestion(
  estimate: Extract<ExpenditureEstimate, { status: "ok" }>,
  suggestion: TargetSuggestion,
): string {
  const weeklyKg = estimate.weightSlopeKgPerDay * 7;
  const direction = weeklyKg < 0 ? "lost" : "gained";
  const days = estimate.counts.loggedDays;
  const base =
    `Over ${estimate.counts.spanDays} days you ate ${kcal(estimate.meanIntakeKcal)} a day on average ` +
    `(from the ${days} ${days === 1 ? "day" : "days"} your diary counts) and ` +
    `${direction} ${Math.abs(weeklyKg).toFixed(2)} kg a week, so you burn about ${kcal(estimate.tdeeKcal)} a day`;
  if (!suggestion.worthChanging) return `${base}: your current target fits, keep it.`;
  const limits = [
    suggestion.capped ? `changes are capped at ${MAX_CHANGE_KCAL_PER_WEEK} kcal a week` : undefined,
    suggestion.floorApplied ? "we never plan below the safe minimum" : undefined,
  ].filter((part): part is string => part !== undefined);
  const because = limits.length > 0 ? ` (${limits.join("; ")})` : "";
  return `${base}, so we suggest ${kcal(suggestion.suggestedKcal)}${because}.`;
}
