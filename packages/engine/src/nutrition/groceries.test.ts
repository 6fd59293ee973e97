import { beforeAll, describe, expect, it } from "vitest";
import { FOOD_RECORDS, INGREDIENTS, findFood } from "./food-catalogue";
import { parseAvoidances } from "./avoidances";
import { exclusionConflict } from "./exclusions";
import { AISLES, aisleOf, buyFactor, buyName, groceryList } from "./groceries";
import type { MealItem } from "./meal-plan.types";
import { createMealPlanner, type MealPlanner } from "./meal-planner";
import { scaledIngredients } from "./recipes";

const ALLERGIES = "fish, peanuts";

describe("groceryList over a planned week", () => {
  let week: MealItem[] = [];
  beforeAll(async () => {
    const planner: MealPlanner = await createMealPlanner();
    week = [];
    for (let day = 1; day <= 7; day += 1) {
      const outcome = planner.plan({
        targetKcal: 2200,
        weightKg: 75,
        gender: "male",
        goal: "Lose Weight",
        dietType: "standard",
        cuisine: "Mediterranean",
        proteinSources: ["Poultry", "Eggs", "Beans"],
        favouriteFoodsText: "",
        allergiesText: ALLERGIES,
        planNumber: (((day - 1) % 3) + 1) as 1 | 2 | 3,
        seed: day,
      });
      if (!outcome.ok) throw new Error(outcome.error.message);
      week.push(...outcome.plan.items);
    }
  }, 120_000);

  it("gives each line the raw-equivalent sum of the chosen items' ingredients, as bought", () => {
    const expected = new Map<string, number>();
    for (const item of week) {
      const record = FOOD_RECORDS.find((entry) => entry.id === item.foodId);
      expect(record, item.foodId).toBeDefined();
      if (record === undefined) continue;
      for (const { name, grams } of scaledIngredients(record, item.grams)) {
        if (aisleOf(name) === undefined) continue;
        const key = buyName(name);
        expected.set(key, (expected.get(key) ?? 0) + grams * buyFactor(name));
      }
    }
    const lines = groceryList(week).flatMap((aisle) => aisle.items);
    expect(lines.map((line) => line.name).sort()).toEqual([...expected.keys()].sort());
    for (const line of lines) expect(line.grams, line.name).toBeCloseTo(expected.get(line.name) ?? -1, 1);
    expect(lines.length).toBeGreaterThan(10);
  });

  it("holds nothing from an excluded ingredient", () => {
    const rules = parseAvoidances(ALLERGIES);
    expect(rules.allergens).toEqual(expect.arrayContaining(["fish", "peanut"]));
    const lineNames = new Set(groceryList(week).flatMap((aisle) => aisle.items.map((line) => line.name)));
    for (const item of week) {
      const food = findFood(item.foodId);
      expect(food && exclusionConflict(food, rules), item.name).toBeUndefined();
      for (const ingredient of food?.ingredients ?? []) {
        if (!lineNames.has(buyName(ingredient.name))) continue;
        const allergens = INGREDIENTS.get(ingredient.name)?.allergens ?? [];
        for (const allergen of rules.allergens) expect(allergens, ingredient.name).not.toContain(allergen);
      }
    }
  });

  it("names the dishes each line serves and keeps the aisles in order", () => {
    const aisles = groceryList(week);
    const dishNames = new Set(week.map((item) => item.name));
    expect(aisles.map((aisle) => aisle.name)).toEqual(
      AISLES.filter((name) => aisles.some((aisle) => aisle.name === name)),
    );
    for (const line of aisles.flatMap((aisle) => aisle.items)) {
      expect(line.dishes.length).toBeGreaterThan(0);
      for (const dish of line.dishes) expect(dishNames.has(dish)).toBe(true);
    }
  });
});

describe("what a person buys", () => {
  it("buys dry rice for cooked rice, by the ratio of USDA energy densities", () => {
    expect(buyName("cooked white rice")).toBe("white rice (dry)");
    expect(buyFactor("cooked white rice")).toBeCloseTo(130 / 365, 3);
    expect(buyFactor("onion")).toBe(1);
  });

  it("counts eggs, whatever the recipe calls them", () => {
    const omelette = FOOD_RECORDS.find((record) =>
      record.ingredients.some((ingredient) => buyName(ingredient.name) === "eggs"),
    );
    expect(omelette).toBeDefined();
    if (omelette === undefined) return;
    const eggs = groceryList([{ foodId: omelette.id, grams: omelette.portionMaxG, name: omelette.name }])
      .flatMap((aisle) => aisle.items)
      .find((line) => line.name === "eggs");
    expect(eggs?.count).toBe(Math.ceil((eggs?.grams ?? 0) / 50 - 1e-9));
    expect(eggs?.count).toBeGreaterThanOrEqual(1);
  });

  it("has an aisle for every ingredient, and leaves out only water and kombu stock", () => {
    const none = [...INGREDIENTS.keys()].filter((name) => aisleOf(name) === undefined);
    expect(none.sort()).toEqual(["kombu stock", "water"]);
  });
});
