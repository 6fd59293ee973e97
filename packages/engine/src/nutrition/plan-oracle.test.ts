import { beforeAll, describe, expect, it } from "vitest";
import { createMealPlanner, type MealPlan, type MealPlanRequest } from "./meal-planner";
import type { MealItem } from "./meal-plan.types";
import { oracleFindings } from "./plan-oracle.fixture";

const REQUEST: MealPlanRequest = {
  targetKcal: 2200,
  weightKg: 80,
  gender: "male",
  goal: "Gain Muscle Mass",
  dietType: "vegan",
  cuisine: "Mediterranean",
  proteinSources: ["Tofu", "Beans", "Lentils"],
  favouriteFoodsText: "",
  allergiesText: "",
  planNumber: 1,
  seed: 3,
};

/** An item of `foodId` as the planner writes one, figures from the per-100 g values the data gives. */
function itemOf(
  foodId: string,
  grams: number,
  per100: [number, number, number, number],
  slot: MealItem["slot"],
) {
  const [energyKcal, proteinG, carbsG, fatG] = per100;
  const round2 = (value: number) => Math.round(value * grams) / 100;
  return {
    id: `extra-${foodId}`,
    slot,
    name: foodId,
    grams,
    energyKcal: Math.round((energyKcal * grams) / 100),
    proteinG: round2(proteinG),
    carbsG: round2(carbsG),
    fatG: round2(fatG),
    foodId,
    image: "dish",
  } satisfies MealItem;
}

describe("the independent plan oracle", () => {
  let plan: MealPlan;
  beforeAll(async () => {
    const planner = await createMealPlanner();
    const outcome = planner.plan(REQUEST);
    if (!outcome.ok) throw new Error(outcome.error.message);
    plan = outcome.plan;
  });

  it("finds nothing wrong with a day the planner made", () => {
    expect(oracleFindings(plan.items, REQUEST)).toEqual([]);
  });

  it("finds a yogurt in a vegan day, and the energy it pushes past 3 %", () => {
    const yogurt = itemOf("greek-yogurt-nonfat", 400, [59, 10.19, 3.6, 0.39], "Snacks");
    const findings = oracleFindings([...plan.items, yogurt], REQUEST);
    expect(findings).toContain("greek-yogurt-nonfat: greek yogurt, plain, nonfat is not vegan");
    expect(findings.some((finding) => finding.startsWith("day energy"))).toBe(true);
  });

  it("finds mushrooms someone said they hate, and figures that are not the food's", () => {
    const mushrooms = itemOf("mushrooms-sauteed", 100, [26, 3.58, 4.04, 0.33], "Lunch");
    const findings = oracleFindings(
      [...plan.items, { ...mushrooms, energyKcal: mushrooms.energyKcal + 20 }],
      {
        ...REQUEST,
        allergiesText: "I hate mushrooms",
      },
    );
    expect(findings).toContain("mushrooms-sauteed: mushrooms, stir-fried was avoided");
    expect(findings).toContain("mushrooms-sauteed: energy");
  });

  it("finds a meal left empty and a food served twice", () => {
    const withoutBreakfast = plan.items.filter((item) => item.slot !== "Breakfast");
    const lunch = plan.items.find((item) => item.slot === "Lunch") as MealItem;
    const findings = oracleFindings([...withoutBreakfast, { ...lunch, id: "again" }], REQUEST);
    expect(findings).toContain("Breakfast: 0 items");
    expect(findings).toContain(`${lunch.name}: twice in a day`);
  });
});
