import type { Food, MealSlot, ProteinSource } from "./food.types";
import { hasCuisineMajority } from "./meal-chosen-sources";
import { keepsMoveRules, type Candidate } from "./meal-candidates";
import { boundRank, dayLimitsExcessKcal } from "./meal-day-limits";
import { fitPortions, ranksBefore, type Portion, type PortionFit } from "./meal-portions";
import {
  isProteinFood,
  isProteinPowderFood,
  isUnchosenProteinFood,
  mealRole,
  proteinFamilies,
} from "./meal-roles";
import { EGGS_MAX_G, FIBRE_G, type NutrientTargets } from "./meal-targets";
import { compareIds } from "./seeded-hash";

/**
 * Rules of a day a dietitian would sign, after the search and its repairs: at most three whole eggs, by the recipes'
 * ingredients, and no protein family at more than two of the day's meals
 * (docs/decisions/078-eggs-and-protein-families-per-day.md); then a day that reads as one cuisine: lunch's and dinner's
 * mains and 70 % of the items from the chosen cuisine or from none (docs/decisions/079-a-day-of-one-cuisine.md). The
 * search builds each meal among a few candidates and never sees the day's eggs, families or mains, so an omelette
 * breakfast beside an egg-fried-rice dinner, dairy at breakfast, snacks and dinner, or an Italian seitan dish at an
 * Ethiopian lunch may be the best day it found; here the foods that break a rule are swapped, one at a time, for foods
 * that do not, or dropped where their meal keeps two items.
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

/** Of a day's items, at least this share from the chosen cuisine or from none (docs/decisions/079-a-day-of-one-cuisine.md). */
export const CUISINE_ITEMS_SHARE = 0.7;

export interface DayRuleBreach {
  /** Whole egg above EGGS_MAX_G, grams. */
  eggOverG: number;
  /** Meals beyond FAMILY_MEALS_MAX, summed over the protein families. */
  familyMealsOver: number;
  /** Lunch's and dinner's items of another cuisine that are their meal's main (foreignMainFlags). */
  foreignMains: number;
  /** Items of another cuisine beyond the 30 % a day may hold. */
  foreignItemsOver: number;
}

/** An item of the chosen cuisine or of none: what a day of one cuisine is made of. */
const fitsCuisine = (candidate: Candidate) => candidate.cuisineMatch || candidate.food.cuisines.length === 0;

/**
 * Per item, whether it is a main of lunch or dinner from another cuisine: a dish whose role is the main, or whatever
 * carries most of the meal's energy, which is what a person reads as the meal's main (fried plantains beside a stew).
 */
function foreignMainFlags(portions: readonly Portion[]): boolean[] {
  const largest = new Map<MealSlot, { at: number; kcal: number }>();
  for (const [at, { candidate, weightG }] of portions.entries()) {
    const kcal = candidate.food.energyKcal * weightG;
    if (kcal > (largest.get(candidate.meal)?.kcal ?? -1)) largest.set(candidate.meal, { at, kcal });
  }
  return portions.map(
    ({ candidate }, at) =>
      (candidate.meal === "Lunch" || candidate.meal === "Dinner") &&
      !fitsCuisine(candidate) &&
      (mealRole(candidate.food) === "main" || largest.get(candidate.meal)?.at === at),
  );
}

/** The two foods of a pair replacing another cuisine's food are each tried among this many: 4 × 4 fits at most. */
const PAIR_FOODS = 4;

const maxKcal = ({ food }: Candidate) => (food.energyKcal * food.portionMaxG) / 100;

/** A newcomer's starting portion: the one nearest this energy, within its range; the fit moves it from there. */
function portionNear({ food }: Candidate, kcal: number): number {
  const steps = Math.round(((100 * kcal) / food.energyKcal - food.portionMinG) / food.portionStepG);
  const levels = Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG);
  return food.portionMinG + Math.min(levels, Math.max(0, steps)) * food.portionStepG;
}

/** A day's grams of one figure kept per 100 g of each food. */
const dayGrams = (portions: readonly Portion[], per100G: (food: Food) => number): number =>
  portions.reduce((sum, { candidate, weightG }) => sum + (per100G(candidate.food) * weightG) / 100, 0);

/** The day's whole egg in grams, by each food's recipe (food-data wholeEggGPer100G). */
export const dayEggG = (portions: readonly Portion[]): number => dayGrams(portions, (food) => food.wholeEggG);
const dayFibreG = (portions: readonly Portion[]): number => dayGrams(portions, (food) => food.fibreG);
const dayProteinG = (portions: readonly Portion[]): number => dayGrams(portions, (food) => food.proteinG);

/** The meals each protein family of the day is eaten at. */
function familyMeals(day: readonly Candidate[]): Map<ProteinSource, Set<MealSlot>> {
  const meals = new Map<ProteinSource, Set<MealSlot>>();
  for (const { food, meal } of day)
    for (const family of proteinFamilies(food)) meals.set(family, (meals.get(family) ?? new Set()).add(meal));
  return meals;
}

export function dayRuleBreach(portions: readonly Portion[]): DayRuleBreach {
  const meals = familyMeals(portions.map((portion) => portion.candidate));
  const foreignItems = portions.filter(({ candidate }) => !fitsCuisine(candidate)).length;
  return {
    eggOverG: Math.max(0, dayEggG(portions) - EGGS_MAX_G),
    familyMealsOver: [...meals.values()].reduce(
      (sum, slots) => sum + Math.max(0, slots.size - FAMILY_MEALS_MAX),
      0,
    ),
    foreignMains: foreignMainFlags(portions).filter(Boolean).length,
    foreignItemsOver: Math.max(
      0,
      foreignItems - Math.floor((1 - CUISINE_ITEMS_SHARE) * portions.length + 1e-9),
    ),
  };
}

/**
 * Whether a breaks the rules less than b, in their order: eggs first (a gram of slack for the portion fit's steps),
 * then families, then the cuisine's mains and its share of the items.
 */
function breachesLess(a: DayRuleBreach, b: DayRuleBreach): boolean {
  if (a.eggOverG < b.eggOverG - 1) return true;
  if (a.eggOverG > b.eggOverG + 1e-6) return false;
  if (a.familyMealsOver !== b.familyMealsOver) return a.familyMealsOver < b.familyMealsOver;
  if (a.foreignMains !== b.foreignMains) return a.foreignMains < b.foreignMains;
  return a.foreignItemsOver < b.foreignItemsOver;
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

const keeps = (breach: DayRuleBreach) =>
  breach.eggOverG <= 1e-6 &&
  breach.familyMealsOver === 0 &&
  breach.foreignMains === 0 &&
  breach.foreignItemsOver === 0;

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
  const proteinG = dayProteinG(portions);
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

  /**
   * The foods a meal may take in a move: its own, and those the plan offers at another meal that suit this one too
   * (each food is offered to one meal, meal-candidates assignMeals, so a lunch's only protein dish may be another
   * cuisine's while plain tofu waits at breakfast).
   */
  const offered = new Map<MealSlot, Candidate[]>();
  const offeredAt = (meal: MealSlot): Candidate[] => {
    let list = offered.get(meal);
    if (list === undefined) {
      list = [
        ...allByMeal[meal],
        ...Object.values(allByMeal).flatMap((others) =>
          others
            .filter(
              (other) =>
                other.meal !== meal &&
                other.food.slots.includes(meal) &&
                (other.favourite || !isProteinPowderFood(other.food)),
            )
            .map((other) => ({ ...other, meal })),
        ),
      ];
      offered.set(meal, list);
    }
    return list;
  };

  const fibreFloorG = Math.min(FIBRE_G.min, dayFibreG(first.portions)) - 1e-6;

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
    /**
     * A move's day refitted; the item at cappedAt, if any, keeps at most its portion (a side kept below the main). A
     * move for the cuisine alone also keeps the day's fibre at 25 g where it had that much: a day of one cuisine is
     * worth less than the fibre a dish of another brought.
     */
    const consider = (
      next: Portion[],
      meal: MealSlot,
      preference: number,
      move: { cappedAt?: number; forCuisine?: boolean } = {},
    ) => {
      const { cappedAt, forCuisine = false } = move;
      const candidates = next.map((portion) => portion.candidate);
      // No egg dish grows in a refit: the fit weighs eggs only softly, below the meal's energy band, and would hand back
      // what a move took away.
      const capsG = next.map(({ candidate, weightG }, index) =>
        candidate.food.wholeEggG > 0 || index === cappedAt ? weightG : undefined,
      );
      const fit = fitPortions(candidates, targets, next, capsG);
      if (
        fit.hardBreach > 1e-6 ||
        fit.proteinShortG > proteinShortAllowedG ||
        ranksBefore(firstRank, boundRank(fit))
      )
        return;
      if (forCuisine && dayFibreG(fit.portions) < fibreFloorG) return;
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

    const foreignMain = foreignMainFlags(current);
    const foreignItemsOver = bestBreach.foreignItemsOver > 0;
    const proteinSpareG = dayProteinG(current) - targets.proteinMinG;
    for (const [at, portion] of current.entries()) {
      const { candidate } = portion;
      const breaksEggs = eggsOver && candidate.food.wholeEggG > 0;
      const families = proteinFamilies(candidate.food).filter((family) => overFamilies.includes(family));
      const abroad = !fitsCuisine(candidate) && (foreignMain[at] === true || foreignItemsOver);
      if (!breaksEggs && families.length === 0 && !abroad) continue;
      const forCuisine = !breaksEggs && families.length === 0;
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
      const kcal = (candidate.food.energyKcal * portion.weightG) / 100;
      if (foreignMain[at] === true && mealRole(candidate.food) !== "main") {
        // Another cuisine's side that outweighs the meal's main: a smaller portion of it, under what the meal's largest
        // food that suits the cuisine carries now, halfway to its largest portion or at it (the refit may grow it),
        // makes it a side again.
        const suiting = current.filter(
          (other) => other.candidate.meal === meal && fitsCuisine(other.candidate),
        );
        const nowKcal = Math.max(
          0,
          ...suiting.map((other) => (other.candidate.food.energyKcal * other.weightG) / 100),
        );
        const largestKcal = Math.max(nowKcal, ...suiting.map((other) => maxKcal(other.candidate)));
        const { food } = candidate;
        const tried = new Set<number>();
        for (const share of [0, 0.5, 1]) {
          const underKcal = nowKcal + share * (largestKcal - nowKcal);
          const steps =
            Math.ceil(((100 * underKcal) / food.energyKcal - food.portionMinG) / food.portionStepG) - 1;
          const weightG = food.portionMinG + steps * food.portionStepG;
          if (steps < 0 || weightG >= portion.weightG || tried.has(weightG)) continue;
          tried.add(weightG);
          consider(
            current.map((other, index) => (index === at ? { candidate, weightG } : other)),
            meal,
            0,
            { cappedAt: at, forCuisine },
          );
        }
      }
      const dropped = current.filter((_, index) => index !== at);
      if (allowed(dropped, meal, breaksEggs)) consider(dropped, meal, -candidate.preference, { forCuisine });
      // Foods that bring the protein the day cannot spare at the offender's energy are tried first; for another
      // cuisine's food, those whose largest portion carries more of its energy (in steps of 50 kcal) before the better liked.
      const neededPerKcal =
        Math.max(0, (candidate.food.proteinG * portion.weightG) / 100 - proteinSpareG) / kcal;
      const carriesProtein = (other: Candidate) =>
        other.food.proteinG / other.food.energyKcal >= neededPerKcal - 1e-9 ? 1 : 0;
      const carriesKcal = (other: Candidate) => Math.round(Math.min(kcal, maxKcal(other)) / 50);
      // A protein food of a source the person did not choose may take the place of another such food for the cuisine
      // (plain seitan for an Italian seitan dish at a French dinner): the day's share of chosen ones stays (keepsChosen).
      const takesUnchosenPlace =
        forCuisine &&
        proteinSources.length > 0 &&
        isUnchosenProteinFood(candidate.food, proteinSources) &&
        !candidate.favourite;
      // A replacement mends what the offender breaks: less egg per kcal, none of its families over two meals, or a food
      // of the cuisine or of none. Protein powder comes from another meal, or for the cuisine, only as a favourite
      // (docs/decisions/039); an egg or family move may still take a breakfast's powder dish, as it did before.
      const replacements = offeredAt(meal)
        .filter(
          (other) =>
            !inDay.has(other.food.id) &&
            (mayJoin(other) || takesUnchosenPlace) &&
            (other.favourite || !forCuisine || !isProteinPowderFood(other.food)) &&
            (fitsCuisine(other) || !fitsCuisine(candidate)) &&
            ((breaksEggs && eggPerKcal(other) < eggPerKcal(candidate)) ||
              (families.length > 0 &&
                !proteinFamilies(other.food).some((family) => families.includes(family))) ||
              (abroad && fitsCuisine(other))),
        )
        .sort(
          (a, b) =>
            carriesProtein(b) - carriesProtein(a) ||
            (abroad ? carriesKcal(b) - carriesKcal(a) : 0) ||
            b.preference - a.preference ||
            compareIds(a.food.id, b.food.id),
        );
      let fitted = 0;
      for (const replacement of replacements) {
        if (fitted >= REPLACEMENTS) break;
        const next = current.map((other, index) =>
          index === at ? { candidate: replacement, weightG: portionNear(replacement, kcal) } : other,
        );
        if (!allowed(next, meal, breaksEggs)) continue;
        fitted += 1;
        consider(next, meal, replacement.preference - candidate.preference, { forCuisine });
      }
      if (abroad) {
        // Another cuisine's food often carries more of its meal's energy than any one food of the cuisine can: two
        // foods in its place, the first among the replacements, the second among those carrying the most energy.
        const fillers = [...replacements]
          .sort((a, b) => maxKcal(b) - maxKcal(a) || compareIds(a.food.id, b.food.id))
          .slice(0, PAIR_FOODS);
        for (const first of replacements.slice(0, PAIR_FOODS))
          for (const second of fillers) {
            if (second === first) continue;
            const next = [
              ...current.map((other, index) =>
                index === at ? { candidate: first, weightG: portionNear(first, kcal / 2) } : other,
              ),
              { candidate: second, weightG: portionNear(second, kcal / 2) },
            ];
            if (allowed(next, meal, breaksEggs))
              consider(next, meal, first.preference + second.preference - candidate.preference, {
                forCuisine,
              });
          }
      }
    }
    if (improved === undefined) break;
    best = improved.fit;
    bestBreach = improved.breach;
  }
  return best === first ? undefined : best;
}
