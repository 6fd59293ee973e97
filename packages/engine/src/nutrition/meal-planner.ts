import type { EngineError } from "../profile.types";
import { describeRules, parseAvoidances, type ParsedAvoidances as Avoidances } from "./avoidances";
import { roundTo2 } from "./energy";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS, type Food, type MealSlot, type ProteinSource } from "./food.types";
import {
  densestCandidates,
  selectCandidates,
  unionByMeal,
  withSourceFilter,
  type Candidate,
  type CandidatePool,
  type SourceFilter,
} from "./meal-candidates";
import { fallbackDay } from "./meal-fallback";
import type { MealItem, MealPlanRequest } from "./meal-plan.types";
import { BOUND_SLACK_KCAL, type Portion, type PortionFit } from "./meal-portions";
import { dayLimitsExcessKcal, repairDayLimits } from "./meal-day-limits";
import { dayEggG, repairDayRules } from "./meal-day-rules";
import { repairProteinCeiling } from "./meal-protein-ceiling";
import { proteinReachG } from "./meal-protein-reach";
import { SearchMemo, searchDay, type SearchLimits, type SearchResult } from "./meal-search";
import {
  hasCuisineMajority,
  hasUnchosenProteinFood,
  holdsMoreChosen,
  raiseChosenShare,
  sourcesWithinReach,
} from "./meal-chosen-sources";
import { householdMeasure } from "./meal-roles";
import { solveGuidedDay, type ExactLimits, type MipSolver } from "./meal-exact";
import {
  CARBS_ENERGY_SHARE_MIN,
  CARBS_MIN_G,
  EGGS_MAX_G,
  PROTEIN_ENERGY_SHARE_MAX,
  PROTEIN_MAX_G_PER_KG,
  ITEMS_PER_MEAL,
  MEAL_SHARE_BAND,
  MEAL_SHARES,
  nutrientTargets,
  planViolations,
  portionFigures,
  SAT_FAT_ENERGY_SHARE_MAX,
  SODIUM_MAX_MG,
  type NutrientTargets,
} from "./meal-targets";

export type { EngineError } from "../profile.types";
// Defined in meal-plan.types.ts, so the planner's helpers use them without importing the planner (no cycle).
export type { MealItem, MealPlanRequest } from "./meal-plan.types";

export interface MacroTotals {
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
}

/**
 * The day's totals: energy and macros summed from the items as shown, and fibre, saturated fat and sodium from the
 * foods' per-100 g figures (items carry none), which the planner holds to soft limits
 * (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md).
 */
export interface DayTotals extends MacroTotals {
  fibreG: number;
  satFatG: number;
  sodiumMg: number;
}

export interface MealPlan {
  items: MealItem[];
  totals: DayTotals;
  mealTotals: Record<MealSlot, MacroTotals>;
  targetKcal: number;
  notes: string[];
  unrecognisedAvoidances: string[];
  /** The protein floor this plan was held to (the goal's, or lower with a note saying why). */
  proteinTargetG: number;
}

export type MealPlanOutcome = { ok: true; plan: MealPlan } | { ok: false; error: EngineError };

export interface MealPlanner {
  plan(request: MealPlanRequest): MealPlanOutcome;
}

export interface MealPlannerOptions {
  /** Wall-clock safety net for one plan; past it the best day found so far is used, or the fallback. */
  timeLimitMs?: number;
  /** Portion fits the search may spend; a fixed count keeps plans independent of machine load. */
  maxFits?: number;
  foods?: readonly Food[];
  /** Clock in milliseconds (tests pass a fake one to force the time limit). */
  now?: () => number;
  /**
   * "required" plans only days with most items from the chosen cuisine, and refuses when it finds none (with
   * NO_CUISINE_MAJORITY when it tried every such day of its candidates): tests and the benchmark use it, with a larger
   * maxFits, to show that a plan without a cuisine majority could not have had one.
   */
  cuisineMajority?: "preferred" | "required";
  /**
   * The exact fallback: a MIP solver (the `highs` package, loaded by the caller so the engine does no I/O) the planner
   * turns to where the search misses protein or a macro bound or finds no day. Without it the search alone plans.
   */
  exact?: ExactOptions;
}

export interface ExactOptions {
  solver: MipSolver;
  limits: ExactLimits;
}

/**
 * Limits of one exact solve. The node count keeps answers independent of load on an ordinary machine; the time limit
 * is a safety net under the server's per-job limit (plan-pool: 4 s), like SEARCH_SAFETY_NET_MS for the search. On the
 * benchmark's restrictive profiles a solve took 0.05–1.5 s on a loaded 2-core machine.
 */
export const EXACT_LIMITS: ExactLimits = { timeLimitS: 1, maxNodes: 5_000 };

/**
 * A safety net only: the search is bounded by its fit and visit counts, which take at most a few tens of milliseconds
 * of CPU (bench/meals.bench.ts), so its result never depends on machine load. This clock limit sits far above that and
 * fires only if something is badly wrong (a machine stalled for seconds), trading determinism for an answer.
 */
export const SEARCH_SAFETY_NET_MS = 1500;
/**
 * Days whose portions a search fits. Fitting is most of a hard plan's cost; on 200 benchmark profiles × plans 1–3, 160
 * fits found no more days meeting protein, nor mostly from the cuisine, than 100, at about a fifth more CPU.
 */
const DEFAULT_MAX_FITS = 100;

/** The IOM RDA for adults, 0.8 g/kg: a plan below it is refused rather than offered with a note. */
const PROTEIN_RDA_G_PER_KG = 0.8;
/** Plausible bounds for a request; anything outside is a caller error, not a diet. */
const REQUEST_LIMITS = { kcal: { min: 800, max: 6000 }, weightKg: { min: 25, max: 350 } } as const;

export function sumMacros(items: readonly Pick<MacroTotals, keyof MacroTotals>[]): MacroTotals {
  return {
    energyKcal: items.reduce((sum, item) => sum + item.energyKcal, 0),
    proteinG: roundTo2(items.reduce((sum, item) => sum + item.proteinG, 0)),
    carbsG: roundTo2(items.reduce((sum, item) => sum + item.carbsG, 0)),
    fatG: roundTo2(items.reduce((sum, item) => sum + item.fatG, 0)),
  };
}

/** The day's totals of a plan's items (DayTotals); a food the index does not hold adds no fibre, fat or sodium. */
export function dayTotals(
  items: readonly MealItem[],
  index: { get(id: string): Food | undefined },
): DayTotals {
  const { fibreG, satFatG, sodiumMg } = macroTotals(items, index);
  return {
    ...sumMacros(items),
    fibreG: roundTo2(fibreG),
    satFatG: roundTo2(satFatG),
    sodiumMg: Math.round(sodiumMg),
  };
}

export function toMealItem(food: Food, meal: MealSlot, weightG: number, id: string): MealItem {
  const measure = householdMeasure(food.id, weightG);
  return {
    id,
    slot: meal,
    name: food.name,
    ...portionFigures(food, roundTo2(weightG)),
    foodId: food.id,
    image: food.image,
    ...(measure === undefined ? {} : { measure }),
  };
}

function describeExclusions(request: MealPlanRequest, avoidances: Avoidances): string {
  const parts = describeRules(avoidances);
  return parts.length === 0
    ? `a ${request.dietType} diet`
    : `a ${request.dietType} diet without ${parts.join(", ")}`;
}

function validate(request: MealPlanRequest): EngineError | undefined {
  const { kcal, weightKg } = REQUEST_LIMITS;
  if (
    !Number.isFinite(request.targetKcal) ||
    request.targetKcal < kcal.min ||
    request.targetKcal > kcal.max
  ) {
    return {
      code: "INVALID_TARGET",
      message: `A daily target of ${request.targetKcal} kcal is outside what we plan (${kcal.min}–${kcal.max} kcal).`,
    };
  }
  if (
    !Number.isFinite(request.weightKg) ||
    request.weightKg < weightKg.min ||
    request.weightKg > weightKg.max
  ) {
    return {
      code: "INVALID_WEIGHT",
      message: `A body weight of ${request.weightKg} kg is outside what we plan for (${weightKg.min}–${weightKg.max} kg).`,
    };
  }
  return undefined;
}

/**
 * What a person refused a plan could change: the target, the cuisine, the protein sources (docs/product.md §3.6).
 * Never an allergy, a religious rule or a diet: "Loosen an exclusion" once told a coeliac to eat gluten. Dislikes
 * count with them, since the planner cannot tell a dislike typed as "no pork" from a rule.
 */
export function whatYouCouldChange(request: Pick<MealPlanRequest, "cuisine" | "proteinSources">): string {
  const options = ["change your daily calorie target", `choose a cuisine other than ${request.cuisine}`];
  if (request.proteinSources.length > 0) options.push("choose more protein sources");
  const listed = `${options.slice(0, -1).join(", ")} or ${options.at(-1)}`;
  return `You could ${listed}; your allergies, diet and the foods you avoid stay as you set them.`;
}

/** Names the rule that makes a day impossible, and what the person could change instead of it. */
function explainInfeasible(
  request: MealPlanRequest,
  avoidances: Avoidances,
  pool: CandidatePool,
  failed: SolveFailure,
): EngineError {
  const exclusions = describeExclusions(request, avoidances);
  const target = request.targetKcal;
  for (const meal of MEAL_SLOTS) {
    const foods = pool.allowedFoods.filter((food) => food.slots.includes(meal));
    const lightest = foods.map((food) => (food.energyKcal * food.portionMinG) / 100).sort((a, b) => a - b);
    const heaviest = foods.map((food) => (food.energyKcal * food.portionMaxG) / 100).sort((a, b) => b - a);
    const low = (MEAL_SHARES[meal] - MEAL_SHARE_BAND) * target;
    const high = (MEAL_SHARES[meal] + MEAL_SHARE_BAND) * target;
    const smallest = lightest.slice(0, ITEMS_PER_MEAL.min).reduce((sum, value) => sum + value, 0);
    const largest = heaviest.slice(0, ITEMS_PER_MEAL.max).reduce((sum, value) => sum + value, 0);
    if (smallest > high) {
      return {
        code: "PLAN_INFEASIBLE",
        message: `With ${exclusions}, even the two lightest ${meal} foods exceed ${Math.round(high)} kcal, this meal's share of ${Math.round(target)} kcal. ${whatYouCouldChange(request)}`,
      };
    }
    if (largest < low) {
      return {
        code: "PLAN_INFEASIBLE",
        message: `With ${exclusions}, the ${meal} foods left cannot reach ${Math.round(low)} kcal, this meal's share of ${Math.round(target)} kcal. ${whatYouCouldChange(request)}`,
      };
    }
  }
  // Without a proof (the searches spent their budgets), the message must not claim that no day exists.
  if (failed !== "infeasible")
    return {
      code: "PLAN_INFEASIBLE",
      message: `The planner found no day of ${Math.round(target)} kcal from ${exclusions} that keeps fat between 20 % and 35 % of energy with every meal near its share, though one may exist. ${whatYouCouldChange(request)}`,
    };
  return {
    code: "PLAN_INFEASIBLE",
    message: `No day of ${Math.round(target)} kcal from ${exclusions} keeps fat between 20 % and 35 % of energy with every meal near its share. ${whatYouCouldChange(request)}`,
  };
}

/**
 * Why a plan holds less protein than its target. The target is called lowered only when the diet provably cannot
 * reach it (proteinReachG bounds every day these foods allow); otherwise the note says the planner fell short.
 */
function proteinShortfallNote(
  request: MealPlanRequest,
  avoidances: Avoidances,
  pool: CandidatePool,
  targetG: number,
  plannedG: number,
  attempt: Attempt,
): string {
  const exclusions = describeExclusions(request, avoidances);
  const kcal = Math.round(request.targetKcal);
  if (attempt.fromFallback)
    return `Protein is ${plannedG} g, short of the ${targetG} g target: the quick fallback plan could not reach it. Generate the plan again for a better one.`;
  const reachG = proteinReachG(pool.allowedFoods, request.targetKcal);
  if (reachG < targetG)
    return `Protein target lowered from ${targetG} g to ${plannedG} g: no day of ${kcal} kcal from ${exclusions} can hold more than ${Math.floor(reachG)} g with each meal near its share and fat at 20–35 % of energy.`;
  return `Protein is ${plannedG} g, short of the ${targetG} g target: the planner found no day of ${kcal} kcal from ${exclusions} that reaches it, though one may exist.`;
}

function assemble(portions: readonly Portion[], request: MealPlanRequest): MealItem[] {
  const ordered = [...portions].sort(
    (left, right) =>
      MEAL_SLOTS.indexOf(left.candidate.meal) - MEAL_SLOTS.indexOf(right.candidate.meal) ||
      right.candidate.food.energyKcal * right.weightG - left.candidate.food.energyKcal * left.weightG,
  );
  return ordered.map(({ candidate, weightG }) =>
    toMealItem(
      candidate.food,
      candidate.meal,
      weightG,
      `p${request.planNumber}-${candidate.meal.toLowerCase()}-${candidate.food.id}`,
    ),
  );
}

const FOOD_INDEXES = new WeakMap<readonly Food[], Map<string, Food>>();

function foodIndex(foods: readonly Food[]): Map<string, Food> {
  let index = FOOD_INDEXES.get(foods);
  if (index === undefined) {
    index = new Map(foods.map((food) => [food.id, food]));
    FOOD_INDEXES.set(foods, index);
  }
  return index;
}

interface Attempt {
  portions: Portion[];
  notes: string[];
  /** The fallback's day is not the best the foods allow, so a protein shortfall in it proves nothing. */
  fromFallback: boolean;
}

/**
 * A food whose recipe holds at least this much whole egg per 100 g is an egg dish: an omelette, shakshuka, egg curry or
 * deviled eggs, well above a meatloaf's or a tempura batter's egg (under 10 g).
 */
const EGG_DISH_G_PER_100G = 10;
/**
 * A food whose largest portion holds more fibre than this is left out of a second day for a day over 60 g of fibre:
 * a bowl of beans, lentils or split peas (13–23 g at their largest), not a serving of vegetables or bread. In scratch
 * runs over the benchmark's days 12 g mended the most, 15 g and 10 g one fewer
 * (docs/decisions/083-a-day-over-60-g-of-fibre-plans-again.md).
 */
const FIBRE_RICH_PORTION_G = 12;

/**
 * Foods a second day goes without, where the first broke a rule its swaps could not mend: the egg dishes
 * (docs/decisions/081-a-day-over-three-eggs-plans-again.md) or the fibre-rich foods
 * (docs/decisions/083-a-day-over-60-g-of-fibre-plans-again.md). A second day that breaks the other rule goes without
 * both.
 */
type LeftOut = "egg dishes" | "fibre-rich foods";

const KEEPS: Record<LeftOut, (candidate: Candidate) => boolean> = {
  "egg dishes": ({ food }) => food.wholeEggG < EGG_DISH_G_PER_100G,
  "fibre-rich foods": ({ food }) => (food.fibreG * food.portionMaxG) / 100 <= FIBRE_RICH_PORTION_G,
};

function without(pool: CandidatePool, leftOut: readonly LeftOut[]): CandidatePool {
  if (leftOut.length === 0) return pool;
  const keep = (byMeal: Record<MealSlot, Candidate[]>) =>
    Object.fromEntries(
      MEAL_SLOTS.map((meal) => [
        meal,
        byMeal[meal].filter((candidate) => leftOut.every((kind) => KEEPS[kind](candidate))),
      ]),
    ) as Record<MealSlot, Candidate[]>;
  return { ...pool, byMeal: keep(pool.byMeal), allByMeal: keep(pool.allByMeal) };
}

/** What a note is about, whatever its figures: "Fibre gave", "Sodium gave", "Protein is". */
const noteKind = (note: string) => note.split(" ").slice(0, 2).join(" ");

/** A day planned, with the portions it was assembled from: what a second day is weighed by (servesBetter). */
type PlannedDay =
  { ok: true; plan: MealPlan; portions: readonly Portion[] } | { ok: false; error: EngineError };

/** The notes of the day's limits of fibre, sodium and saturated fat (boundNotes), one tier of the priority order. */
const LIMIT_NOTE_KINDS: ReadonlySet<string> = new Set(["Fibre gave", "Sodium gave", "Saturated fat"]);

/**
 * What a gram of whole egg over three eggs a day weighs against the day's limits when a second day is served for the
 * eggs (docs/decisions/087-eggs-weighed-against-the-limits.md): its own saturated fat, in kcal. USDA SR Legacy 01123,
 * "Egg, whole, raw, fresh", holds 3.13 g per 100 g, so an egg (50 g) over the cap weighs 14 kcal, as 3.5 g of fibre over
 * 60 g or 140 mg of sodium over 2,300 mg do (meal-day-limits).
 */
const EGG_OVER_KCAL_PER_G = (9 * 3.13) / 100;
/**
 * Twice the cap, six eggs: a day over it is served egg-mended even where that loses the cuisine majority
 * (docs/decisions/087-eggs-weighed-against-the-limits.md). Six eggs alone carry 9.4 g of saturated fat (USDA SR
 * Legacy 01123, 3.13 g per 100 g), nearly half of what a 2,000 kcal day may hold under 10 % of energy (22 g).
 */
const EGGS_FAR_OVER_G = 2 * EGGS_MAX_G;

/**
 * Whether a second day is served in place of the first: it mends what the first broke (fibre within its limit; fewer
 * eggs) and loses nothing ranked above it: protein (as much as the first, or the floor), no kind of note the first did
 * not have (a bound that gave way), and no more eggs than three or than the first held. The eggs rank below the cuisine
 * majority, so an egg-free day keeps it where the first had it. Fibre ranks above it, in the tier of sodium and
 * saturated fat, weighed together (meal-day-limits): a fibre-mended day may lose the majority, and may break sodium or
 * saturated fat where its weighed excess of the three is still the smaller (docs/decisions/085-fibre-above-the-cuisine.md).
 * An egg-mended day may break them too where the excess it adds weighs less than the eggs it takes away
 * (EGG_OVER_KCAL_PER_G), and may lose the majority where the first day held more than six eggs (EGGS_FAR_OVER_G):
 * eleven eggs do not stay for a gram of fibre or for the cuisine.
 */
function servesBetter(
  again: Extract<PlannedDay, { ok: true }>,
  first: { portions: readonly Portion[]; proteinG: number; notes: readonly string[] },
  context: { mending: LeftOut; targets: NutrientTargets },
): boolean {
  const { mending, targets } = context;
  const mostlyCuisine = (portions: readonly Portion[]) =>
    hasCuisineMajority(portions.map((portion) => portion.candidate));
  const [firstEggG, againEggG] = [dayEggG(first.portions), dayEggG(again.portions)];
  const firstKinds = new Set(first.notes.map(noteKind));
  const forFibre = mending === "fibre-rich foods";
  const mends = forFibre ? again.plan.totals.fibreG <= targets.fibreMaxG + 0.5 : againEggG < firstEggG;
  const limitsAddedKcal =
    dayLimitsExcessKcal(again.portions, targets) - dayLimitsExcessKcal(first.portions, targets);
  const eggsOverG = (eggG: number) => Math.max(0, eggG - EGGS_MAX_G);
  const limitsWeighLess = forFibre
    ? limitsAddedKcal < 0
    : limitsAddedKcal < EGG_OVER_KCAL_PER_G * (eggsOverG(firstEggG) - eggsOverG(againEggG));
  return (
    mends &&
    again.plan.totals.proteinG >= Math.min(targets.proteinMinG, first.proteinG) - 0.5 &&
    again.plan.notes.every(
      (note) => firstKinds.has(noteKind(note)) || (limitsWeighLess && LIMIT_NOTE_KINDS.has(noteKind(note))),
    ) &&
    (forFibre ||
      firstEggG > EGGS_FAR_OVER_G ||
      mostlyCuisine(again.portions) ||
      !mostlyCuisine(first.portions)) &&
    againEggG <= Math.max(EGGS_MAX_G + 1, firstEggG)
  );
}

export function planWith(
  foods: readonly Food[],
  limits: SearchLimits,
  request: MealPlanRequest,
  exact?: ExactOptions,
): MealPlanOutcome {
  const invalid = validate(request);
  if (invalid !== undefined) return { ok: false, error: invalid };
  const avoidances = parseAvoidances(request.allergiesText, foods);
  // The sources the diet and the exclusions leave are the ones the plan weighs (docs/decisions/084-sources-the-diet-allows.md).
  const planned = { ...request, proteinSources: sourcesWithinReach(request, foods, avoidances) };
  const context: DayContext = {
    foods,
    limits: { ...limits, memo: new SearchMemo() },
    request,
    planned,
    avoidances,
    selected: selectCandidates(foods, planned, avoidances),
    targets: nutrientTargets(request),
  };
  const day = planDay(context, exact, []);
  return day.ok ? { ok: true, plan: day.plan } : day;
}

/**
 * What every day planned for one request shares, read once: a second day (servesBetter) differs from the first only in
 * the foods it goes without.
 */
interface DayContext {
  foods: readonly Food[];
  limits: SearchLimits;
  /** The request as given: the notes and refusal texts read its protein sources as ticked. */
  request: MealPlanRequest;
  /** The request with only the protein sources the diet and the exclusions leave: what the planning weighs. */
  planned: MealPlanRequest;
  avoidances: Avoidances;
  /** Every candidate of the plan, before any food is left out. */
  selected: CandidatePool;
  targets: NutrientTargets;
}

function planDay(
  context: DayContext,
  exact: ExactOptions | undefined,
  leftOut: readonly LeftOut[],
): PlannedDay {
  const { foods, limits, request, planned, avoidances, targets } = context;
  const pool = without(context.selected, leftOut);
  for (const meal of MEAL_SLOTS) {
    if (pool.allowedCountByMeal[meal] < ITEMS_PER_MEAL.min) {
      return {
        ok: false,
        error: {
          code: "NOT_ENOUGH_FOODS",
          message: `With ${describeExclusions(request, avoidances)}, only ${pool.allowedCountByMeal[meal]} ${meal} foods remain; a meal needs at least ${ITEMS_PER_MEAL.min}. ${whatYouCouldChange(request)}`,
        },
      };
    }
  }
  const solveLimits = { ...limits, kosher: avoidances.kosher };
  let attempt = solve(pool, targets, solveLimits, exact, planned.proteinSources);
  // The chosen-sources filter may leave a meal no day: the search then tries again with every source.
  if ("failed" in attempt && planned.proteinSources.length > 0) {
    const wider = withSourceFilter(pool, foods, planned, "every");
    const retried = solve(wider, targets, solveLimits, exact, planned.proteinSources);
    if (!("failed" in retried)) attempt = retried;
  }
  if ("failed" in attempt)
    return { ok: false, error: solveError(attempt.failed, request, avoidances, pool, limits) };
  // The protein ceilings hold in every served plan (docs/decisions/030): a day over them (the exact model stopped on its limit
  // without a day, or had none) is repaired; if it cannot be, boundNotes names the ceiling that gave way.
  if (proteinOverKcal(attempt.portions, targets) > BOUND_SLACK_KCAL) {
    const repaired = repairProteinCeiling(attempt.portions, pool.allByMeal, targets, avoidances.kosher);
    if (repaired !== undefined) attempt = { ...attempt, portions: repaired.portions };
  }
  attempt = searchNarrower(attempt, { pool, foods, request: planned, targets, limits: solveLimits });
  // The day's limits of fibre, sodium and saturated fat (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md): where the
  // day breaks one, foods carrying the excess are swapped for foods of their meal that carry less, losing nothing before.
  if (!attempt.fromFallback) {
    const limited = repairDayLimits(attempt.portions, pool.allByMeal, targets, {
      kosher: avoidances.kosher,
      proteinSources: planned.proteinSources,
    });
    if (limited !== undefined) attempt = { ...attempt, portions: limited.portions };
  }
  const raised = raiseChosenShare(attempt.portions, pool.allByMeal, targets, {
    kosher: avoidances.kosher,
    proteinSources: planned.proteinSources,
  });
  if (raised !== undefined) attempt = { ...attempt, portions: raised.portions };
  // Three eggs a day at most, and no protein family at more than two meals (docs/decisions/078-eggs-and-protein-families-per-day.md):
  // last, below every bound, limit and the chosen sources, so a swap here loses none of them. A day these swaps leave
  // over three eggs is planned again below (docs/decisions/081-a-day-over-three-eggs-plans-again.md).
  if (!attempt.fromFallback) {
    const varied = repairDayRules(attempt.portions, pool.allByMeal, targets, {
      kosher: avoidances.kosher,
      proteinSources: planned.proteinSources,
    });
    if (varied !== undefined) attempt = { ...attempt, portions: varied.portions };
  }

  const items = assemble(attempt.portions, request);
  const totals = dayTotals(items, foodIndex(foods));
  const notes = [...targets.notes, ...attempt.notes, ...boundNotes(items, foodIndex(foods), targets)];
  // A day over 60 g of fibre, or still over three eggs after the swaps, is planned once more without the foods that
  // broke the limit, fibre first as it ranks higher. The swaps keep the chosen sources and the protein: on vegetarian
  // days of high energy with eggs among those sources nothing else could take the eggs' place, and one swap at a time
  // cannot trade a day of stacked pulses for one built otherwise (docs/decisions/081-a-day-over-three-eggs-plans-again.md,
  // docs/decisions/083-a-day-over-60-g-of-fibre-plans-again.md). The second day is the search's alone: with the exact
  // model it mended 8 more fibre days of 560 but sent 14 more plans to HiGHS and two more breakfasts to protein powder.
  if (!attempt.fromFallback) {
    const broken: LeftOut[] = [
      ...(totals.fibreG > targets.fibreMaxG + 0.5 ? (["fibre-rich foods"] as const) : []),
      ...(dayEggG(attempt.portions) > EGGS_MAX_G + 1 ? (["egg dishes"] as const) : []),
    ];
    const first = { portions: attempt.portions, proteinG: totals.proteinG, notes };
    for (const mending of broken.filter((kind) => !leftOut.includes(kind))) {
      const again = planDay(context, undefined, [...leftOut, mending]);
      if (again.ok && servesBetter(again, first, { mending, targets })) return again;
    }
  }
  let proteinTargetG = targets.proteinMinG;
  if (totals.proteinG < targets.proteinMinG - 0.5) {
    const floorG = roundTo2(Math.min(PROTEIN_RDA_G_PER_KG * request.weightKg, targets.proteinMinG));
    if (totals.proteinG < floorG && !attempt.fromFallback) {
      return {
        ok: false,
        error: {
          code: "PROTEIN_UNREACHABLE",
          message: `With ${describeExclusions(request, avoidances)}, a day of ${Math.round(request.targetKcal)} kcal reaches only ${Math.round(totals.proteinG)} g of protein, below the ${Math.round(floorG)} g minimum for your weight. ${whatYouCouldChange(request)}`,
        },
      };
    }
    proteinTargetG = totals.proteinG;
    notes.push(
      proteinShortfallNote(request, avoidances, pool, targets.proteinMinG, totals.proteinG, attempt),
    );
  }
  const violations = planViolations(items, {
    request,
    avoidances,
    proteinMinG: proteinTargetG,
    findFood: (id) => foodIndex(foods).get(id),
    kosher: avoidances.kosher,
  });
  if (violations.length > 0) {
    return {
      ok: false,
      error: {
        code: "PLAN_CHECK_FAILED",
        message: `The plan broke a rule and was withheld: ${violations.join("; ")}.`,
      },
    };
  }
  const mealTotals = Object.fromEntries(
    MEAL_SLOTS.map((meal) => [meal, sumMacros(items.filter((item) => item.slot === meal))]),
  ) as Record<MealSlot, MacroTotals>;
  return {
    ok: true,
    plan: {
      items,
      totals,
      mealTotals,
      targetKcal: request.targetKcal,
      notes,
      unrecognisedAvoidances: avoidances.unrecognised,
      proteinTargetG,
    },
    portions: attempt.portions,
  };
}

/**
 * Which macro bounds gave way, in the order they yield (exclusions and the ±3 % energy window never do): the energy-share
 * bounds, then the per-kg and absolute ones, then the day's limits of fibre, sodium and saturated fat
 * (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md). Empty when the day keeps them all. Each note says what
 * gave way in words plan-notes.ts reads ("Sodium gave way: 2,640 mg, above 2,300 mg, …").
 */
function boundNotes(
  items: readonly MealItem[],
  index: Map<string, Food>,
  targets: NutrientTargets,
): string[] {
  const totals = macroTotals(items, index);
  const notes: string[] = [];
  const share = (grams: number, kcalPerG: number) => Math.round((100 * grams * kcalPerG) / totals.kcal);
  if (4 * totals.proteinG > PROTEIN_ENERGY_SHARE_MAX * totals.kcal + BOUND_ROUNDING_KCAL)
    notes.push(
      `Protein gave way: ${share(totals.proteinG, 4)} % of energy, above 35 %, since no day of these foods found keeps it lower.`,
    );
  if (4 * totals.carbsG < CARBS_ENERGY_SHARE_MIN * totals.kcal - BOUND_ROUNDING_KCAL)
    notes.push(
      `Carbohydrate gave way: ${share(totals.carbsG, 4)} % of energy, under 40 %, since no day of these foods found keeps it higher.`,
    );
  if (totals.proteinG > targets.proteinMaxG + 1)
    notes.push(
      `Protein gave way: ${Math.round(totals.proteinG)} g, above ${PROTEIN_MAX_G_PER_KG} g/kg (${Math.round(targets.proteinMaxG)} g).`,
    );
  if (totals.carbsG < CARBS_MIN_G - 1)
    notes.push(
      `Carbohydrate gave way: ${Math.round(totals.carbsG)} g, under the ${CARBS_MIN_G} g a day adults need (IOM RDA).`,
    );
  if (totals.fibreG < targets.fibreMinG - 0.5 || totals.fibreG > targets.fibreMaxG + 0.5)
    notes.push(
      `Fibre gave way: ${Math.round(totals.fibreG)} g, outside ${formatGrams(targets.fibreMinG)}–${targets.fibreMaxG} g, since no day of these foods found keeps it inside.`,
    );
  // Half a percent of slack on sodium and a tenth of a point on saturated fat: the figures are rounded per 100 g.
  if (totals.sodiumMg > SODIUM_MAX_MG * 1.005)
    notes.push(
      `Sodium gave way: ${formatMg(totals.sodiumMg)} mg, above ${formatMg(SODIUM_MAX_MG)} mg, since no day of these foods found keeps it lower.`,
    );
  if (9 * totals.satFatG > (SAT_FAT_ENERGY_SHARE_MAX + 0.001) * totals.kcal)
    notes.push(
      `Saturated fat gave way: ${share(totals.satFatG, 9)} % of energy, above ${Math.round(100 * SAT_FAT_ENERGY_SHARE_MAX)} %, since no day of these foods found keeps it lower.`,
    );
  return notes;
}

/** Half a percent of a 2,000 kcal day: item figures are rounded before they are summed. */
const BOUND_ROUNDING_KCAL = 10;

/** "2,640": thousands separated, as plan-notes.ts reads figures. */
const formatMg = (mg: number) => Math.round(mg).toLocaleString("en-US");
/** "25" or "16.8": a floor of 14 g per 1,000 kcal keeps its tenth. */
const formatGrams = (grams: number) => String(Math.round(grams * 10) / 10);

/**
 * A day's energy and macros in grams, fibre, saturated fat and sodium included (items carry no figure of these, so they
 * come from the foods).
 */
export function macroTotals(
  items: readonly MealItem[],
  index: { get(id: string): Food | undefined },
): {
  kcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  fibreG: number;
  satFatG: number;
  sodiumMg: number;
} {
  let kcal = 0;
  let proteinG = 0;
  let carbsG = 0;
  let fatG = 0;
  let fibreG = 0;
  let satFatG = 0;
  let sodiumMg = 0;
  for (const item of items) {
    kcal += item.energyKcal;
    proteinG += item.proteinG;
    carbsG += item.carbsG;
    fatG += item.fatG;
    const food = index.get(item.foodId);
    fibreG += ((food?.fibreG ?? 0) * item.grams) / 100;
    satFatG += ((food?.satFatG ?? 0) * item.grams) / 100;
    sodiumMg += ((food?.sodiumMg ?? 0) * item.grams) / 100;
  }
  return { kcal, proteinG, carbsG, fatG, fibreG, satFatG, sodiumMg };
}

/** Why no day came back: no valid day among the candidates, the search's budget spent first, or the clock. */
type SolveFailure = "infeasible" | "exhausted" | "timeout";

/**
 * The search, or if it ends without a day (out of time, or out of budget before a proof that none exists), the
 * fallback.
 */
function solve(
  pool: CandidatePool,
  targets: NutrientTargets,
  limits: SearchLimits,
  exact: ExactOptions | undefined,
  proteinSources: readonly ProteinSource[],
): Attempt | { failed: SolveFailure } {
  let searched = searchDay(pool.byMeal, targets, limits);
  // A search that spent its budget with no day and no proof that none exists tries once more with a wider budget
  // before anything else: refusing a day that exists undoes docs/decisions/029 (no feasible profile refused), and the quick fallback's day is
  // worse than a searched one. Probes for a cuisine majority carry their own budget and are left as they are.
  if (searched.status === "exhausted" && limits.requireCuisineMajority !== true)
    searched = searchDay(pool.byMeal, targets, {
      ...limits,
      maxFits: limits.maxFits * WIDER_SEARCH_FACTOR,
    });
  // Where the search leaves a day short, a search among each meal's most protein-dense foods and the day's own often
  // finds one that keeps every bound, which needs no HiGHS (docs/decisions/086). A probe for a cuisine majority
  // does not take it: these foods rarely belong to the cuisine.
  const searchSmallPool = (byMeal: Record<MealSlot, readonly Candidate[]>) =>
    searchDay(byMeal, targets, { ...limits, maxFits: limits.maxFits * SMALL_POOL_SEARCH_FACTOR });
  if (dayFallsShort(searched, targets) && limits.requireCuisineMajority !== true) {
    const dense = searchSmallPool(withDensest(pool, daysFoods(searched)));
    if (dense.status === "found" && keepsEveryBound(dense)) searched = dense;
  }
  const missed = dayFallsShort(searched, targets);
  // Restrictive profiles, where the search misses protein or a bound or finds no day: the model's linear relaxation picks
  // a few foods among every food this plan may use; the search among them decides where its day is as good as the
  // relaxation allows (docs/decisions/086), the exact model over them and the search's day's otherwise
  // (docs/decisions/080). It is no cuisine probe, so a probe never uses it.
  if (missed && exact !== undefined && limits.requireCuisineMajority !== true) {
    const searchedFoods = daysFoods(searched);
    const exactWith = (sources: readonly ProteinSource[]) =>
      solveGuidedDay(
        pool.allByMeal,
        targets,
        exact.solver,
        exact.limits,
        { kosher: limits.kosher === true, proteinSources: sources },
        searchedFoods,
        (byMeal) => {
          const day = searchSmallPool(byMeal);
          return day.status === "found" ? day : undefined;
        },
      );
    const rankOf = (
      day: Pick<PortionFit, "proteinOverKcal" | "shareBreach" | "proteinShortG" | "boundBreach"> | undefined,
    ) =>
      day === undefined
        ? [Infinity, Infinity, Infinity, Infinity]
        : [day.proteinOverKcal, day.shareBreach, day.proteinShortG, day.boundBreach - day.shareBreach];
    // The chosen sources are a preference, below the protein floor (docs/product.md §6.2): where the model with them brings no day
    // or one short of protein (its solution would not fit whole portion steps, or the solver stopped on its limit in
    // the harder model), it runs once without them and the better day is kept. Seen on a vegan gluten-free 4,118 kcal
    // day refused, and a vegetarian soy-, nut- and egg-free day 7 g short, once more dishes joined the catalogue.
    let exactDay = exactWith(proteinSources);
    if (proteinSources.length > 0 && (exactDay === undefined || exactDay.proteinShortG > 0.5)) {
      const without = exactWith([]);
      if (ranksBefore(rankOf(without), rankOf(exactDay))) exactDay = without;
    }
    if (exactDay !== undefined) {
      if (ranksBefore(rankOf(exactDay), rankOf(searched.status === "found" ? searched : undefined)))
        return { portions: exactDay.portions, notes: [], fromFallback: false };
    }
  }
  if (searched.status === "found") return { portions: searched.portions, notes: [], fromFallback: false };
  // The fallback does not look at the cuisine, so a probe for a cuisine majority cannot use it.
  if (searched.status === "infeasible" || limits.requireCuisineMajority === true)
    return { failed: searched.status };
  const fallback = fallbackDay(pool.byMeal, targets, limits.kosher === true);
  if (fallback === undefined) return { failed: searched.status };
  return {
    portions: fallback.portions,
    notes: [
      searched.status === "timeout"
        ? "Planned by the quick fallback because the search ran out of time."
        : "Planned by the quick fallback because the search found no day within its budget.",
    ],
    fromFallback: true,
  };
}

/**
 * The candidate filters of the narrower searches, in turn: no protein food of another source at all, then none but the
 * cuisine's dishes. Over the benchmark's 560 profiles they raised the share of protein foods from the chosen sources
 * from 64 % to 69 % with as many plans mostly from the cuisine (decision 040).
 */
const NARROWER_FILTERS: readonly SourceFilter[] = ["onlyChosen", "chosenWithoutSeitan"];
/**
 * The share of the fit budget each narrower search gets: they run on most days with a protein food of another source,
 * and with the full budget they pushed the fast path's 95th percentile past its 30 ms; at half, the share they gain is
 * within a fifth of a point of the full budget's.
 */
const NARROWER_FITS_SHARE = 0.5;

/**
 * Searches again among fewer protein foods of the sources the user did not choose (docs/decisions/040: at least 80 % of protein
 * foods from the chosen ones where feasible) where the day holds one, and keeps a day found so only if it has more of
 * them chosen and loses nothing: the cuisine majority, every rule and bound, the protein floor (holdsMoreChosen). The
 * search weighs the chosen sources only through preference points among a few candidates per meal, and the cuisine's
 * dishes of other sources stay among them so a day can be mostly from the cuisine; here a day without them is tried,
 * and kept where it is as good. Where the first day is mostly from the cuisine, only such days are searched.
 */
function searchNarrower(
  attempt: Attempt,
  plan: {
    pool: CandidatePool;
    foods: readonly Food[];
    request: MealPlanRequest;
    targets: NutrientTargets;
    limits: SearchLimits & { kosher: boolean };
  },
): Attempt {
  const { foods, request, targets, limits } = plan;
  let best = attempt;
  for (const filter of NARROWER_FILTERS) {
    if (!hasUnchosenProteinFood(best.portions, request.proteinSources)) break;
    const pool = withSourceFilter(plan.pool, foods, request, filter);
    // A filter that keeps every food of the day would search much the same candidates again.
    if (!best.portions.some((portion) => pool.filteredOutIds.has(portion.candidate.food.id))) continue;
    const mostlyCuisine = hasCuisineMajority(best.portions.map((portion) => portion.candidate));
    const narrower = solve(
      pool,
      targets,
      {
        ...limits,
        maxFits: Math.round(limits.maxFits * NARROWER_FITS_SHARE),
        requireCuisineMajority: mostlyCuisine || limits.requireCuisineMajority,
      },
      undefined,
      request.proteinSources,
    );
    if (
      !("failed" in narrower) &&
      !narrower.fromFallback &&
      holdsMoreChosen(best.portions, narrower.portions, targets, request.proteinSources)
    )
      best = narrower;
  }
  return best;
}

/**
 * How many times the fit (and visit) budget the second search of an exhausted one gets. Its days are visited in
 * preference order until one fits, so it costs this much only where the first search already found nothing. Without
 * gluten and soy, a vegan Thai 2000 kcal day (plan 1) ran out of visits at 30 of its 100 fits; with 7× the budget it
 * was found at 210 fits (about 0.2 s of CPU).
 */
const WIDER_SEARCH_FACTOR = 8;

/**
 * How many times the fit budget a search among a few foods per meal gets (the most protein-dense, or the relaxation's
 * in meal-exact solveGuidedDay): their days are few, so the budget is rarely spent, but where fibre must give way the
 * day keeping it lowest lies deep. With 4× the budget, 4 more plans of the benchmark's 500 did without the integer
 * model than with 1×.
 */
const SMALL_POOL_SEARCH_FACTOR = 4;
/**
 * The most protein-dense foods per meal a search offers where the first search fell short. On the benchmark's 43 plans
 * that called HiGHS, 4 let 14 of them keep every bound at the floor without it, 8 let 16, at half as much time again.
 */
const DENSEST_PER_MEAL = 4;

/**
 * Where the exact model is called for: the search found no day, or one with protein under its floor, an energy-share
 * bound broken, or protein over 2.4 g/kg or carbohydrate under 130 g. Fibre alone does not call for it.
 */
function dayFallsShort(searched: SearchResult, targets: NutrientTargets): boolean {
  return (
    searched.status !== "found" ||
    searched.proteinShortG > 0.5 ||
    searched.shareBreach > BOUND_ROUNDING_KCAL ||
    breaksAbsoluteMacros(searched.portions, targets)
  );
}

/** A searched day with protein at its floor and no bound broken: nothing the exact model could better but preferences. */
const keepsEveryBound = (day: Extract<SearchResult, { status: "found" }>) =>
  day.proteinShortG <= 0.5 && day.boundBreach <= BOUND_SLACK_KCAL;

const daysFoods = (searched: SearchResult): Candidate[] =>
  searched.status === "found" ? searched.portions.map((portion) => portion.candidate) : [];

/**
 * Per meal, its most protein-dense foods and those of the day given (one candidate per food). The protein foods of
 * other sources that the pool's filter keeps from the search stay out (meal-candidates withSourceFilter): among the
 * benchmark's 500 plans, offering them too let 5 more plans do without HiGHS but moved 9 more protein foods away from
 * the chosen sources, and undid the narrower searches' filters (docs/decisions/086).
 */
function withDensest(pool: CandidatePool, day: readonly Candidate[]): Record<MealSlot, Candidate[]> {
  return unionByMeal(
    (meal) =>
      densestCandidates(
        pool.allByMeal[meal].filter((candidate) => !pool.filteredOutIds.has(candidate.food.id)),
        DENSEST_PER_MEAL,
      ),
    (meal) => day.filter((candidate) => candidate.meal === meal),
  );
}

/** Protein above 35 % of energy or 2.4 g/kg in a day, in kcal. */
function proteinOverKcal(portions: readonly Portion[], targets: NutrientTargets): number {
  let kcal = 0;
  let proteinG = 0;
  for (const { candidate, weightG } of portions) {
    kcal += (candidate.food.energyKcal * weightG) / 100;
    proteinG += (candidate.food.proteinG * weightG) / 100;
  }
  return (
    Math.max(0, 4 * proteinG - PROTEIN_ENERGY_SHARE_MAX * kcal) +
    4 * Math.max(0, proteinG - targets.proteinMaxG)
  );
}

/** Protein over its per-kg ceiling or carbohydrate under 130 g in a searched day. */
function breaksAbsoluteMacros(portions: readonly Portion[], targets: NutrientTargets): boolean {
  let proteinG = 0;
  let carbsG = 0;
  for (const { candidate, weightG } of portions) {
    proteinG += (candidate.food.proteinG * weightG) / 100;
    carbsG += (candidate.food.carbsG * weightG) / 100;
  }
  return proteinG > targets.proteinMaxG + 1 || carbsG < CARBS_MIN_G - 0.5;
}

/**
 * Whether rank a (protein over its ceilings kcal, energy-share breach kcal, protein short g, absolute breach kcal) is
 * better than b, with rounding slack.
 */
function ranksBefore(a: readonly number[], b: readonly number[]): boolean {
  for (const [index, value] of a.entries()) {
    const other = b[index] ?? 0;
    if (value < other - 1) return true;
    if (value > other + 1) return false;
  }
  return false;
}

function solveError(
  failed: SolveFailure,
  request: MealPlanRequest,
  avoidances: Avoidances,
  pool: CandidatePool,
  limits: SearchLimits,
): EngineError {
  if (failed === "timeout")
    return { code: "PLAN_TIMEOUT", message: "We could not finish your meal plan in time. Please try again." };
  if (limits.requireCuisineMajority !== true) return explainInfeasible(request, avoidances, pool, failed);
  const day = `day of ${Math.round(request.targetKcal)} kcal from ${describeExclusions(request, avoidances)}`;
  return failed === "infeasible"
    ? {
        code: "NO_CUISINE_MAJORITY",
        message: `No ${day} has most of its items from the ${request.cuisine} cuisine among the foods plan ${request.planNumber} may use: the search tried every such day of its candidates.`,
      }
    : {
        code: "CUISINE_MAJORITY_NOT_FOUND",
        message: `The search found no ${day} with most of its items from the ${request.cuisine} cuisine within its budget.`,
      };
}

/**
 * The planner is pure TypeScript and needs nothing loaded; the function stays async, as the engine contract has it, so
 * a solver that must load (a WASM MIP, a worker pool) can replace the search without changing any caller.
 */
export async function createMealPlanner(options: MealPlannerOptions = {}): Promise<MealPlanner> {
  const foods = options.foods ?? FOOD_CATALOGUE;
  const limits = {
    timeLimitMs: options.timeLimitMs ?? SEARCH_SAFETY_NET_MS,
    maxFits: options.maxFits ?? DEFAULT_MAX_FITS,
    now: options.now ?? (() => performance.now()),
    requireCuisineMajority: options.cuisineMajority === "required",
  };
  return { plan: (request) => planWith(foods, limits, request, options.exact) };
}
