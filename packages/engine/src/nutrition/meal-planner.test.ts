import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import { CUISINES, DIET_TYPES, MEAL_SLOTS, PROTEIN_SOURCES, type Food } from "./food.types";
import {
  createMealPlanner,
  SEARCH_SAFETY_NET_MS,
  type MealPlan,
  type MealPlanner,
  type MealPlanRequest,
} from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { FAT_ENERGY_SHARE, nutrientTargets, planViolations, suitsDiet } from "./meal-targets";
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

/** Errors a well-formed request may legitimately get: each names the cause. Anything else is a bug. */
const EXPECTED_REFUSALS = ["NOT_ENOUGH_FOODS", "PLAN_INFEASIBLE", "PROTEIN_UNREACHABLE"];

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
    expect(Math.abs(plan.totals.Calories - 2000)).toBeLessThanOrEqual(60);
    expect(plan.totals.Protein).toBeGreaterThanOrEqual(1.6 * 75);
    const fatShare = (9 * plan.totals.Fat) / plan.totals.Calories;
    expect(fatShare).toBeGreaterThanOrEqual(FAT_ENERGY_SHARE.min - 0.005);
    expect(fatShare).toBeLessThanOrEqual(FAT_ENERGY_SHARE.max + 0.005);
    for (const meal of MEAL_SLOTS) {
      const count = plan.items.filter((item) => item.Meal === meal).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it("writes items in the spec's shape: whole calories, two-decimal grams, totals that add up", () => {
    const plan = mustPlan(planner, BASE_REQUEST);
    for (const item of plan.items) {
      expect(Object.keys(item).sort()).toEqual([
        "Calories",
        "Carbs",
        "Fat",
        "Item",
        "Meal",
        "Protein",
        "Weight",
        "foodId",
        "id",
        "image",
      ]);
      expect(Number.isInteger(item.Calories)).toBe(true);
      for (const value of [item.Weight, item.Protein, item.Carbs, item.Fat])
        expect(hasTwoDecimals(value)).toBe(true);
    }
    expect(new Set(plan.items.map((item) => item.id)).size).toBe(plan.items.length);
    expect(plan.totals.Calories).toBe(plan.items.reduce((sum, item) => sum + item.Calories, 0));
    expect(plan.totals.Calories).toBe(
      MEAL_SLOTS.reduce((sum, meal) => sum + plan.mealTotals[meal].Calories, 0),
    );
    for (const meal of MEAL_SLOTS) {
      const protein = plan.items
        .filter((item) => item.Meal === meal)
        .reduce((sum, item) => sum + item.Protein, 0);
      expect(plan.mealTotals[meal].Protein).toBeCloseTo(protein, 2);
    }
  });

  it("keeps each meal near its share of the day", () => {
    const plan = mustPlan(planner, BASE_REQUEST);
    const shares = { Breakfast: 0.25, Lunch: 0.35, Snacks: 0.1, Dinner: 0.3 };
    for (const meal of MEAL_SLOTS)
      expect(Math.abs(plan.mealTotals[meal].Calories / 2000 - shares[meal])).toBeLessThanOrEqual(0.075);
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
    expect(plan.notes.some((note) => note.includes("fallback"))).toBe(false);
    expect(plan.totals.Protein).toBeGreaterThanOrEqual(nutrientTargets(request).proteinMinG - 0.5);
  });

  it("refuses vegan + soy + nuts + legumes at 1200 kcal with the protein it can reach", () => {
    const outcome = planner.plan({
      ...BASE_REQUEST,
      targetKcal: 1200,
      weightKg: 90,
      gender: "female",
      dietType: "vegan",
      allergiesText: "soy, nuts, legumes",
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "PROTEIN_UNREACHABLE" } });
    if (!outcome.ok)
      expect(outcome.error.message).toMatch(/vegan diet without soy, tree nuts, peanut, legume/);
  });

  it("keeps plans 1, 2 and 3 apart: any two share at most a third of their items", () => {
    for (const seed of [1, 2, 3]) {
      const plans = ([1, 2, 3] as const).map((planNumber) =>
        mustPlan(planner, { ...BASE_REQUEST, seed, planNumber }),
      );
      for (const [left, right] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ] as const) {
        const leftFoods = new Set(plans[left]?.items.map((item) => item.foodId));
        const rightItems = plans[right]?.items ?? [];
        const shared = rightItems.filter((item) => leftFoods.has(item.foodId)).length;
        expect(shared).toBeLessThanOrEqual(Math.min(leftFoods.size, rightItems.length) / 3);
      }
    }
  });

  it("never plans a food outside the diet, an allergen, or an avoided word", () => {
    const request: MealPlanRequest = {
      ...BASE_REQUEST,
      dietType: "vegetarian",
      allergiesText: "eggs, no dairy, I hate mushrooms",
    };
    const plan = mustPlan(planner, request);
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
        expect(Math.abs(outcome.plan.totals.Calories - request.targetKcal)).toBeLessThanOrEqual(
          0.03 * request.targetKcal,
        );
        const lowered = outcome.plan.totals.Protein < nutrientTargets(request).proteinMinG - 0.5;
        if (lowered) expect(outcome.plan.notes.some((note) => note.startsWith("Protein"))).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
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
        .filter((item) => item.Item.toLowerCase().includes("salmon")).length;
    expect(salmonItems("salmon")).toBeGreaterThanOrEqual(2);
    expect(salmonItems("salmon")).toBeGreaterThan(salmonItems(""));
  });

  it("lets the cuisine shape the plan", () => {
    const indianItems = (cuisine: MealPlanRequest["cuisine"]) =>
      ([1, 2, 3] as const)
        .flatMap((planNumber) => mustPlan(planner, { ...BASE_REQUEST, cuisine, planNumber }).items)
        .filter((item) => findFood(item.foodId)?.cuisines.includes("Indian")).length;
    expect(indianItems("Indian")).toBeGreaterThan(2 * indianItems("Mexican"));
  });

  it("plans every cuisine × diet type (plans 1–3), mostly from the cuisine where it has the dishes", () => {
    const misses: string[] = [];
    let checked = 0;
    for (const cuisine of CUISINES) {
      for (const dietType of DIET_TYPES) {
        // A 60 kg woman: a protein floor (96 g at 2000 kcal) that every diet type can meet, so cuisine is what is tested.
        const request: MealPlanRequest = {
          ...BASE_REQUEST,
          cuisine,
          dietType,
          proteinSources: ["Beans", "Poultry"],
          gender: "female",
          weightKg: 60,
        };
        const plans = ([1, 2, 3] as const).map((planNumber) => mustPlan(planner, { ...request, planNumber }));
        for (const plan of plans) expect(violationsOf(plan, request, FOOD_CATALOGUE)).toEqual([]);
        // "Has the dishes": every meal has six of the diet's dishes of this cuisine and there are 18 in all, so each of
        // the three plan shares (a third of the foods each) holds the six a majority of its items needs.
        const dishes = FOOD_CATALOGUE.filter(
          (food) => food.cuisines.includes(cuisine) && suitsDiet(food, dietType),
        );
        const hasDishes =
          dishes.length >= 18 &&
          MEAL_SLOTS.every((meal) => dishes.filter((food) => food.slots.includes(meal)).length >= 6);
        if (hasDishes) checked += 1;
        for (const [index, plan] of plans.entries()) {
          const fromCuisine = plan.items.filter((item) =>
            findFood(item.foodId)?.cuisines.includes(cuisine),
          ).length;
          if (hasDishes && 2 * fromCuisine <= plan.items.length)
            misses.push(`${cuisine}/${dietType} plan ${index + 1}: ${fromCuisine} of ${plan.items.length}`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(30);
  }, 60_000);
});
