import { MEAL_SLOTS, type MealSlot } from "./food.types";
import type { Candidate } from "./meal-candidates";
import {
  CARBS_ENERGY_SHARE_MIN,
  CARBS_MIN_G,
  EGGS_MAX_G,
  FAT_ENERGY_SHARE,
  MEAL_SHARE_BAND,
  MEAL_SHARES,
  PROTEIN_ENERGY_SHARE_MAX,
  SAT_FAT_ENERGY_SHARE_MAX,
  SODIUM_MAX_MG,
  type NutrientTargets,
} from "./meal-targets";

/** Macro-bound breaches below this many kcal are rounding, not a broken bound. */
export const BOUND_SLACK_KCAL = 1;

/**
 * Lexicographic comparison of two fits' ranks (bounds in the order they give way), with a kcal of slack per place:
 * whether a ranks before b. The search and the repairs after it compare days the same way.
 */
export function ranksBefore(a: readonly number[], b: readonly number[]): boolean {
  for (const [index, value] of a.entries()) {
    const other = b[index] ?? 0;
    if (value < other - BOUND_SLACK_KCAL) return true;
    if (value > other + BOUND_SLACK_KCAL) return false;
  }
  return false;
}

/** A chosen portion: the candidate and its grams. */
export interface Portion {
  candidate: Candidate;
  weightG: number;
}

export interface PortionFit {
  portions: Portion[];
  /** Sum of hard-rule breaches (kcal window, meal bands, fat range); 0 for a valid day. */
  hardBreach: number;
  /**
   * The macro bounds a dietitian would hold a day to, beyond the hard rules: protein at most 35 % of energy and 2.4 g/kg,
   * carbohydrate at least 40 % of energy and 130 g, fibre 25–60 g, sodium at most 2,300 mg, saturated fat under 10 % of
   * energy. Sum of their breaches in kcal (fibre at 4 kcal/g, saturated fat at 9, sodium at SODIUM_MG_PER_KCAL); 0 when
   * all hold. A day may break them only when no day the search finds keeps them (the plan's note says which).
   */
  boundBreach: number;
  /** The part of boundBreach from the energy-share bounds (protein ≤ 35 %, carbohydrate ≥ 40 %), which yield last. */
  shareBreach: number;
  /**
   * The part of boundBreach from the protein ceilings (35 % of energy and 2.4 g/kg), in kcal: they hold before every
   * other bound (docs/decisions/030), so a day over them is served only when no day found keeps them.
   */
  proteinOverKcal: number;
  proteinShortG: number;
  proteinG: number;
}

/** Per kcal of protein above its ceilings: above the energy-share bounds (50), below the hard rules (1000). */
const PROTEIN_OVER_WEIGHT = 200;
const MEAL_INDEX: Record<MealSlot, number> = { Breakfast: 0, Lunch: 1, Snacks: 2, Dinner: 3 };
const MAX_ROUNDS = 80;
/**
 * Sodium's breach counts one kcal per 10 mg, so a tenth over its limit (230 mg, 23 kcal) weighs about as much as a
 * tenth over fibre's (6 g, 24 kcal) or saturated fat's on a 2,000 kcal day (2.2 g, 20 kcal): the three limits of
 * docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md stand side by side, below the protein floor.
 */
export const SODIUM_MG_PER_KCAL = 10;
/**
 * Per gram of whole egg above three eggs a day (EGGS_MAX_G): far below a gram of protein under its floor (10) and a kcal
 * of any bound (1), so every one of those outranks the eggs (docs/decisions/078-eggs-and-protein-families-per-day.md);
 * an egg over (50 g) weighs about as much as 25 kcal off a 2,500 kcal target. The fit then shrinks an egg dish and grows
 * another food of its meal where that costs nothing else, instead of leaving the repair after the search to undo it.
 */
const EGG_OVER_WEIGHT = 0.02;

/** Per-gram figures of every item, flattened so a move is scored in O(1). */
interface Item {
  meal: number;
  kcalPerG: number;
  proteinPerG: number;
  fatPerG: number;
  carbsPerG: number;
  fibrePerG: number;
  satFatPerG: number;
  sodiumMgPerG: number;
  eggPerG: number;
  minG: number;
  stepG: number;
  levels: number;
}

interface State {
  kcal: number;
  proteinG: number;
  fatG: number;
  carbsG: number;
  fibreG: number;
  satFatG: number;
  sodiumMg: number;
  eggG: number;
  mealKcal: [number, number, number, number];
}

interface Limits {
  target: number;
  kcalMin: number;
  kcalMax: number;
  proteinMinG: number;
  proteinMaxG: number;
  fibreMinG: number;
  fibreMaxG: number;
  mealAim: number[];
  mealBand: number;
}

const outside = (value: number, low: number, high: number) =>
  value < low ? low - value : value > high ? value - high : 0;

/** Breaches of the energy-share bounds, in kcal: they yield only to exclusions and the energy window. */
function shareBreach(state: State): number {
  return (
    Math.max(0, 4 * state.proteinG - PROTEIN_ENERGY_SHARE_MAX * state.kcal) +
    Math.max(0, CARBS_ENERGY_SHARE_MIN * state.kcal - 4 * state.carbsG)
  );
}

/** Protein above its ceilings (35 % of energy, 2.4 g/kg), in kcal: the first bound to hold after the hard rules. */
function proteinOver(state: State, limits: Limits): number {
  return (
    Math.max(0, 4 * state.proteinG - PROTEIN_ENERGY_SHARE_MAX * state.kcal) +
    4 * Math.max(0, state.proteinG - limits.proteinMaxG)
  );
}

/**
 * Breaches of the absolute bounds (2.4 g/kg, 130 g carbohydrate) and the day's limits (fibre, sodium, saturated fat), in
 * kcal: they yield before protein's floor.
 */
function absoluteBreach(state: State, limits: Limits): number {
  return (
    4 * Math.max(0, state.proteinG - limits.proteinMaxG) +
    4 * Math.max(0, CARBS_MIN_G - state.carbsG) +
    limitsBreach(state, limits)
  );
}

/**
 * The part of a day's boundBreach from sodium and saturated fat (limitsBreach), from its portions: the search asks it
 * only of a fitted day that meets protein and breaks a bound.
 */
export function sodiumSatFatBreach(portions: readonly Portion[]): number {
  let kcal = 0;
  let sodiumMg = 0;
  let satFatG = 0;
  for (const { candidate, weightG } of portions) {
    const { food } = candidate;
    kcal += (food.energyKcal * weightG) / 100;
    sodiumMg += (food.sodiumMg * weightG) / 100;
    satFatG += (food.satFatG * weightG) / 100;
  }
  return sodiumSatFat(sodiumMg, satFatG, kcal);
}

/** Sodium over 2,300 mg and saturated fat over 10 % of energy, in kcal (SODIUM_MG_PER_KCAL). */
function sodiumSatFat(sodiumMg: number, satFatG: number, kcal: number): number {
  return (
    Math.max(0, sodiumMg - SODIUM_MAX_MG) / SODIUM_MG_PER_KCAL +
    Math.max(0, 9 * satFatG - SAT_FAT_ENERGY_SHARE_MAX * kcal)
  );
}

/** Fibre outside its range, sodium over 2,300 mg, saturated fat over 10 % of energy, in kcal (SODIUM_MG_PER_KCAL). */
function limitsBreach(state: State, limits: Limits): number {
  return (
    4 * outside(state.fibreG, limits.fibreMinG, limits.fibreMaxG) +
    sodiumSatFat(state.sodiumMg, state.satFatG, state.kcal)
  );
}

function hardBreach(state: State, limits: Limits): number {
  let hard = outside(state.kcal, limits.kcalMin, limits.kcalMax);
  hard += outside(9 * state.fatG, FAT_ENERGY_SHARE.min * state.kcal, FAT_ENERGY_SHARE.max * state.kcal);
  for (let meal = 0; meal < 4; meal += 1) {
    const aim = limits.mealAim[meal] ?? 0;
    hard += outside(state.mealKcal[meal as 0 | 1 | 2 | 3], aim - limits.mealBand, aim + limits.mealBand);
  }
  return hard;
}

/**
 * The order things give way in (docs/decisions/028): the hard rules weigh 1000× per kcal, the protein ceilings 200× per kcal
 * (they count again in the bounds below, so a paired step that moves grams from a protein-rich food to a starch or a
 * fat wins over any other gain), the energy-share bounds 50× per kcal,
 * protein under its floor 10 per g (2.5 per kcal), the absolute bounds 1 per kcal, whole egg over three eggs 0.02 per g;
 * energy off the target and meals off their shares, preferences within the window, least.
 */
function penalty(state: State, limits: Limits): number {
  let soft =
    (100 * Math.abs(state.kcal - limits.target)) / limits.target +
    PROTEIN_OVER_WEIGHT * proteinOver(state, limits) +
    50 * shareBreach(state) +
    10 * Math.max(0, limits.proteinMinG - state.proteinG) +
    absoluteBreach(state, limits) +
    EGG_OVER_WEIGHT * Math.max(0, state.eggG - EGGS_MAX_G);
  for (let meal = 0; meal < 4; meal += 1) {
    soft +=
      (30 * Math.abs(state.mealKcal[meal as 0 | 1 | 2 | 3] - (limits.mealAim[meal] ?? 0))) / limits.target;
  }
  return 1000 * hardBreach(state, limits) + soft;
}

/**
 * Best portions for a fixed choice of foods: start every meal at the size that meets its share of the day, then take
 * the single step, or the paired step (one food up, one down: same meal energy, different protein or fat), that lowers
 * the penalty most, until none does. Each move is scored from running totals, so a full fit costs well under a
 * millisecond.
 */
export function fitPortions(
  candidates: readonly Candidate[],
  targets: NutrientTargets,
  /** Portions to start from (one per candidate, in order) instead of every meal at its share. */
  start?: readonly Portion[],
  /** Most grams per candidate (in order; undefined: the food's largest portion), for a repair that must not regrow one. */
  maxG?: readonly (number | undefined)[],
): PortionFit {
  const items: Item[] = candidates.map(({ food, meal }) => ({
    meal: MEAL_INDEX[meal],
    kcalPerG: food.energyKcal / 100,
    proteinPerG: food.proteinG / 100,
    fatPerG: food.fatG / 100,
    carbsPerG: food.carbsG / 100,
    fibrePerG: food.fibreG / 100,
    satFatPerG: food.satFatG / 100,
    sodiumMgPerG: food.sodiumMg / 100,
    eggPerG: food.wholeEggG / 100,
    minG: food.portionMinG,
    stepG: food.portionStepG,
    levels: Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG),
  }));
  for (const [index, capG] of (maxG ?? []).entries()) {
    const item = items[index];
    if (item === undefined || capG === undefined) continue;
    item.levels = Math.min(item.levels, Math.max(0, Math.floor((capG - item.minG) / item.stepG + 1e-9)));
  }
  const level = items.map(() => 0);
  for (const meal of MEAL_SLOTS) {
    const inMeal = items
      .map((item, index) => [item, index] as const)
      .filter(([item]) => item.meal === MEAL_INDEX[meal]);
    const minKcal = inMeal.reduce((sum, [item]) => sum + item.kcalPerG * item.minG, 0);
    const maxKcal = inMeal.reduce(
      (sum, [item]) => sum + item.kcalPerG * (item.minG + item.levels * item.stepG),
      0,
    );
    const fraction =
      maxKcal > minKcal
        ? Math.min(1, Math.max(0, (MEAL_SHARES[meal] * targets.targetKcal - minKcal) / (maxKcal - minKcal)))
        : 0;
    for (const [item, index] of inMeal) level[index] = Math.round(fraction * item.levels);
  }
  if (start !== undefined)
    for (const [index, portion] of start.entries()) {
      const item = items[index] as Item;
      level[index] = Math.min(
        item.levels,
        Math.max(0, Math.round((portion.weightG - item.minG) / item.stepG)),
      );
    }
  const state: State = {
    kcal: 0,
    proteinG: 0,
    fatG: 0,
    carbsG: 0,
    fibreG: 0,
    satFatG: 0,
    sodiumMg: 0,
    eggG: 0,
    mealKcal: [0, 0, 0, 0],
  };
  const apply = (index: number, deltaLevels: number) => {
    const item = items[index] as Item;
    const grams = deltaLevels * item.stepG;
    state.kcal += item.kcalPerG * grams;
    state.proteinG += item.proteinPerG * grams;
    state.fatG += item.fatPerG * grams;
    state.carbsG += item.carbsPerG * grams;
    state.fibreG += item.fibrePerG * grams;
    state.satFatG += item.satFatPerG * grams;
    state.sodiumMg += item.sodiumMgPerG * grams;
    state.eggG += item.eggPerG * grams;
    state.mealKcal[item.meal as 0 | 1 | 2 | 3] += item.kcalPerG * grams;
  };
  for (const [index, item] of items.entries()) apply(index, item.minG / item.stepG + (level[index] ?? 0));

  const limits: Limits = {
    target: targets.targetKcal,
    kcalMin: targets.kcalMin,
    kcalMax: targets.kcalMax,
    proteinMinG: targets.proteinMinG,
    proteinMaxG: targets.proteinMaxG,
    fibreMinG: targets.fibreMinG,
    fibreMaxG: targets.fibreMaxG,
    mealAim: MEAL_SLOTS.map((meal) => MEAL_SHARES[meal] * targets.targetKcal),
    mealBand: MEAL_SHARE_BAND * targets.targetKcal,
  };
  let current = penalty(state, limits);
  const tryMove = (first: number, firstDelta: number, second: number, secondDelta: number): number => {
    apply(first, firstDelta);
    if (second >= 0) apply(second, secondDelta);
    const value = penalty(state, limits);
    apply(first, -firstDelta);
    if (second >= 0) apply(second, -secondDelta);
    return value;
  };
  const canMove = (index: number, delta: number) => {
    const next = (level[index] ?? 0) + delta;
    return next >= 0 && next <= (items[index]?.levels ?? 0);
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    let bestValue = current - 1e-9;
    let bestMoves: (readonly [number, number])[] | undefined;
    for (let first = 0; first < items.length; first += 1) {
      for (const delta of [1, -1, 3, -3, 8, -8]) {
        if (!canMove(first, delta)) continue;
        const value = tryMove(first, delta, -1, 0);
        if (value < bestValue) [bestValue, bestMoves] = [value, [[first, delta]]];
        if (Math.abs(delta) !== 1) continue;
        // Paired steps stay inside one meal: they trade protein or fat at almost the same meal energy.
        for (let second = 0; second < items.length; second += 1) {
          if (second === first || items[second]?.meal !== items[first]?.meal || !canMove(second, -delta))
            continue;
          const paired = tryMove(first, delta, second, -delta);
          if (paired < bestValue)
            [bestValue, bestMoves] = [
              paired,
              [
                [first, delta],
                [second, -delta],
              ],
            ];
        }
      }
    }
    if (bestMoves === undefined) break;
    for (const [index, delta] of bestMoves) {
      apply(index, delta);
      level[index] = (level[index] ?? 0) + delta;
    }
    current = bestValue;
  }
  return {
    portions: candidates.map((candidate, index) => ({
      candidate,
      weightG: candidate.food.portionMinG + (level[index] ?? 0) * candidate.food.portionStepG,
    })),
    hardBreach: hardBreach(state, limits),
    boundBreach: shareBreach(state) + absoluteBreach(state, limits),
    shareBreach: shareBreach(state),
    proteinOverKcal: proteinOver(state, limits),
    proteinShortG: Math.max(0, targets.proteinMinG - state.proteinG),
    proteinG: state.proteinG,
  };
}

/** A fit's grams and figures without its candidates. */
type FitFigures = Omit<PortionFit, "portions"> & { weightsG: number[] };

/**
 * fitPortions remembered across one plan's searches. The narrower searches, the searches among a few foods and the
 * second days visit many of the days the first search fitted: on 300 benchmark profiles 39 % of the searches' fits
 * were of a day the same plan had fitted, and a fit depends only on the foods, their meals and the targets. Only the
 * grams and figures are kept, so each search's own candidates (their points and sharing differ by pool) carry them.
 */
export class FitMemo {
  private readonly byTargets = new WeakMap<NutrientTargets, Map<string, FitFigures>>();

  fit(candidates: readonly Candidate[], targets: NutrientTargets): PortionFit {
    let known = this.byTargets.get(targets);
    if (known === undefined) {
      known = new Map();
      this.byTargets.set(targets, known);
    }
    const key = candidates.map(({ food, meal }) => `${food.id}@${meal}`).join();
    let figures = known.get(key);
    if (figures === undefined) {
      const { portions, ...rest } = fitPortions(candidates, targets);
      figures = { ...rest, weightsG: portions.map((portion) => portion.weightG) };
      known.set(key, figures);
    }
    const { weightsG, ...rest } = figures;
    return {
      ...rest,
      portions: candidates.map((candidate, index) => ({ candidate, weightG: weightsG[index] ?? 0 })),
    };
  }
}
