import type { Food, MealSlot, ProteinSource } from "./food.types";
import { hasCuisineMajority } from "./meal-chosen-sources";
import { keepsMoveRules, type Candidate } from "./meal-candidates";
import { isUnchosenProteinFood } from "./meal-roles";
import { compareIds } from "./seeded-hash";
import {
  BOUND_SLACK_KCAL,
  fitPortions,
  ranksBefore,
  SODIUM_MG_PER_KCAL,
  type Portion,
  type PortionFit,
} from "./meal-portions";
import { SAT_FAT_ENERGY_SHARE_MAX, SODIUM_MAX_MG, type NutrientTargets } from "./meal-targets";

/**
 * The day's limits of docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md after the search: fibre 25–60 g (or
 * 14 g per 1,000 kcal on a small day), sodium at most 2,300 mg, saturated fat under 10 % of energy. The search's days
 * are visited in preference order among a few candidates per meal, so a day stacked with pulses or salty dishes may be
 * the best it found though a day of the plan's other foods holds the limits; here the foods that carry most of the
 * excess are swapped, one at a time, for foods of their meal that carry less of it.
 */

/** Swaps tried one after another; a day rarely needs more than two to come under its limits. */
const MAX_ROUNDS = 5;
/** The items carrying most of the excess that are tried for a swap each round. */
const OFFENDERS = 4;
/**
 * The best-liked foods of the meal carrying less of the excess, tried in an offender's place. Over 150 random profiles,
 * 4 offenders × up to 30 foods brought the days over fibre's limit from 11 % to 7 % and over sodium's from 23 % to 7 %,
 * at about a tenth more median plan time (the swaps run only on days that break a limit).
 */
const REPLACEMENTS = 30;

interface Excess {
  fibreHighG: number;
  fibreLowG: number;
  sodiumMg: number;
  satFatKcal: number;
}

function excessOf(portions: readonly Portion[], targets: NutrientTargets): Excess {
  let kcal = 0;
  let fibreG = 0;
  let sodiumMg = 0;
  let satFatG = 0;
  for (const { candidate, weightG } of portions) {
    const { food } = candidate;
    kcal += (food.energyKcal * weightG) / 100;
    fibreG += (food.fibreG * weightG) / 100;
    sodiumMg += (food.sodiumMg * weightG) / 100;
    satFatG += (food.satFatG * weightG) / 100;
  }
  return {
    fibreHighG: Math.max(0, fibreG - targets.fibreMaxG),
    fibreLowG: Math.max(0, targets.fibreMinG - fibreG),
    sodiumMg: Math.max(0, sodiumMg - SODIUM_MAX_MG),
    satFatKcal: Math.max(0, 9 * satFatG - SAT_FAT_ENERGY_SHARE_MAX * kcal),
  };
}

const excessKcal = (excess: Excess) =>
  4 * (excess.fibreHighG + excess.fibreLowG) + excess.sodiumMg / SODIUM_MG_PER_KCAL + excess.satFatKcal;

/** How far a day is outside its fibre, sodium and saturated-fat limits, in kcal as the portion fit weighs them. */
export const dayLimitsExcessKcal = (portions: readonly Portion[], targets: NutrientTargets): number =>
  excessKcal(excessOf(portions, targets));

/** How much of the day's excess a food carries per kcal, weighted as the breach counts it; negative for a food that helps. */
function excessPerKcal(food: Food, excess: Excess): number {
  const perKcal = (value: number) => value / food.energyKcal;
  return (
    (excess.fibreHighG > 0 ? 4 * perKcal(food.fibreG) : 0) -
    (excess.fibreLowG > 0 ? 4 * perKcal(food.fibreG) : 0) +
    (excess.sodiumMg > 0 ? perKcal(food.sodiumMg) / SODIUM_MG_PER_KCAL : 0) +
    (excess.satFatKcal > 0 ? perKcal(9 * food.satFatG) - SAT_FAT_ENERGY_SHARE_MAX : 0)
  );
}

/** A fit's rank as bounds give way (docs/decisions/030): protein over its ceilings, energy shares, protein short, the rest. */
export function boundRank(fit: PortionFit): number[] {
  return [
    fit.proteinOverKcal,
    fit.shareBreach,
    fit.proteinShortG > 0.5 ? fit.proteinShortG : 0,
    fit.boundBreach - fit.shareBreach,
  ];
}

/**
 * A day that keeps every bound before the day's limits and breaks fewer of them, or undefined where the day keeps its
 * limits or no swap helps. A swap keeps the hard rules (the meal model, kosher, 2–4 items, the sharing rule of plans
 * 1–3, the energy window, meal shares, fat), the cuisine majority where the day has one, brings in no protein food of
 * a source the person did not choose, and ranks the day no worse on
 * protein and the bounds before the limits (boundRank): the limits give way before protein, never the other way.
 * Deterministic: no clock, fixed order.
 */
export function repairDayLimits(
  portions: readonly Portion[],
  allByMeal: Record<MealSlot, readonly Candidate[]>,
  targets: NutrientTargets,
  options: { kosher: boolean; proteinSources: readonly ProteinSource[] },
): PortionFit | undefined {
  const { kosher, proteinSources } = options;
  const first = fitPortions(
    portions.map((portion) => portion.candidate),
    targets,
    portions,
  );
  if (first.hardBreach > 1e-6 || excessKcal(excessOf(first.portions, targets)) <= BOUND_SLACK_KCAL)
    return undefined;
  const hadMajority = hasCuisineMajority(first.portions.map((portion) => portion.candidate));
  let best = first;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const current = best.portions;
    const excess = excessOf(current, targets);
    if (excessKcal(excess) <= BOUND_SLACK_KCAL) break;
    const inDay = new Set(current.map((portion) => portion.candidate.food.id));
    const carried = (portion: Portion) =>
      excessPerKcal(portion.candidate.food, excess) * portion.candidate.food.energyKcal * portion.weightG;
    const offenders = [...current.keys()]
      .filter((at) => carried(current[at] as Portion) > 0)
      .sort((a, b) => carried(current[b] as Portion) - carried(current[a] as Portion))
      .slice(0, OFFENDERS);
    let improved: { fit: PortionFit; preference: number } | undefined;
    for (const at of offenders) {
      const portion = current[at] as Portion;
      const { meal } = portion.candidate;
      const ownRate = excessPerKcal(portion.candidate.food, excess);
      const kcal = (portion.candidate.food.energyKcal * portion.weightG) / 100;
      // Best liked first, so a swap keeps what the search weighed: the cuisine, favourites, foods a reset replaces.
      const replacements = allByMeal[meal]
        .filter(
          (candidate) =>
            !inDay.has(candidate.food.id) &&
            // No protein food of a source the person did not choose comes in (docs/decisions/039), a favourite apart.
            (candidate.favourite || !isUnchosenProteinFood(candidate.food, proteinSources)) &&
            excessPerKcal(candidate.food, excess) < ownRate,
        )
        .sort((a, b) => b.preference - a.preference || compareIds(a.food.id, b.food.id))
        .slice(0, REPLACEMENTS);
      for (const replacement of replacements) {
        const { food } = replacement;
        // The newcomer starts at the portion nearest the energy of the food it replaces; the fit moves it from there.
        const steps = Math.round(((100 * kcal) / food.energyKcal - food.portionMinG) / food.portionStepG);
        const levels = Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG);
        const weightG = food.portionMinG + Math.min(levels, Math.max(0, steps)) * food.portionStepG;
        const next = current.map((other, index) =>
          index === at ? { candidate: replacement, weightG } : other,
        );
        const day = next.map((other) => other.candidate);
        if (!keepsMoveRules(day, meal, kosher) || (hadMajority && !hasCuisineMajority(day))) continue;
        const fit = fitPortions(day, targets, next);
        if (fit.hardBreach > 1e-6) continue;
        if (!ranksBefore(boundRank(fit), boundRank(best))) continue;
        // Among swaps that help, the better ranked; within rounding of each other, the better liked.
        const preference = replacement.preference - portion.candidate.preference;
        if (
          improved === undefined ||
          ranksBefore(boundRank(fit), boundRank(improved.fit)) ||
          (!ranksBefore(boundRank(improved.fit), boundRank(fit)) && preference > improved.preference)
        )
          improved = { fit, preference };
      }
    }
    if (improved === undefined) break;
    best = improved.fit;
  }
  return best === first ? undefined : best;
}
