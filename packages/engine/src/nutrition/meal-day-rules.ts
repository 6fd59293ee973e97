import type { MealSlot, ProteinSource } from "./food.types";
import { hasCuisineMajority } from "./meal-chosen-sources";
import { keepsMoveRules, type Candidate } from "./meal-candidates";
import { boundRank, dayLimitsExcessKcal } from "./meal-day-limits";
import { fitPortions, ranksBefore, type Portion, type PortionFit } from "./meal-portions";
import { isProteinFood, isUnchosenProteinFood, proteinFamilies } from "./meal-roles";
import { EGGS_MAX_G, type NutrientTargets } from "./meal-targets";
import { compareIds } from "./seeded-hash";

/**
 * Two rules of a day a dietitian would sign (docs/decisions/078-eggs-and-protein-families-per-day.md), after the
 * search and its repairs: at most three whole eggs, by the recipes' ingredients, and no protein family at more than
 * two of the day's meals. The search builds each meal among a few candidates and never sees the day's eggs or
 * families, so an omelette breakfast beside an egg-fried-rice dinner, or dairy at breakfast, snacks and dinner, may be
 * the best day it found; here the foods that break a rule are swapped, one at a time, for foods of their meal that do
 * not, or dropped where their meal keeps two items.
 */

/** A protein family (meal-roles proteinFamilies) at most at this many of the day's four meals. */
export const FAMILY_MEALS_MAX = 2;

/** Moves tried one after another, each mending one offender: a count, so plans do not depend on load. */
const MAX_ROUNDS = 4;
/**
 * The best-liked foods of the meal tried in an offender's place, among those that keep the rules checked before a fit
 * (the meal model, the cuisine majority, the chosen sources): a count, as in meal-day-limits.
 */
const REPLACEMENTS = 20;

export interface DayRuleBreach {
  /** Whole egg above EGGS_MAX_G, grams. */
  eggOverG: number;
  /** Meals beyond FAMILY_MEALS_MAX, summed over the protein families. */
  familyMealsOver: number;
}

/** The day's whole egg in grams, by each food's recipe (food-data wholeEggGPer100G). */
export const dayEggG = (portions: readonly Portion[]): number =>
  portions.reduce((sum, { candidate, weightG }) => sum + (candidate.food.wholeEggG * weightG) / 100, 0);

/** The meals each protein family of the day is eaten at. */
function familyMeals(day: readonly Candidate[]): Map<ProteinSource, Set<MealSlot>> {
  const meals = new Map<ProteinSource, Set<MealSlot>>();
  for (const { food, meal } of day)
    for (const family of proteinFamilies(food)) meals.set(family, (meals.get(family) ?? new Set()).add(meal));
  return meals;
}

export function dayRuleBreach(portions: readonly Portion[]): DayRuleBreach {
  const meals = familyMeals(portions.map((portion) => portion.candidate));
  return {
    eggOverG: Math.max(0, dayEggG(portions) - EGGS_MAX_G),
    familyMealsOver: [...meals.values()].reduce(
      (sum, slots) => sum + Math.max(0, slots.size - FAMILY_MEALS_MAX),
      0,
    ),
  };
}

/** Whether a breaks the rules less than b: eggs first (a gram of slack for the portion fit's steps), then families. */
function breachesLess(a: DayRuleBreach, b: DayRuleBreach): boolean {
  if (a.eggOverG < b.eggOverG - 1) return true;
  if (a.eggOverG > b.eggOverG + 1e-6) return false;
  return a.familyMealsOver < b.familyMealsOver;
}

/** The share of protein foods from the chosen sources; 1 for a day without protein foods. */
const shareOf = ({ chosen, unchosen }: { chosen: number; unchosen: number }) =>
  chosen + unchosen === 0 ? 1 : chosen / (chosen + unchosen);

/**
 * A day's protein foods from the chosen sources and from others, a favourite counting as chosen (meal-chosen-sources);
 * every source is the person's where they chose none.
 */
function chosenCounts(day: readonly Candidate[], sources: readonly ProteinSource[]) {
  const proteinFoods = day.filter((candidate) => isProteinFood(candidate.food));
  const chosen = proteinFoods.filter(
    (candidate) =>
      sources.length === 0 || candidate.favourite || !isUnchosenProteinFood(candidate.food, sources),
  ).length;
  return { chosen, unchosen: proteinFoods.length - chosen };
}

const keeps = (breach: DayRuleBreach) => breach.eggOverG <= 1e-6 && breach.familyMealsOver === 0;

/**
 * A day that breaks the egg or family rule less, or undefined where it keeps both or no move helps. A move keeps the
 * hard rules (the meal model, kosher, 2–4 items, the sharing rule of plans 1–3, the energy window, meal shares, fat),
 * the cuisine majority where the day has one, brings in no protein food of a source the person did not choose (a
 * favourite neither), keeps the chosen protein foods (keepsChosen), lowers neither protein nor the rank on the macro
 * bounds (meal-day-limits boundRank), and leaves the fibre, sodium and saturated-fat excess no larger than the day had:
 * these rules give way before every bound, limit and the chosen sources. Deterministic: no clock, fixed order.
 */
export function repairDayRules(
  portions: readonly Portion[],
  allByMeal: Record<MealSlot, readonly Candidate[]>,
  targets: NutrientTargets,
  options: { kosher: boolean; proteinSources: readonly ProteinSource[] },
): PortionFit | undefined {
  const { kosher, proteinSources } = options;
  if (keeps(dayRuleBreach(portions))) return undefined;
  const first = fitPortions(
    portions.map((portion) => portion.candidate),
    targets,
    portions,
  );
  if (first.hardBreach > 1e-6) return undefined;
  const firstDay = first.portions.map((portion) => portion.candidate);
  const hadMajority = hasCuisineMajority(firstDay);
  const firstRank = boundRank(first);
  // Protein and the limits as the day came, not as refitted: a refit of the exact model's day may differ from it.
  const proteinG = portions.reduce(
    (sum, { candidate, weightG }) => sum + (candidate.food.proteinG * weightG) / 100,
    0,
  );
  const proteinShortAllowedG =
    Math.min(first.proteinShortG, Math.max(0, targets.proteinMinG - proteinG)) + 0.01;
  const excessAllowedKcal =
    Math.min(dayLimitsExcessKcal(first.portions, targets), dayLimitsExcessKcal(portions, targets)) + 1e-6;
  const firstCounts = chosenCounts(firstDay, proteinSources);
  /**
   * The chosen sources rank above these rules (docs/decisions/039): a move for the families keeps every chosen protein
   * food the day had and brings in no other, since dropping a chosen one for a food that is none lowered the plans'
   * share of chosen protein foods by a point over the benchmark; a move for the eggs, a health limit, may drop one
   * where the day's share of chosen protein foods does not fall.
   */
  const keepsChosen = (day: readonly Candidate[], forEggs: boolean) => {
    const counts = chosenCounts(day, proteinSources);
    if (counts.unchosen > firstCounts.unchosen) return false;
    return forEggs ? shareOf(counts) >= shareOf(firstCounts) - 1e-9 : counts.chosen >= firstCounts.chosen;
  };
  // A dish word the person named matches foods of any source ("tacos": carne asada), so no favourite of another
  // source comes in either (docs/decisions/039).
  const mayJoin = (candidate: Candidate) =>
    proteinSources.length === 0 || !isUnchosenProteinFood(candidate.food, proteinSources);

  // A day reads as one cuisine by its items of the cuisine or of none (bench/day-audit.ts reads it so too): a swap keeps
  // an item's place in that count.
  const fitsCuisine = (candidate: Candidate) =>
    candidate.cuisineMatch || candidate.food.cuisines.length === 0;

  let best = first;
  let bestBreach = dayRuleBreach(first.portions);
  for (let round = 0; round < MAX_ROUNDS && !keeps(bestBreach); round += 1) {
    const current = best.portions;
    const day = current.map((portion) => portion.candidate);
    const inDay = new Set(day.map((candidate) => candidate.food.id));
    const overFamilies = [...familyMeals(day).entries()]
      .filter(([, meals]) => meals.size > FAMILY_MEALS_MAX)
      .map(([family]) => family);
    const eggsOver = bestBreach.eggOverG > 1e-6;
    const eggPerKcal = (candidate: Candidate) => candidate.food.wholeEggG / candidate.food.energyKcal;

    let improved: { fit: PortionFit; breach: DayRuleBreach; preference: number } | undefined;
    /** The rules a move can break before its portions are fitted: checked first, as they cost no fit. */
    const allowed = (next: readonly Portion[], meal: MealSlot, forEggs: boolean) => {
      const candidates = next.map((portion) => portion.candidate);
      return (
        keepsMoveRules(candidates, meal, kosher) &&
        (!hadMajority || hasCuisineMajority(candidates)) &&
        keepsChosen(candidates, forEggs)
      );
    };
    const consider = (next: Portion[], meal: MealSlot, preference: number) => {
      const candidates = next.map((portion) => portion.candidate);
      // No egg dish grows in a refit: the fit weighs eggs only softly, below the meal's energy band, and would hand back
      // what a move took away.
      const eggCapsG = next.map(({ candidate, weightG }) =>
        candidate.food.wholeEggG > 0 ? weightG : undefined,
      );
      const fit = fitPortions(candidates, targets, next, eggCapsG);
      if (
        fit.hardBreach > 1e-6 ||
        fit.proteinShortG > proteinShortAllowedG ||
        ranksBefore(firstRank, boundRank(fit))
      )
        return;
      const breach = dayRuleBreach(fit.portions);
      if (!breachesLess(breach, bestBreach) || dayLimitsExcessKcal(fit.portions, targets) > excessAllowedKcal)
        return;
      // Among moves that help, the one that breaks the rules least; then the better ranked; then the better liked.
      if (
        improved === undefined ||
        breachesLess(breach, improved.breach) ||
        (!breachesLess(improved.breach, breach) &&
          (ranksBefore(boundRank(fit), boundRank(improved.fit)) ||
            (!ranksBefore(boundRank(improved.fit), boundRank(fit)) && preference > improved.preference)))
      )
        improved = { fit, breach, preference };
    };

    for (const [at, portion] of current.entries()) {
      const { candidate } = portion;
      const breaksEggs = eggsOver && candidate.food.wholeEggG > 0;
      const families = proteinFamilies(candidate.food).filter((family) => overFamilies.includes(family));
      if (!breaksEggs && families.length === 0) continue;
      const { meal } = candidate;
      if (breaksEggs) {
        // The egg dish at the portion that brings the day to three eggs (its smallest at least), the rest refitted.
        const { food } = candidate;
        const keptG = portion.weightG - (100 * bestBreach.eggOverG) / food.wholeEggG;
        const steps = Math.max(0, Math.floor((keptG - food.portionMinG) / food.portionStepG + 1e-9));
        const weightG = food.portionMinG + steps * food.portionStepG;
        if (weightG < portion.weightG)
          consider(
            current.map((other, index) => (index === at ? { candidate, weightG } : other)),
            meal,
            0,
          );
      }
      const dropped = current.filter((_, index) => index !== at);
      if (allowed(dropped, meal, breaksEggs)) consider(dropped, meal, -candidate.preference);
      const kcal = (candidate.food.energyKcal * portion.weightG) / 100;
      // A replacement mends what the offender breaks: less egg per kcal, or none of its families over two meals.
      const replacements = allByMeal[meal]
        .filter(
          (other) =>
            !inDay.has(other.food.id) &&
            mayJoin(other) &&
            (fitsCuisine(other) || !fitsCuisine(candidate)) &&
            ((breaksEggs && eggPerKcal(other) < eggPerKcal(candidate)) ||
              (families.length > 0 &&
                !proteinFamilies(other.food).some((family) => families.includes(family)))),
        )
        .sort((a, b) => b.preference - a.preference || compareIds(a.food.id, b.food.id));
      let fitted = 0;
      for (const replacement of replacements) {
        if (fitted >= REPLACEMENTS) break;
        const { food } = replacement;
        // The newcomer starts at the portion nearest the energy of the food it replaces; the fit moves it from there.
        const steps = Math.round(((100 * kcal) / food.energyKcal - food.portionMinG) / food.portionStepG);
        const levels = Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG);
        const weightG = food.portionMinG + Math.min(levels, Math.max(0, steps)) * food.portionStepG;
        const next = current.map((other, index) =>
          index === at ? { candidate: replacement, weightG } : other,
        );
        if (!allowed(next, meal, breaksEggs)) continue;
        fitted += 1;
        consider(next, meal, replacement.preference - candidate.preference);
      }
    }
    if (improved === undefined) break;
    best = improved.fit;
    bestBreach = improved.breach;
  }
  return best === first ? undefined : best;
}
