import { describe, expect, it } from "vitest";
import { catalogueProblems, FOOD_CATALOGUE, findFood } from "./food-catalogue";
import { CUISINES, DIET_TYPES, MEAL_SLOTS } from "./food.types";
import { suitsDiet } from "./meal-targets";
import { TEST_FOODS } from "./test-foods.fixture";

describe("food catalogue", () => {
  it("joins the three food files into at least 500 sound foods with unique ids", () => {
    expect(FOOD_CATALOGUE.length).toBeGreaterThanOrEqual(500);
    expect(catalogueProblems(FOOD_CATALOGUE)).toEqual([]);
    expect(new Set(FOOD_CATALOGUE.map((food) => food.id)).size).toBe(FOOD_CATALOGUE.length);
  });

  it("finds foods by id", () => {
    const first = FOOD_CATALOGUE[0];
    expect(first && findFood(first.id)).toBe(first);
    expect(findFood("no-such-food")).toBeUndefined();
  });

  it("reports duplicate ids and broken portions", () => {
    const [first, second] = TEST_FOODS;
    if (first === undefined || second === undefined) throw new Error("fixture too small");
    expect(catalogueProblems([first, { ...second, id: first.id }])).toContain(`duplicate id "${first.id}"`);
    expect(catalogueProblems([{ ...first, portionMinG: 50, portionMaxG: 40 }])).toEqual([
      `"${first.id}" has an invalid portion range`,
    ]);
    expect(catalogueProblems([{ ...first, portionMinG: 50, portionMaxG: 120, portionStepG: 25 }])).toEqual([
      `"${first.id}" portion range is not a whole number of steps`,
    ]);
  });

  it("offers at least two foods for every meal, cuisine and diet type", () => {
    for (const cuisine of CUISINES) {
      for (const dietType of DIET_TYPES) {
        for (const meal of MEAL_SLOTS) {
          const count = FOOD_CATALOGUE.filter(
            (food) =>
              food.slots.includes(meal) &&
              suitsDiet(food, dietType) &&
              (food.cuisines.length === 0 || food.cuisines.includes(cuisine)),
          ).length;
          expect(count, `${cuisine}/${dietType}/${meal}`).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });
});
