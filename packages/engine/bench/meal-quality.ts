// Meal quality figures for bench:meals (docs/decisions/028), counted from the served items and the data files (meal-roles.json,
// the catalogue's figures), never from the planner's own checks: meals with two mains or a protein family twice,
// protein over 35 % of energy or 2.4 g/kg, carbohydrate under 130 g, the share of protein-rich items from the chosen
// sources, and, over restrictive profiles, the protein gap to an exact optimum and plans refused though a day exists;
// and the days over fibre's, sodium's and saturated fat's limits (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md),
// counted from the plan's items with per-100 g tables of the bench's own, read from the data files by food id.
import highsLoader from "highs";
import { parseAvoidances } from "../src/nutrition/avoidances";
import { FOOD_CATALOGUE, findFood } from "../src/nutrition/food-catalogue";
import { MEAL_SLOTS, type Food } from "../src/nutrition/food.types";
import { selectCandidates } from "../src/nutrition/meal-candidates";
import { solveExactDay, type MipSolver } from "../src/nutrition/meal-exact";
import type { MealPlan, MealPlanner, MealPlanRequest } from "../src/nutrition/meal-planner";
import { randomPlanRequest } from "../src/nutrition/meal-profiles";
import MEAL_ROLES_DATA from "../src/nutrition/meal-roles.json";
import BASE_FOODS from "../src/nutrition/foods/base-foods.json";
import EASTERN_DISHES from "../src/nutrition/foods/eastern-dishes.json";
import WESTERN_DISHES from "../src/nutrition/foods/western-dishes.json";
import { nutrientTargets, suitsDiet } from "../src/nutrition/meal-targets";
import { isProteinFoodByData } from "../src/nutrition/protein-foods.fixture";
import { exclusionConflict } from "../src/nutrition/exclusions";

const ROLES = MEAL_ROLES_DATA as Record<string, { role: string }>;

/**
 * Per 100 g by food id, as the data files hold them (the USDA-derived figures import-usda-foods.ts writes), read here
 * rather than through the catalogue or the planner's rule functions: an audit by the planner's own rules can only agree.
 */
const PER_100G = new Map(
  [...BASE_FOODS, ...WESTERN_DISHES, ...EASTERN_DISHES].map((record) => [
    record.id,
    { fibreG: record.fibreG, sodiumMg: record.sodiumMg, satFatG: record.satFatG },
  ]),
);

/** The day's limits as docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md states them, with rounding slack. */
function limitFigures(plan: MealPlan): { fibreG: number; sodiumMg: number; satFatShare: number } {
  let fibreG = 0;
  let sodiumMg = 0;
  let satFatG = 0;
  let kcal = 0;
  for (const item of plan.items) {
    const per100 = PER_100G.get(item.foodId);
    if (per100 === undefined) throw new Error(`bench: no figures for ${item.foodId}`);
    fibreG += (per100.fibreG * item.grams) / 100;
    sodiumMg += (per100.sodiumMg * item.grams) / 100;
    satFatG += (per100.satFatG * item.grams) / 100;
    kcal += item.energyKcal;
  }
  return { fibreG, sodiumMg, satFatShare: (9 * satFatG) / kcal };
}

/**
 * A HiGHS instance that counts its solves and their time, so the bench can tell fast-path plans from exact ones, and
 * among its solves the integer models (the rest are linear relaxations, meal-exact relaxedDay).
 */
export async function timedSolver(): Promise<
  MipSolver & { calls: number; integerCalls: number; ms: number }
> {
  const highs = await highsLoader();
  const timed = {
    calls: 0,
    integerCalls: 0,
    ms: 0,
    solve(model: string, options: Parameters<MipSolver["solve"]>[1]) {
      const started = performance.now();
      timed.calls += 1;
      if (/^Binary$/m.test(model)) timed.integerCalls += 1;
      try {
        return highs.solve(model, options);
      } finally {
        timed.ms += performance.now() - started;
      }
    },
  };
  return timed;
}

/**
 * Profiles the issue named as hard: vegan without soy, wheat and soy free, vegan soy-free at low energy, plus other
 * narrow mixes. Drawn from the random profiles (body, goal, energy) with the diet and exclusions replaced.
 */
export function restrictiveRequests(count: number): MealPlanRequest[] {
  const mixes = [
    { dietType: "vegan", allergiesText: "soy" },
    { dietType: "standard", allergiesText: "wheat, soy" },
    { dietType: "vegan", allergiesText: "gluten free, soy" },
    { dietType: "vegetarian", allergiesText: "soy, nuts, eggs" },
    { dietType: "vegan", allergiesText: "peanuts and sesame, soy" },
    { dietType: "vegetarian", allergiesText: "no dairy, eggs, soy" },
  ] as const;
  return Array.from({ length: count }, (_, index) => {
    const base = randomPlanRequest(50_000 + index);
    const mix = mixes[index % mixes.length] as (typeof mixes)[number];
    return { ...base, ...mix, proteinSources: base.proteinSources };
  });
}

export interface QualityRow {
  request: MealPlanRequest;
  plan: MealPlan | undefined;
  /** Why there is no plan, where there is none. */
  errorCode: string | undefined;
  planMs: number;
  /** CPU time of the plan, which unlike planMs does not grow with other processes' load. */
  planCpuMs: number;
  /** Exact solves this plan made (integer models among them), and their time. */
  exactCalls: number;
  integerCalls: number;
  exactMs: number;
}

/** Runs one plan, noting whether the exact fallback ran. */
export function planTimed(
  planner: MealPlanner,
  solver: { calls: number; integerCalls: number; ms: number },
  request: MealPlanRequest,
): QualityRow {
  const [calls, integerCalls, ms] = [solver.calls, solver.integerCalls, solver.ms];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const outcome = planner.plan(request);
  const cpu = process.cpuUsage(cpuStarted);
  return {
    request,
    plan: outcome.ok ? outcome.plan : undefined,
    errorCode: outcome.ok ? undefined : outcome.error.code,
    planMs: performance.now() - started,
    planCpuMs: (cpu.user + cpu.system) / 1000,
    exactCalls: solver.calls - calls,
    integerCalls: solver.integerCalls - integerCalls,
    exactMs: solver.ms - ms,
  };
}

/** The reference: the exact model with a generous limit, its day's protein (up to the target) and carbohydrate. */
function exactReference(
  request: MealPlanRequest,
  solver: MipSolver,
): { proteinG: number; carbsG: number } | undefined {
  const avoidances = parseAvoidances(request.allergiesText);
  const pool = selectCandidates(FOOD_CATALOGUE, request, avoidances);
  const day = solveExactDay(
    pool.allByMeal,
    nutrientTargets(request),
    solver,
    { timeLimitS: 4, maxNodes: 200_000 },
    { kosher: false, proteinSources: [] },
  );
  if (day === undefined) return undefined;
  let carbsG = 0;
  for (const portion of day.portions) carbsG += (portion.candidate.food.carbsG * portion.weightG) / 100;
  return { proteinG: day.proteinG, carbsG };
}

/** Half a percent of a 2,000 kcal day: the planner's own slack for figures rounded before they are summed. */
const BOUND_KCAL = 10;

/**
 * Whether a day with 80 % of its protein foods chosen was within reach of a plan under that share: the exact model over
 * the foods this plan may use, with every rule of the planner, the plan's cuisine majority if it has one, and the 80 %
 * as hard constraints (protein foods and chosen ones as counted here), reaching as much protein as the plan up to its
 * target. "none" when it finds no such day within a generous limit.
 */
function chosenShareFeasibility(
  row: QualityRow,
  isChosen: (food: Food) => boolean,
  solver: MipSolver,
): "missed" | "none" {
  const { request } = row;
  const plan = row.plan as MealPlan;
  const avoidances = parseAvoidances(request.allergiesText);
  const pool = selectCandidates(FOOD_CATALOGUE, request, avoidances);
  const targets = nutrientTargets(request);
  const cuisineItems = plan.items.filter((item) =>
    findFood(item.foodId)?.cuisines.includes(request.cuisine),
  ).length;
  const day = solveExactDay(
    pool.allByMeal,
    targets,
    solver,
    { timeLimitS: 2, maxNodes: 20_000 },
    { kosher: avoidances.kosher, proteinSources: [] },
    {
      cuisineMajority: 2 * cuisineItems > plan.items.length,
      chosenProtein: { isProteinFood: isProteinFoodByData, isChosen },
    },
  );
  if (day === undefined || day.proteinOverKcal > BOUND_KCAL || day.shareBreach > BOUND_KCAL) return "none";
  const neededG = Math.min(targets.proteinMinG, plan.totals.proteinG) - 0.5;
  return targets.proteinMinG - day.proteinShortG >= neededG ? "missed" : "none";
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** The issue-12 figures over the benchmark's rows and the restrictive rows. */
export async function mealQualityFigures(
  rows: readonly QualityRow[],
  restrictive: readonly QualityRow[],
  fastOnly: MealPlanner,
): Promise<Record<string, unknown>> {
  const reference = await highsLoader();
  const all = [...rows, ...restrictive];
  const planned = all.filter((row) => row.plan !== undefined);
  let meals = 0;
  let multiMain = 0;
  let repeatedFamily = 0;
  let proteinOver = 0;
  let carbsUnder = 0;
  let proteinRich = 0;
  let chosen = 0;
  const limits = { fibreOver60: 0, fibreUnder25: 0, sodiumOver2300: 0, satFatOver10: 0 };
  const chosenByFeasibility = {
    met: { plans: 0, rich: 0, chosen: 0 },
    missed: { plans: 0, rich: 0, chosen: 0 },
    none: { plans: 0, rich: 0, chosen: 0 },
  };
  for (const row of planned) {
    const plan = row.plan as MealPlan;
    for (const meal of MEAL_SLOTS) {
      const foods = plan.items
        .filter((item) => item.slot === meal)
        .flatMap((item) => findFood(item.foodId) ?? []);
      if (foods.length === 0) continue;
      meals += 1;
      if (foods.filter((food) => ROLES[food.id]?.role === "main").length > 1) multiMain += 1;
      const families = foods.flatMap((food) => food.proteinSource ?? []);
      if (new Set(families).size < families.length) repeatedFamily += 1;
    }
    const { energyKcal, proteinG, carbsG } = plan.totals;
    // Half a point of energy and a gram of slack: item figures are rounded before they are summed.
    if (4 * proteinG > 0.355 * energyKcal || proteinG > 2.4 * row.request.weightKg + 1) proteinOver += 1;
    if (carbsG < 129.5) carbsUnder += 1;
    // Half a gram, 0.5 % of sodium and a tenth of a point of saturated fat: figures are rounded per 100 g.
    const day = limitFigures(plan);
    if (day.fibreG > 60.5) limits.fibreOver60 += 1;
    if (day.fibreG < 24.5) limits.fibreUnder25 += 1;
    if (day.sodiumMg > 2311.5) limits.sodiumOver2300 += 1;
    if (day.satFatShare > 0.101) limits.satFatOver10 += 1;
    // Chosen sources count where the diet and exclusions leave protein-rich foods of them.
    const avoidances = parseAvoidances(row.request.allergiesText);
    const reachable = row.request.proteinSources.filter((source) =>
      FOOD_CATALOGUE.some(
        (food) =>
          food.proteinSource === source &&
          isProteinFoodByData(food) &&
          suitsDiet(food, row.request.dietType) &&
          exclusionConflict(food, avoidances) === undefined,
      ),
    );
    if (reachable.length === 0) continue;
    const isChosen = (food: Food) =>
      food.proteinSource !== undefined && reachable.includes(food.proteinSource);
    let planRich = 0;
    let planChosen = 0;
    for (const item of plan.items) {
      const food = findFood(item.foodId);
      if (food === undefined || !isProteinFoodByData(food)) continue;
      planRich += 1;
      if (isChosen(food)) planChosen += 1;
    }
    proteinRich += planRich;
    chosen += planChosen;
    const feasibility =
      planChosen >= 0.8 * planRich ? "met" : chosenShareFeasibility(row, isChosen, reference);
    chosenByFeasibility[feasibility].plans += 1;
    chosenByFeasibility[feasibility].rich += planRich;
    chosenByFeasibility[feasibility].chosen += planChosen;
  }
  // Restrictive profiles: the served plan's protein against the exact reference, and the fast path's alone.
  const gaps: number[] = [];
  const fastGaps: number[] = [];
  let carbsUnderFeasible = 0;
  for (const row of restrictive) {
    const ref = exactReference(row.request, reference);
    if (ref === undefined) continue;
    const targetG = nutrientTargets(row.request).proteinMinG;
    const reachG = Math.min(targetG, ref.proteinG);
    gaps.push(Math.max(0, reachG - (row.plan?.totals.proteinG ?? 0)));
    const fast = fastOnly.plan(row.request);
    fastGaps.push(Math.max(0, reachG - (fast.ok ? fast.plan.totals.proteinG : 0)));
    if (row.plan !== undefined && row.plan.totals.carbsG < 129.5 && ref.carbsG >= 130)
      carbsUnderFeasible += 1;
  }
  const refused = all.filter((row) => row.plan === undefined);
  const refusedFeasible = refused.filter(
    (row) => exactReference(row.request, reference) !== undefined,
  ).length;
  const fastRows = all.filter((row) => row.exactCalls === 0);
  const fast = fastRows.map((row) => row.planMs);
  const fastCpu = fastRows.map((row) => row.planCpuMs);
  const exact = all.filter((row) => row.exactCalls > 0);
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    qualityProfiles: all.length,
    restrictiveProfiles: restrictive.length,
    multiMainMealsPct: round((100 * multiMain) / Math.max(1, meals)),
    repeatedFamilyMealsPct: round((100 * repeatedFamily) / Math.max(1, meals)),
    proteinOverPct: round((100 * proteinOver) / Math.max(1, planned.length)),
    carbsUnder130Pct: round((100 * carbsUnder) / Math.max(1, planned.length)),
    carbsUnder130FeasibleCount: carbsUnderFeasible,
    // Over 25 g is the adult floor; the planner's floor is lower on a small day (14 g per 1,000 kcal), so some days under
    // 25 g keep it.
    fibreOver60Pct: round((100 * limits.fibreOver60) / Math.max(1, planned.length)),
    fibreUnder25Pct: round((100 * limits.fibreUnder25) / Math.max(1, planned.length)),
    sodiumOver2300Pct: round((100 * limits.sodiumOver2300) / Math.max(1, planned.length)),
    satFatOver10Pct: round((100 * limits.satFatOver10) / Math.max(1, planned.length)),
    chosenProteinPct: round((100 * chosen) / Math.max(1, proteinRich)),
    // "Where feasible" (docs/decisions/039): over the plans with 80 % chosen, and those under it where the exact model finds a day
    // that has it, keeps every rule and the plan's cuisine majority, and as much protein (chosenShareFeasibility).
    chosenProteinWhereFeasiblePct: round(
      (100 * (chosenByFeasibility.met.chosen + chosenByFeasibility.missed.chosen)) /
        Math.max(1, chosenByFeasibility.met.rich + chosenByFeasibility.missed.rich),
    ),
    chosenProteinPlans: {
      met: chosenByFeasibility.met.plans,
      missedFeasible: chosenByFeasibility.missed.plans,
      noDayFound: chosenByFeasibility.none.plans,
    },
    proteinGapToExactG: { mean: round(mean(gaps)), max: round(Math.max(0, ...gaps)), profiles: gaps.length },
    fastOnlyProteinGapToExactG: { mean: round(mean(fastGaps)), max: round(Math.max(0, ...fastGaps)) },
    refused: refused.length,
    refusedFeasible,
    fastPathPlans: fast.length,
    // docs/decisions/030's names: the fast path's wall-clock times (target p95 ≤ 30 ms); the exact fallback's are apart below.
    p50Ms: round(percentile(fast, 0.5)),
    p95Ms: round(percentile(fast, 0.95)),
    fastCpuP50Ms: round(percentile(fastCpu, 0.5)),
    fastCpuP95Ms: round(percentile(fastCpu, 0.95)),
    exactPlans: exact.length,
    exactP50Ms: round(
      percentile(
        exact.map((row) => row.planMs),
        0.5,
      ),
    ),
    exactP95Ms: round(
      percentile(
        exact.map((row) => row.planMs),
        0.95,
      ),
    ),
    exactMaxMs: round(Math.max(0, ...exact.map((row) => row.planMs))),
    exactCpuP95Ms: round(
      percentile(
        exact.map((row) => row.planCpuMs),
        0.95,
      ),
    ),
    exactSolveMeanMs: round(mean(exact.map((row) => row.exactMs))),
  };
}
