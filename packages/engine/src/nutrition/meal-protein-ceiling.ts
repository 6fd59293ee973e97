import { MEAL_SLOTS, type MealSlot } from "./food.types";
import { keepsMoveRules, type Candidate } from "./meal-candidates";
import { BOUND_SLACK_KCAL, fitPortions, ranksBefore, type Portion, type PortionFit } from "./meal-portions";
import type { NutrientTargets } from "./meal-targets";

/** Protein-rich: at least a fifth of the food's energy from protein (as meal-candidates and the benchmark count it). */
const PROTEIN_RICH_SHARE = 0.2;
/** Swaps or additions tried one after another; each lowers the protein over its ceilings, so a few settle any day. */
const MAX_ROUNDS = 4;

const isProteinRich = (candidate: Candidate) =>
  (4 * candidate.food.proteinG) / candidate.food.energyKcal >= PROTEIN_RICH_SHARE;

/** A fit's rank as bounds give way (docs/decisions/030): protein over its ceilings, energy shares, protein short, the rest. */
function rank(fit: PortionFit): number[] {
  return [fit.proteinOverKcal, fit.shareBreach, fit.proteinShortG, fit.boundBreach - fit.shareBreach];
}

/**
 * The repair of a day whose protein is over 35 % of energy or 2.4 g/kg after the search and the exact model (which
 * holds the ceilings as constraints but may stop on its time limit without a day): portions are refitted with the
 * ceilings weighing most, and where the day's foods cannot get under them, a protein-rich item is swapped for a
 * starch, fat or vegetable food of its meal, or such a food is added to a meal with room, the best move first. Every
 * move keeps the hard rules (the meal model, kosher, 2–4 items, the sharing rule of plans 1–3, the energy window, meal
 * shares and fat) and the foods are those the plan may use at that meal. Deterministic: no clock, fixed order.
 */
export function repairProteinCeiling(
  portions: readonly Portion[],
  allByMeal: Record<MealSlot, readonly Candidate[]>,
  targets: NutrientTargets,
  kosher: boolean,
): PortionFit | undefined {
  let best = fitPortions(
    portions.map((portion) => portion.candidate),
    targets,
    portions,
  );
  if (best.hardBreach > 1e-6) return undefined;
  for (let round = 0; round < MAX_ROUNDS && best.proteinOverKcal > BOUND_SLACK_KCAL; round += 1) {
    const current = best.portions;
    const inDay = new Set(current.map((portion) => portion.candidate.food.id));
    const keepsRules = (day: readonly Candidate[], meal: MealSlot) => keepsMoveRules(day, meal, kosher);
    let improved: PortionFit | undefined;
    const consider = (day: readonly Candidate[], start: readonly Portion[], meal: MealSlot) => {
      if (!keepsRules(day, meal)) return;
      const fit = fitPortions(day, targets, start);
      if (fit.hardBreach > 1e-6) return;
      if (ranksBefore(rank(fit), rank(improved ?? best))) improved = fit;
    };
    for (const meal of MEAL_SLOTS) {
      const lighter = allByMeal[meal].filter(
        (candidate) => !isProteinRich(candidate) && !inDay.has(candidate.food.id),
      );
      for (const replacement of lighter) {
        const start = { candidate: replacement, weightG: replacement.food.portionMinG };
        consider([...current.map((portion) => portion.candidate), replacement], [...current, start], meal);
        for (const [at, portion] of current.entries()) {
          if (portion.candidate.meal !== meal || !isProteinRich(portion.candidate)) continue;
          const day = current.map((other, index) => (index === at ? start : other));
          consider(
            day.map((other) => other.candidate),
            day,
            meal,
          );
        }
      }
    }
    if (improved === undefined) break;
    best = improved;
  }
  return best;
}
