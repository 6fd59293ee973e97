import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import { CUISINES, DIET_TYPES, MEAL_SLOTS, PROTEIN_SOURCES, type Food } from "./food.types";
import {
  createMealPlanner,
  macroTotals,
  SEARCH_SAFETY_NET_MS,
  type MealPlan,
  type MealPlanner,
  type MealPlanRequest,
} from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { EGGS_MAX_G, FAT_ENERGY_SHARE, nutrientTargets, planViolations, suitsDiet } from "./meal-targets";
import { oracleFindings } from "./plan-oracle.fixture";
import { TEST_FOODS } from "./test-foods.fixture";

const BASE_REQUEST: MealPlanRequest = {
  targetKcal: 2000,
  weightKg: 75,
  gender: "male",
  goal: "Lose Weight",
  dietType: "standard",
  cuisine: "Indian",
  proteinSources: ["Poultry", "Dairy"],
  favouriteFoodsText: "",
  allergiesText: "",
  planNumber: 1,
  seed: 7,
};

/** How far a plan breaks the macro bounds, in kcal (protein and carbohydrate at 4 kcal/g, fibre counted the same). */
function boundBreachKcal(plan: MealPlan, request: MealPlanRequest): number {
  const totals = macroTotals(plan.items, { get: findFood });
  const proteinMaxG = nutrientTargets(request).proteinMaxG;
  return (
    Math.max(0, 4 * totals.proteinG - 0.35 * totals.kcal) +
    Math.max(0, 0.4 * totals.kcal - 4 * totals.carbsG) +
    4 * Math.max(0, totals.proteinG - proteinMaxG) +
    4 * Math.max(0, 130 - totals.carbsG) +
    4 * Math.max(0, 25 - totals.fibreG, totals.fibreG - 60)
  );
}

/** Errors a well-formed request may legitimately get: each names the cause. Anything else is a bug. */
const EXPECTED_REFUSALS = ["NOT_ENOUGH_FOODS", "PLAN_INFEASIBLE", "PROTEIN_UNREACHABLE"];

/** Whole egg in a plan, grams, from each food's figure (a recipe's eggs per 100 g). */
const wholeEggG = (plan: MealPlan) =>
  plan.items.reduce((sum, item) => sum + ((findFood(item.foodId)?.wholeEggG ?? 0) * item.grams) / 100, 0);

function mustPlan(planner: MealPlanner, request: MealPlanRequest): MealPlan {
  const outcome = planner.plan(request);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.plan;
}

function violationsOf(plan: MealPlan, request: MealPlanRequest, foods: readonly Food[]): string[] {
  const byId = new Map(foods.map((food) => [food.id, food]));
  return planViolations(plan.items, {
    request,
    avoidances: parseAvoidances(request.allergiesText, foods),
    proteinMinG: plan.proteinTargetG,
    findFood: (id) => byId.get(id),
  });
}

const hasTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

describe("meal planner on a small fixed food list", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner({ foods: TEST_FOODS, timeLimitMs: 5_000 });
  });

  it("plans a day that keeps every rule", () => {
    const plan = mustPlan(planner, BASE_REQUEST);
    expect(violationsOf(plan, BASE_REQUEST, TEST_FOODS)).toEqual([]);
    expect(Math.abs(plan.totals.energyKcal - 2000)).toBeLessThanOrEqual(60);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(1.6 * 75);
    const fatShare = (9 * plan.totals.fatG) / plan.totals.energyKcal;
    expect(fatShare).toBeGreaterThanOrEqual(FAT_ENERGY_SHARE.min - 0.005);
    expect(fatShare).toBeLessThanOrEqual(FAT_ENERGY_SHARE.max + 0.005);
    for (const meal of MEAL_SLOTS) {
      const count = plan.items.filter((item) => item.slot === meal).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it("writes items in the displayed shape: whole calories, two-decimal grams, totals that add up", () => {
    const plan = mustPlan(planner, BASE_REQUEST);
    for (const item of plan.items) {
      expect(
        Object.keys(item)
          .filter((key) => key !== "measure")
          .sort(),
      ).toEqual([
        "carbsG",
        "energyKcal",
        "fatG",
        "foodId",
        "grams",
        "id",
        "image",
        "name",
        "proteinG",
        "slot",
      ]);
      // docs/decisions/028: a household measure beside the grams wherever the food has one.
      if (item.measure !== undefined) expect(item.measure).toMatch(/^[\d¼½¾]+ \S/);
      expect(Number.isInteger(item.energyKcal)).toBe(true);
      for (const value of [item.grams, item.proteinG, item.carbsG, item.fatG])
        expect(hasTwoDecimals(value)).toBe(true);
    }
    expect(new Set(plan.items.map((item) => item.id)).size).toBe(plan.items.length);
    expect(plan.totals.energyKcal).toBe(plan.items.reduce((sum, item) => sum + item.energyKcal, 0));
    expect(plan.totals.energyKcal).toBe(
      MEAL_SLOTS.reduce((sum, meal) => sum + plan.mealTotals[meal].energyKcal, 0),
    );
    for (const meal of MEAL_SLOTS) {
      const protein = plan.items
        .filter((item) => item.slot === meal)
        .reduce((sum, item) => sum + item.proteinG, 0);
      expect(plan.mealTotals[meal].proteinG).toBeCloseTo(protein, 2);
    }
  });

  it("keeps each meal near its share of the day", () => {
    const plan = mustPlan(planner, BASE_REQUEST);
    const shares = { Breakfast: 0.25, Lunch: 0.35, Snacks: 0.1, Dinner: 0.3 };
    for (const meal of MEAL_SLOTS)
      expect(Math.abs(plan.mealTotals[meal].energyKcal / 2000 - shares[meal])).toBeLessThanOrEqual(0.075);
  });

  it("gives the same plan for the same request and seed, and a different one for another seed", () => {
    expect(mustPlan(planner, BASE_REQUEST)).toEqual(mustPlan(planner, BASE_REQUEST));
    const others = [8, 9, 10].map((seed) =>
      mustPlan(planner, { ...BASE_REQUEST, seed })
        .items.map((item) => item.foodId)
        .join(),
    );
    expect(
      new Set([
        mustPlan(planner, BASE_REQUEST)
          .items.map((item) => item.foodId)
          .join(),
        ...others,
      ]).size,
    ).toBeGreaterThan(1);
  });

  it("reports avoidance words it did not understand", () => {
    expect(
      mustPlan(planner, { ...BASE_REQUEST, allergiesText: "peanuts, flibbertigibbet" })
        .unrecognisedAvoidances,
    ).toEqual(["flibbertigibbet"]);
  });

  it("refuses an impossible request with a specific reason instead of a bad plan", () => {
    const outcome = planner.plan({
      ...BASE_REQUEST,
      targetKcal: 1200,
      weightKg: 90,
      dietType: "vegan",
      allergiesText: "soy, nuts, legumes, gluten",
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(EXPECTED_REFUSALS).toContain(outcome.error.code);
    expect(outcome.error.message).toMatch(/vegan/);
    expect(outcome.error.message).toMatch(/soy/);
  });

  it("refuses a nonsensical target", () => {
    expect(planner.plan({ ...BASE_REQUEST, targetKcal: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: "INVALID_TARGET" },
    });
    expect(planner.plan({ ...BASE_REQUEST, weightKg: -3 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_WEIGHT" },
    });
  });

  it("falls back to a valid plan when the search runs out of time", async () => {
    let clockMs = 0;
    // Every reading of this clock is a second later, so the search's time limit is past at its first check.
    const slowPlanner = await createMealPlanner({
      foods: TEST_FOODS,
      timeLimitMs: 1,
      now: () => (clockMs += 1_000),
    });
    const plan = mustPlan(slowPlanner, BASE_REQUEST);
    expect(plan.notes.some((note) => note.includes("fallback"))).toBe(true);
    expect(violationsOf(plan, BASE_REQUEST, TEST_FOODS)).toEqual([]);
  });
});

describe("meal planner on the real catalogue", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner({ timeLimitMs: 5_000 });
  });

  it("plans for sources no food of the diet has as for no source chosen (docs/decisions/084-sources-the-diet-allows.md)", () => {
    // Vegan profiles that ticked only animal sources: the chips weigh nothing, so seitan no longer wins on being the
    // one protein food no chip names.
    const vegans = Array.from({ length: 200 }, (_, seed) => randomPlanRequest(seed))
      .filter((request) => request.dietType === "vegan")
      .slice(0, 6);
    expect(vegans).toHaveLength(6);
    for (const request of vegans) {
      const none = planner.plan({ ...request, proteinSources: [] });
      expect(none.ok).toBe(true);
      expect(planner.plan({ ...request, proteinSources: ["Seafood", "Poultry", "Farm Meat"] })).toEqual(none);
    }
  });

  it("gives the same plans on a clock that runs slow: work counts bound the search, and the safety net is far away", async () => {
    // The search reads the clock once per 64 days it visits, which takes well under a millisecond here. A clock that
    // jumps 5 ms at every reading stands for a machine ten or more times slower (or as loaded); the plans must not change.
    let clockMs = 0;
    const slowClockPlanner = await createMealPlanner({ now: () => (clockMs += 5) });
    let longestMs = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const request = randomPlanRequest(seed);
      const startMs = clockMs;
      expect(slowClockPlanner.plan(request)).toEqual(planner.plan(request));
      longestMs = Math.max(longestMs, clockMs - startMs);
    }
    expect(longestMs).toBeLessThan(SEARCH_SAFETY_NET_MS / 2);
  }, 60_000);

  it("plans the benchmark's vegan European 3490 kcal day that once timed out, by the search rather than the fallback", () => {
    const request = randomPlanRequest(9);
    expect(request).toMatchObject({ dietType: "vegan", cuisine: "European", allergiesText: "shrimp" });
    const plan = mustPlan(planner, request);
    expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
    expect(oracleFindings(plan.items, request)).toEqual([]);
    expect(plan.notes.some((note) => note.includes("fallback"))).toBe(false);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(nutrientTargets(request).proteinMinG - 0.5);
  });

  it("plans a day over three eggs again without egg dishes: a vegetarian who chose eggs gets them at one meal at most", () => {
    // The benchmark's seed 280 (plan 2): the swaps kept the chosen eggs and left 6.8 eggs (boiled eggs, khai palo and
    // bayd bi banadoura); docs/decisions/081-a-day-over-three-eggs-plans-again.md.
    const request: MealPlanRequest = {
      targetKcal: 2173.34,
      weightKg: 75.2,
      gender: "male",
      goal: "Lose Weight",
      dietType: "vegetarian",
      cuisine: "Lebanese",
      proteinSources: ["Eggs", "Poultry"],
      favouriteFoodsText: "chicken and rice",
      allergiesText: "fish allergy",
      planNumber: 2,
      seed: 280,
    };
    const plan = mustPlan(planner, request);
    expect(wholeEggG(plan)).toBeLessThanOrEqual(EGGS_MAX_G + 1);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(nutrientTargets(request).proteinMinG - 0.5);
    expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
    expect(plan.notes).toEqual([]);
  });

  it("serves the egg-mended day over eleven eggs, though it gives a gram of fibre, a point of saturated fat and the majority", () => {
    // Before docs/decisions/087-eggs-weighed-against-the-limits.md this day held 11.2 eggs (a masala omelette,
    // strapatsada, egg curry and egg noodles): its egg-free day broke fibre by 0.7 g and saturated fat by a point, and
    // was mostly from no one cuisine, and each of those ranked above the eggs.
    const request = randomPlanRequest(279);
    expect(request).toMatchObject({
      dietType: "vegetarian",
      cuisine: "Indian",
      proteinSources: ["Eggs", "Lentils"],
    });
    const plan = mustPlan(planner, request);
    expect(wholeEggG(plan)).toBeLessThanOrEqual(EGGS_MAX_G + 1);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(nutrientTargets(request).proteinMinG - 0.5);
    expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
    // What gave way is shown: the limits it broke, each as a note.
    expect(plan.notes.map((note) => note.split(":")[0])).toEqual([
      "Fibre gave way",
      "Saturated fat gave way",
    ]);
  });

  it("keeps a Korean day at under four eggs rather than an egg-free day mostly from no one cuisine", () => {
    // The egg-free day of this request reads European (käsespätzle, a lentil and bulgur salad): below six eggs the
    // cuisine majority still ranks above the eggs (docs/decisions/087-eggs-weighed-against-the-limits.md).
    const request = randomPlanRequest(13);
    expect(request).toMatchObject({ dietType: "standard", cuisine: "Korean" });
    const plan = mustPlan(planner, request);
    const cuisineItems = plan.items.filter((item) => findFood(item.foodId)?.cuisines.includes("Korean"));
    expect(2 * cuisineItems.length).toBeGreaterThan(plan.items.length);
    expect(wholeEggG(plan)).toBeLessThanOrEqual(2 * EGGS_MAX_G);
  });

  it("plans a day over 60 g of fibre again without fibre-rich foods: stacked pulses give way to a day within the limit", () => {
    // Before docs/decisions/083-a-day-over-60-g-of-fibre-plans-again.md this day held 107 g of fibre (bean piyaz, split
    // peas, edamame and a lentil salad for a gluten-free vegetarian who chose lentils) and fell 8 g short of protein.
    const request = randomPlanRequest(75);
    expect(request).toMatchObject({
      dietType: "vegetarian",
      allergiesText: "gluten free",
      cuisine: "Japanese",
    });
    const plan = mustPlan(planner, request);
    const targets = nutrientTargets(request);
    expect(plan.totals.fibreG).toBeLessThanOrEqual(targets.fibreMaxG + 0.5);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(targets.proteinMinG - 0.5);
    expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
    expect(plan.notes).toEqual([]);
  });

  it("mends a day over 60 g of fibre where the three limits together weigh less, though sodium then gives way a little", () => {
    // Before docs/decisions/085-fibre-above-the-cuisine.md this day held 76 g of fibre: its second day, within the
    // fibre limit, was turned down for 78 mg of sodium over 2,300 mg (about 8 kcal weighed, against 64 for the fibre).
    const request = randomPlanRequest(217);
    expect(request).toMatchObject({ dietType: "vegetarian", cuisine: "American" });
    const plan = mustPlan(planner, request);
    const targets = nutrientTargets(request);
    expect(plan.totals.fibreG).toBeLessThanOrEqual(targets.fibreMaxG + 0.5);
    expect(plan.totals.proteinG).toBeGreaterThanOrEqual(targets.proteinMinG - 0.5);
    expect(plan.totals.sodiumMg).toBeLessThan(2_400);
    expect(plan.notes).toEqual([expect.stringMatching(/^Sodium gave way: 2,\d{3} mg/)]);
    expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
  });

  it("refuses vegan + soy + nuts + legumes at 1200 kcal with the protein it can reach", () => {
    const outcome = planner.plan({
      ...BASE_REQUEST,
      targetKcal: 1200,
      weightKg: 110,
      gender: "female",
      dietType: "vegan",
      allergiesText: "soy, nuts, legumes",
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "PROTEIN_UNREACHABLE" } });
    if (!outcome.ok) {
      expect(outcome.error.message).toMatch(
        /vegan diet without tree nuts, peanut, soy, lupin, bean, lentil, chickpea, garbanzo and 8 more/,
      );
      // What the person could change, never an allergy or the diet (docs/product.md §3.6).
      expect(outcome.error.message).toContain(
        "You could change your daily calorie target, choose a cuisine other than Indian or choose more protein sources;",
      );
      expect(outcome.error.message).not.toMatch(/loosen|another diet|eat (?:gluten|soy|nuts)/i);
    }
  });

  it("keeps plans 1, 2 and 3 apart: any two share at most a third of their items, whatever their seeds", () => {
    // The server gives each plan number a seed of its own, and a plan number never sees the others' plans: the rule must
    // hold whichever seeds they get. Small cuisines, whose dishes are most shared between plans, are the hard cases.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom<MealPlanRequest["cuisine"]>("Thai", "Korean", "Italian", "Indian"),
        fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { minLength: 3, maxLength: 3 }),
        (profile, cuisine, seeds) => {
          const request = { ...randomPlanRequest(profile), cuisine };
          const plans = ([1, 2, 3] as const).flatMap((planNumber) => {
            const outcome = planner.plan({ ...request, planNumber, seed: seeds[planNumber - 1] ?? 0 });
            return outcome.ok ? [outcome.plan] : [];
          });
          for (const [index, left] of plans.entries()) {
            const leftFoods = new Set(left.items.map((item) => item.foodId));
            for (const right of plans.slice(index + 1)) {
              const shared = right.items.filter((item) => leftFoods.has(item.foodId)).length;
              expect(3 * shared).toBeLessThanOrEqual(Math.min(left.items.length, right.items.length));
            }
          }
        },
      ),
      { seed: 12, numRuns: 40 },
    );
  }, 60_000);

  it("never plans a food outside the diet, an allergen, or an avoided word", () => {
    const request: MealPlanRequest = {
      ...BASE_REQUEST,
      dietType: "vegetarian",
      allergiesText: "eggs, no dairy, I hate mushrooms",
    };
    const plan = mustPlan(planner, request);
    expect(oracleFindings(plan.items, request)).toEqual([]);
    for (const item of plan.items) {
      const food = findFood(item.foodId) as Food;
      expect(suitsDiet(food, "vegetarian")).toBe(true);
      expect(food.allergens).not.toContain("egg");
      expect(food.allergens).not.toContain("milk");
      expect(food.name.toLowerCase()).not.toContain("mushroom");
    }
  });

  it("keeps every rule for hundreds of random profiles, or refuses with a named reason", () => {
    const requests = fc.record({
      targetKcal: fc.double({ min: 1200, max: 3600, noNaN: true }),
      weightKg: fc.double({ min: 45, max: 130, noNaN: true }),
      gender: fc.constantFrom("male" as const, "female" as const),
      goal: fc.constantFrom("Lose Weight" as const, "Gain Muscle Mass" as const),
      dietType: fc.constantFrom(...DIET_TYPES),
      cuisine: fc.constantFrom(...CUISINES),
      proteinSources: fc.subarray([...PROTEIN_SOURCES], { minLength: 2, maxLength: 4 }),
      favouriteFoodsText: fc.constantFrom("", "salmon", "curry", "oatmeal and berries"),
      allergiesText: fc.constantFrom(
        "",
        "",
        "nuts",
        "no dairy",
        "gluten free",
        "shrimp",
        "eggs",
        "I hate mushrooms",
        "soy",
      ),
      planNumber: fc.constantFrom(1 as const, 2 as const, 3 as const),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    });
    fc.assert(
      fc.property(requests, (request) => {
        const outcome = planner.plan(request);
        if (!outcome.ok) {
          expect(EXPECTED_REFUSALS).toContain(outcome.error.code);
          return;
        }
        expect(violationsOf(outcome.plan, request, FOOD_CATALOGUE)).toEqual([]);
        expect(oracleFindings(outcome.plan.items, request)).toEqual([]);
        expect(Math.abs(outcome.plan.totals.energyKcal - request.targetKcal)).toBeLessThanOrEqual(
          0.03 * request.targetKcal,
        );
        const lowered = outcome.plan.totals.proteinG < nutrientTargets(request).proteinMinG - 0.5;
        if (lowered) expect(outcome.plan.notes.some((note) => note.startsWith("Protein"))).toBe(true);
      }),
      { seed: 12, numRuns: 300 },
    );
  }, 180_000);
  it("lets the chosen protein sources shape the plan", () => {
    const seafood = (request: MealPlanRequest) =>
      ([1, 2, 3] as const)
        .flatMap((planNumber) => mustPlan(planner, { ...request, planNumber }).items)
        .filter((item) => findFood(item.foodId)?.proteinSource === "Seafood").length;
    expect(seafood({ ...BASE_REQUEST, proteinSources: ["Seafood", "Beans"] })).toBeGreaterThan(
      seafood({ ...BASE_REQUEST, proteinSources: ["Poultry", "Dairy"] }),
    );
  });

  it("lets favourite foods shape the plan", () => {
    const salmonItems = (favouriteFoodsText: string) =>
      ([1, 2, 3] as const)
        .flatMap((planNumber) => mustPlan(planner, { ...BASE_REQUEST, favouriteFoodsText, planNumber }).items)
        .filter((item) => item.name.toLowerCase().includes("salmon")).length;
    expect(salmonItems("salmon")).toBeGreaterThanOrEqual(2);
    expect(salmonItems("salmon")).toBeGreaterThan(salmonItems(""));
  });

  it("gives a reset something new at every meal: the foods it replaces cost points", () => {
    const newAtEveryMeal = (withPrevious: boolean) => {
      let count = 0;
      for (let seed = 1; seed <= 40; seed += 1) {
        const request = randomPlanRequest(seed);
        const before = mustPlan(planner, request).items;
        const after = mustPlan(planner, {
          ...request,
          seed: seed + 10_000,
          previousFoodIds: withPrevious ? before.map((item) => item.foodId) : undefined,
        }).items;
        const foodsAt = (items: typeof before, meal: string) =>
          items.filter((item) => item.slot === meal).map((item) => item.foodId);
        if (
          MEAL_SLOTS.every((meal) => foodsAt(after, meal).some((id) => !foodsAt(before, meal).includes(id)))
        )
          count += 1;
      }
      return count;
    };
    const told = newAtEveryMeal(true);
    // Measured: 27 of 40 told (30 before protein powder left the search and the day rules of decision 078 narrowed
    // the choice); some profiles' meals have few foods, and the server tries further seeds.
    expect(told).toBeGreaterThanOrEqual(27);
    expect(told).toBeGreaterThanOrEqual(newAtEveryMeal(false) + 5);
  }, 60_000);

  it("lets the cuisine shape the plan", () => {
    const indianItems = (cuisine: MealPlanRequest["cuisine"]) =>
      ([1, 2, 3] as const)
        .flatMap((planNumber) => mustPlan(planner, { ...BASE_REQUEST, cuisine, planNumber }).items)
        .filter((item) => findFood(item.foodId)?.cuisines.includes("Indian")).length;
    expect(indianItems("Indian")).toBeGreaterThan(2 * indianItems("Mexican"));
  });

  describe("plans every cuisine × diet type, plans 1–3, mostly from the cuisine unless no such day exists", () => {
    let probe: MealPlanner;
    beforeAll(async () => {
      probe = await createMealPlanner({ cuisineMajority: "required", maxFits: 700, timeLimitMs: 5_000 });
    });

    const fromCuisine = (plan: MealPlan, request: MealPlanRequest) =>
      plan.items.filter((item) => findFood(item.foodId)?.cuisines.includes(request.cuisine)).length;
    const hasMajority = (plan: MealPlan, request: MealPlanRequest) =>
      2 * fromCuisine(plan, request) > plan.items.length;

    /**
     * Plans 1–3 (each with its own seed, as the server gives them) of every cuisine × diet type. A plan without a
     * cuisine majority must be proved unable to have one: the probe, which plans only such days with seven times the
     * budget, either tried every such day of the plan's candidates (NO_CUISINE_MAJORITY) or found one with less protein
     * than the plan and its target. Returns the plans without a majority, and those that lack the proof.
     */
    function checkGrid(base: Omit<MealPlanRequest, "cuisine" | "dietType" | "planNumber" | "seed">) {
      const withoutMajority: string[] = [];
      const unproved: string[] = [];
      for (const cuisine of CUISINES) {
        for (const dietType of DIET_TYPES) {
          for (const planNumber of [1, 2, 3] as const) {
            const request: MealPlanRequest = {
              ...base,
              cuisine,
              dietType,
              planNumber,
              seed: 7 + 1_000 * planNumber,
            };
            const plan = mustPlan(planner, request);
            expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
            expect(oracleFindings(plan.items, request)).toEqual([]);
            if (hasMajority(plan, request)) continue;
            const label = `${cuisine}/${dietType} plan ${planNumber}: ${fromCuisine(plan, request)} of ${plan.items.length}`;
            withoutMajority.push(label);
            const probed = probe.plan(request);
            const proteinG = Math.min(nutrientTargets(request).proteinMinG, plan.totals.proteinG);
            // Macro bounds outrank the cuisine (docs/decisions/028): a majority day that breaks them further proves the point too.
            const proved = probed.ok
              ? !hasMajority(probed.plan, request) ||
                probed.plan.totals.proteinG < proteinG - 0.5 ||
                boundBreachKcal(probed.plan, request) > boundBreachKcal(plan, request) + 1
              : probed.error.code === "NO_CUISINE_MAJORITY";
            if (!proved)
              unproved.push(
                `${label}; probe: ${probed.ok ? probed.plan.totals.proteinG : probed.error.code}`,
              );
          }
        }
      }
      return { withoutMajority, unproved };
    }

    // A 60 kg woman: a protein floor (96 g at 2000 kcal) that every diet type can meet, so cuisine is what is tested.
    const WOMAN = {
      ...BASE_REQUEST,
      proteinSources: ["Beans", "Poultry"] as MealPlanRequest["proteinSources"],
      gender: "female" as const,
      weightKg: 60,
    };

    // The meal model (one main a meal, no protein family twice, breakfasts from the cuisine or neutral foods) leaves a
    // few cuisines too few dishes of each role for a majority in every plan's share: those few must be proved.
    it("with no exclusions, nearly every plan has a cuisine majority, and each without one is proved unable to", () => {
      const { withoutMajority, unproved } = checkGrid(WOMAN);
      expect(unproved).toEqual([]);
      expect(withoutMajority.length).toBeLessThan((CUISINES.length * DIET_TYPES.length * 3) / 10);
    }, 180_000);

    it("without gluten and soy (which leave few East Asian dishes), every plan without one is proved unable to have one", () => {
      const { withoutMajority, unproved } = checkGrid({ ...WOMAN, allergiesText: "gluten free, soy" });
      // With the macro bounds held first, the search's fixed budget misses a majority the 7×-budget probe finds for a
      // few vegan plans (fibre over 60 g in most of their cuisine days): at most one plan in twenty.
      expect(unproved.length).toBeLessThan((CUISINES.length * DIET_TYPES.length * 3) / 20);
      expect(withoutMajority.some((label) => label.startsWith("Japanese/standard"))).toBe(true);
      // One main a meal (docs/decisions/028) rules out the stacked cuisine mains that made many of these days' majorities, so
      // fewer remain possible: still at most half the plans lack one, each proved above.
      expect(withoutMajority.length).toBeLessThan((CUISINES.length * DIET_TYPES.length * 3) / 2);
    }, 180_000);
  });
});
