import type { ExclusionRules } from "./exclusions";
import { MEAL_SLOTS, type Food, type ProteinSource } from "./food.types";
import { keepsMoveRules, type Candidate } from "./meal-candidates";
import type { MealPlanRequest } from "./meal-plan.types";
import { BOUND_SLACK_KCAL, fitPortions, type Portion, type PortionFit } from "./meal-portions";
import { isProteinFood, isProteinPowderFood, isUnchosenProteinFood } from "./meal-roles";
import { allowedFood, type NutrientTargets } from "./meal-targets";
import { compareIds } from "./seeded-hash";

/** Moves tried one after another; each removes an unchosen protein food, and a day rarely holds more than three. */
const MAX_ROUNDS = 4;
/**
 * Fits tried per round, best move first: a count, so plans do not depend on load. Past the first few dozen, moves
 * seldom keep protein where the better-liked ones did not, and each fit costs a few hundredths of a millisecond.
 */
const FITS_PER_ROUND = 40;
/**
 * Chosen protein foods less four times the others: 0 or more when at least 80 % of the protein foods are chosen. A
 * favourite names the food itself, so it counts as chosen.
 */
function chosenMargin(day: readonly Candidate[], sources: readonly ProteinSource[]): number {
  let margin = 0;
  for (const { food, favourite } of day) {
    if (!isProteinFood(food)) continue;
    margin += favourite || !isUnchosenProteinFood(food, sources) ? 1 : -4;
  }
  return margin;
}

/**
 * The chosen sources a plan can serve: those with a food the diet and the exclusions leave. A vegan who ticked seafood
 * and poultry has chosen, for the planner, no source at all, so every protein food of the diet is as welcome as any
 * other (docs/decisions/084-sources-the-diet-allows.md); a vegetarian who ticked eggs and fish has chosen eggs. Nuts
 * stay chosen though no nut is protein-rich: the chip still brings nuts into the day.
 */
export function sourcesWithinReach(
  request: Pick<MealPlanRequest, "proteinSources" | "dietType">,
  foods: readonly Food[],
  avoidances: ExclusionRules,
): ProteinSource[] {
  return request.proteinSources.filter((source) =>
    foods.some((food) => food.proteinSource === source && allowedFood(food, request.dietType, avoidances)),
  );
}

/** Whether a day holds a protein food of a source the user did not choose (a favourite aside). */
export function hasUnchosenProteinFood(
  portions: readonly Portion[],
  sources: readonly ProteinSource[],
): boolean {
  return portions.some(
    ({ candidate: { food, favourite } }) => !favourite && isUnchosenProteinFood(food, sources),
  );
}

/** Whether most of a day's foods are dishes of the chosen cuisine. */
export const hasCuisineMajority = (day: readonly Candidate[]) =>
  2 * day.filter((candidate) => candidate.cuisineMatch).length > day.length;

/**
 * Whether a day searched among fewer protein foods of other sources serves the user better than the day it would
 * replace: more of its protein foods chosen (by chosenMargin), and nothing else lost: the cuisine majority if the first
 * had one, every hard rule, every macro bound and the protein floor (noWorse).
 */
export function holdsMoreChosen(
  first: readonly Portion[],
  second: readonly Portion[],
  targets: NutrientTargets,
  sources: readonly ProteinSource[],
): boolean {
  const firstDay = first.map((portion) => portion.candidate);
  const secondDay = second.map((portion) => portion.candidate);
  if (chosenMargin(secondDay, sources) <= chosenMargin(firstDay, sources)) return false;
  if (hasCuisineMajority(firstDay) && !hasCuisineMajority(secondDay)) return false;
  return noWorse(fitPortions(secondDay, targets, second), fitPortions(firstDay, targets, first));
}

/** Whether a fit keeps every bound at least as well as the day it would replace (protein to the hundredth of a gram). */
function noWorse(fit: PortionFit, current: PortionFit): boolean {
  return (
    fit.hardBreach <= 1e-6 &&
    fit.proteinOverKcal <= Math.max(current.proteinOverKcal, BOUND_SLACK_KCAL) &&
    fit.shareBreach <= Math.max(current.shareBreach, BOUND_SLACK_KCAL) &&
    fit.proteinShortG <= current.proteinShortG + 0.01 &&
    fit.boundBreach <= Math.max(current.boundBreach, BOUND_SLACK_KCAL)
  );
}

/**
 * Raises a day's share of protein foods from the chosen sources toward the 80 % of docs/product.md §6.2: an unchosen protein food
 * (another source's, or seitan) is swapped for a food of a chosen source or a food that is no protein food, or dropped
 * where its meal keeps two items, and the portions refitted. A move is kept only if the day loses nothing else: every
 * hard rule (the meal model, kosher, 2–4 items, the sharing rule of plans 1–3, the energy window, meal shares and fat),
 * every macro bound and the protein floor as well as before, and its cuisine majority if it had one. Of the moves that
 * gain most, the best-liked wins. The search cannot weigh this share itself: its candidates are a few per meal, and
 * its cuisine-majority passes keep the cuisine's dishes of other sources, which the planner tests need (decision 039).
 * Deterministic: no clock, fixed order.
 */
export function raiseChosenShare(
  portions: readonly Portion[],
  allByMeal: Record<(typeof MEAL_SLOTS)[number], readonly Candidate[]>,
  targets: NutrientTargets,
  options: { kosher: boolean; proteinSources: readonly ProteinSource[] },
): PortionFit | undefined {
  const { kosher, proteinSources } = options;
  if (proteinSources.length === 0) return undefined;
  const first = fitPortions(
    portions.map((portion) => portion.candidate),
    targets,
    portions,
  );
  if (first.hardBreach > 1e-6) return undefined;
  const hadMajority = hasCuisineMajority(first.portions.map((portion) => portion.candidate));
  const keepsRules = (day: readonly Candidate[], meal: Candidate["meal"]) =>
    keepsMoveRules(day, meal, kosher) && (!hadMajority || hasCuisineMajority(day));
  // A favourite in the day stays (the user named it), but none comes in of another source: a dish word such as "curry"
  // matches egg and fish curries without naming their protein.
  const ofOtherSource = (candidate: Candidate) => isUnchosenProteinFood(candidate.food, proteinSources);
  const isUnchosen = (candidate: Candidate) => ofOtherSource(candidate) && !candidate.favourite;

  let best = first;
  let moved = false;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const current = best.portions;
    const day = current.map((portion) => portion.candidate);
    const margin = chosenMargin(day, proteinSources);
    if (margin >= 0) break;
    const inDay = new Set(day.map((candidate) => candidate.food.id));
    const moves: { next: Portion[]; margin: number; preference: number; id: string }[] = [];
    const propose = (next: Portion[], meal: Candidate["meal"], preference: number, id: string) => {
      const candidates = next.map((portion) => portion.candidate);
      if (!keepsRules(candidates, meal)) return;
      const nextMargin = chosenMargin(candidates, proteinSources);
      if (nextMargin > margin) moves.push({ next, margin: nextMargin, preference, id });
    };
    for (const [at, portion] of current.entries()) {
      if (!isUnchosen(portion.candidate)) continue;
      const { meal } = portion.candidate;
      const kcal = (portion.candidate.food.energyKcal * portion.weightG) / 100;
      propose(
        current.filter((_, index) => index !== at),
        meal,
        -portion.candidate.preference,
        `-${portion.candidate.food.id}`,
      );
      for (const replacement of allByMeal[meal]) {
        // Protein powder is no one's chosen source (meal-candidates POINTS.proteinPowder): it does not come in here.
        if (
          inDay.has(replacement.food.id) ||
          ofOtherSource(replacement) ||
          (isProteinPowderFood(replacement.food) && !replacement.favourite)
        )
          continue;
        const { food } = replacement;
        // Start the newcomer at the portion nearest the energy of the food it replaces; the fit moves it from there.
        const steps = Math.round(((100 * kcal) / food.energyKcal - food.portionMinG) / food.portionStepG);
        const levels = Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG);
        const weightG = food.portionMinG + Math.min(levels, Math.max(0, steps)) * food.portionStepG;
        propose(
          current.map((other, index) => (index === at ? { candidate: replacement, weightG } : other)),
          meal,
          replacement.preference - portion.candidate.preference,
          food.id,
        );
      }
    }
    // Most gain first, then the best-liked: the first move whose fit loses nothing is the round's move.
    moves.sort(
      (left, right) =>
        right.margin - left.margin || right.preference - left.preference || compareIds(left.id, right.id),
    );
    let move: PortionFit | undefined;
    for (const { next } of moves.slice(0, FITS_PER_ROUND)) {
      const fit = fitPortions(
        next.map((portion) => portion.candidate),
        targets,
        next,
      );
      if (noWorse(fit, best)) {
        move = fit;
        break;
      }
    }
    if (move === undefined) break;
    best = move;
    moved = true;
  }
  return moved ? best : undefined;
}
