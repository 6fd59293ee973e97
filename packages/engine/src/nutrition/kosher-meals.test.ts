import { describe, expect, it } from "vitest";
import { EXCLUSION_TEST_FOODS } from "./exclusion-foods.fixture";
import { exclusionConflict, NO_EXCLUSIONS } from "./exclusions";
import type { Food, MealSlot } from "./food.types";
import { isDairy, isMeat, kosherMealClash } from "./kosher-meals";
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
    expect(kosherMealClash(food("chicken-breast"), [food("paneer-tikka")])).toMatch(/meat/);
    expect(kosherMealClash(food("paneer-tikka"), [food("beef-stew")])).toMatch(/dairy/);
    expect(kosherMealClash(food("salmon-baked"), [food("paneer-tikka")])).toBeUndefined();
    expect(kosherMealClash(food("egg-boiled"), [food("chicken-breast")])).toBeUndefined();
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
          kosherMealClash(food(id), [food("brown-rice")]) !== undefined,
      );
    const kosher = swapsUnder("kosher");
    expect(kosher).not.toEqual([]);
    expect(clashes(kosher)).toEqual([]);
  });
});
