import { describe, expect, it } from "vitest";
import { EXCLUSION_TEST_FOODS } from "./exclusion-foods.fixture";
import { exclusionConflict, NO_EXCLUSIONS } from "./exclusions";
import type { Food, MealSlot } from "./food.types";
import { isDairy, isMeat } from "./kosher-meals";
import { kosherDayConflict, kosherPlaceConflict } from "./meal-roles";
import { toMealItem, type MealPlanRequest } from "./meal-planner";
import { replaceMealItem } from "./meal-replacement";

const food = (id: string) => EXCLUSION_TEST_FOODS.find((candidate) => candidate.id === id) as Food;
const item = (id: string, meal: MealSlot, weightG: number) => toMealItem(food(id), meal, weightG, `k-${id}`);

const REQUEST: MealPlanRequest = {
  targetKcal: 0,
  weightKg: 70,
  gender: "female",
  goal: "Lose Weight",
  dietType: "standard",
  cuisine: "Indian",
  proteinSources: [],
  favouriteFoodsText: "",
  allergiesText: "kosher",
  planNumber: 1,
  seed: 1,
};

describe("kosher meals", () => {
  it("a dish that cooks meat with dairy is excluded on its own under kosher rules", () => {
    const rules = { ...NO_EXCLUSIONS, kosher: true };
    expect(exclusionConflict(food("cheeseburger"), rules)).toMatch(/meat with dairy/);
    expect(exclusionConflict(food("chicken-tikka"), rules)).toMatch(/meat with dairy/);
    expect(exclusionConflict(food("paneer-tikka"), rules)).toBeUndefined();
    expect(exclusionConflict(food("cheeseburger"), NO_EXCLUSIONS)).toBeUndefined();
  });

  it("never put meat and dairy together; fish and eggs go with either", () => {
    const lunchOf =
      (...ids: string[]) =>
      (meal: MealSlot) =>
        meal === "Lunch" ? ids.map(food) : [];
    expect(kosherPlaceConflict(food("chicken-breast"), "Lunch", lunchOf("paneer-tikka"))).toMatch(/meat/);
    expect(kosherPlaceConflict(food("paneer-tikka"), "Lunch", lunchOf("beef-stew"))).toMatch(/dairy/);
    expect(kosherPlaceConflict(food("salmon-baked"), "Lunch", lunchOf("paneer-tikka"))).toBeUndefined();
    expect(kosherPlaceConflict(food("egg-boiled"), "Lunch", lunchOf("chicken-breast"))).toBeUndefined();
  });

  it("keeps dairy out of the meal after a meat meal, and lets meat follow dairy (docs/decisions/063)", () => {
    const day = (meals: Partial<Record<MealSlot, string[]>>) => (meal: MealSlot) =>
      (meals[meal] ?? []).map(food);
    expect(kosherDayConflict(day({ Lunch: ["beef-stew"], Snacks: ["paneer-tikka"] }))).toMatch(
      /Snacks after meat/,
    );
    expect(kosherDayConflict(day({ Breakfast: ["paneer-tikka"], Lunch: ["beef-stew"] }))).toBeUndefined();
    // Two meals apart is long enough (lunch then dinner, with a snack between).
    expect(kosherDayConflict(day({ Lunch: ["beef-stew"], Dinner: ["paneer-tikka"] }))).toBeUndefined();
    expect(kosherPlaceConflict(food("paneer-tikka"), "Snacks", day({ Lunch: ["chicken-breast"] }))).toMatch(
      /Lunch holds meat/,
    );
    expect(kosherPlaceConflict(food("chicken-breast"), "Lunch", day({ Snacks: ["paneer-tikka"] }))).toMatch(
      /Snacks holds dairy/,
    );
    expect(
      kosherPlaceConflict(food("chicken-breast"), "Snacks", day({ Lunch: ["paneer-tikka"] })),
    ).toBeUndefined();
  });

  it("a kosher replacement never brings meat and dairy together", () => {
    const plan = [item("paneer-tikka", "Lunch", 150), item("brown-rice", "Lunch", 150)];
    const targetKcal = plan.reduce((sum, entry) => sum + entry.energyKcal, 0);
    const swapsUnder = (allergiesText: string) => {
      const swaps = new Set<string>();
      for (let seed = 0; seed < 60; seed += 1) {
        const outcome = replaceMealItem(
          { plan, itemId: "k-paneer-tikka", request: { ...REQUEST, targetKcal, allergiesText }, seed },
          EXCLUSION_TEST_FOODS,
        );
        if (outcome.ok) swaps.add(outcome.item.foodId);
      }
      return [...swaps];
    };
    // A swap breaks the rule when the dish itself cooks meat with dairy (chicken tikka in cream) or meets the rice badly.
    const clashes = (ids: readonly string[]) =>
      ids.filter(
        (id) =>
          (isMeat(food(id)) && isDairy(food(id))) ||
          kosherPlaceConflict(food(id), "Lunch", (meal) => (meal === "Lunch" ? [food("brown-rice")] : [])) !==
            undefined,
      );
    const kosher = swapsUnder("kosher");
    expect(kosher).not.toEqual([]);
    expect(clashes(kosher)).toEqual([]);
  });
});
