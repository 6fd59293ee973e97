import { describe, expect, it } from "vitest";
import { EXCLUSION_TEST_FOODS } from "./exclusion-foods.fixture";
import type { Food, MealSlot } from "./food.types";
import { kosherMealClash } from "./kosher-meals";
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
  it("never put meat and dairy together; fish and eggs go with either", () => {
    expect(kosherMealClash(food("chicken-breast"), [food("paneer-tikka")])).toMatch(/meat/);
    expect(kosherMealClash(food("paneer-tikka"), [food("beef-stew")])).toMatch(/dairy/);
    expect(kosherMealClash(food("salmon-baked"), [food("paneer-tikka")])).toBeUndefined();
    expect(kosherMealClash(food("egg-boiled"), [food("chicken-breast")])).toBeUndefined();
  });

  it("a replacement beside dairy is never meat", () => {
    const side = food("salmon-baked");
    const plan = [
      item("paneer-tikka", "Lunch", 150),
      item(side.id, "Lunch", side.portionMinG + side.portionStepG),
    ];
    const targetKcal = plan.reduce((sum, entry) => sum + entry.Calories, 0);
    const swapsUnder = (allergiesText: string) => {
      const swaps = new Set<string>();
      for (let seed = 0; seed < 60; seed += 1) {
        const outcome = replaceMealItem(
          { plan, itemId: `k-${side.id}`, request: { ...REQUEST, targetKcal, allergiesText }, seed },
          EXCLUSION_TEST_FOODS,
        );
        if (outcome.ok) swaps.add(outcome.item.foodId);
      }
      return [...swaps];
    };
    const clashes = (ids: readonly string[]) =>
      ids.filter((id) => kosherMealClash(food(id), [food("paneer-tikka")]) !== undefined);
    // Without the rule the best swap for the fish beside paneer is chicken: the rule is what keeps it out.
    expect(clashes(swapsUnder(""))).not.toEqual([]);
    const kosher = swapsUnder("kosher");
    expect(kosher).not.toEqual([]);
    expect(clashes(kosher)).toEqual([]);
  });
});
