import { beforeAll, describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { exclusionConflict } from "./exclusions";
import { FOOD_CATALOGUE } from "./food-catalogue";
import type { Food } from "./food.types";
import { createMealPlanner, type MealPlanner, type MealPlanRequest } from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { proteinReachG } from "./meal-protein-reach";
import { nutrientTargets, suitsDiet } from "./meal-targets";

const allowedFoods = (request: Pick<MealPlanRequest, "dietType" | "allergiesText">): Food[] => {
  const avoidances = parseAvoidances(request.allergiesText, FOOD_CATALOGUE);
  return FOOD_CATALOGUE.filter(
    (food) => suitsDiet(food, request.dietType) && exclusionConflict(food, avoidances) === undefined,
  );
};

const food = (overrides: Partial<Food> & Pick<Food, "id">): Food => ({
  name: overrides.id,
  slots: ["Breakfast", "Lunch", "Snacks", "Dinner"],
  cuisines: [],
  diet: "vegan",
  allergens: [],
  energyKcal: 100,
  proteinG: 0,
  carbsG: 0,
  fatG: 0,
  fibreG: 0,
  satFatG: 0,
  sodiumMg: 0,
  portionMinG: 50,
  portionMaxG: 100,
  portionStepG: 10,
  image: "dish",
  ingredients: [],
  flags: [],
  wholeEggG: 0,
  ...overrides,
});

describe("proteinReachG", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner();
  });

  it("is never below the protein of a day the planner actually built", () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const request = randomPlanRequest(seed);
      const outcome = planner.plan(request);
      if (!outcome.ok) continue;
      checked += 1;
      expect(proteinReachG(allowedFoods(request), request.targetKcal)).toBeGreaterThanOrEqual(
        outcome.plan.totals.proteinG - 0.5,
      );
    }
    expect(checked).toBeGreaterThanOrEqual(35);
  }, 60_000);

  it("matches a day worked out by hand when only the energy ceiling binds", () => {
    // 1000 kcal target: the day may hold at most 1030 kcal (±3 %); meals at most (share + 0.07) × 1000 each, 1280 in
    // all, so the day's ceiling binds. Two foods, each up to 1000 g = 1000 kcal, fat at 25 % of energy (inside 20–35 %):
    // the densest (20 g per 100 kcal) fills the meals it may go to — Breakfast 320 + Lunch 420 = 740 kcal → 148 g —
    // and the other (5 g per 100 kcal) the 290 kcal left → 14.5 g: 162.5 g in all.
    const fatG = (0.25 * 100) / 9;
    const foods = [
      food({ id: "dense", proteinG: 20, fatG, portionMaxG: 1000, slots: ["Breakfast", "Lunch"] }),
      food({ id: "plain", proteinG: 5, fatG, portionMaxG: 1000 }),
    ];
    expect(proteinReachG(foods, 1000)).toBeCloseTo(162.5, 1);
  });

  it("proves a target out of reach when allergies remove the protein foods", () => {
    const request = { dietType: "vegan", allergiesText: "soy, nuts, legumes, gluten" } as const;
    const targetG = nutrientTargets({ targetKcal: 1200, weightKg: 90, goal: "Lose Weight" }).proteinMinG;
    expect(proteinReachG(allowedFoods(request), 1200)).toBeLessThan(targetG);
  });

  it("finds the same target within reach of an unrestricted vegan diet", () => {
    const targetG = nutrientTargets({ targetKcal: 2000, weightKg: 75, goal: "Lose Weight" }).proteinMinG;
    expect(proteinReachG(allowedFoods({ dietType: "vegan", allergiesText: "" }), 2000)).toBeGreaterThan(
      targetG,
    );
  });
});
