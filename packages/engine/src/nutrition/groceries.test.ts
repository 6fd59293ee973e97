import { beforeAll, describe, expect, it } from "vitest";
import { FOOD_RECORDS, INGREDIENTS, findFood } from "./food-catalogue";
import { parseAvoidances } from "./avoidances";
import { exclusionConflict } from "./exclusions";
import GROCERY_BUY from "./foods/grocery-buy.json" with { type: "json" };
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

  it("buys raw chicken breast for roast and grilled chicken breast, one line, by USDA protein density", () => {
    for (const name of ["roast chicken breast", "chicken breast, roasted", "chicken breast, grilled"])
      expect(buyName(name), name).toBe("chicken breast");
    // SR Legacy 05064 roasted 31.02 g protein per 100 g, 05062 raw 22.5 g.
    expect(buyFactor("roast chicken breast")).toBeCloseTo(31.02 / 22.5, 3);
    const roast = FOOD_RECORDS.find((record) =>
      record.ingredients.some((ingredient) => ingredient.name === "roast chicken breast"),
    );
    const roasted = FOOD_RECORDS.find((record) =>
      record.ingredients.some((ingredient) => ingredient.name === "chicken breast, roasted"),
    );
    if (roast === undefined || roasted === undefined) throw new Error("no recipe names roast chicken breast");
    const lines = groceryList([
      { foodId: roast.id, grams: roast.portionMaxG, name: roast.name },
      { foodId: roasted.id, grams: roasted.portionMaxG, name: roasted.name },
    ]).flatMap((aisle) => aisle.items);
    expect(lines.filter((line) => /chicken breast/.test(line.name)).map((line) => line.name)).toEqual([
      "chicken breast",
    ]);
  });

  it("buys chard for cooked chard, dry fava beans for cooked ones, and lupini beans in a jar", () => {
    expect([buyName("cooked chard"), buyFactor("cooked chard")]).toEqual(["chard", 1]);
    expect(buyName("cooked fava beans")).toBe("dry fava beans");
    // SR Legacy 16053 boiled 110 kcal per 100 g, 16052 raw 341 kcal.
    expect(buyFactor("cooked fava beans")).toBeCloseTo(110 / 341, 3);
    expect([buyName("cooked lupini beans"), buyFactor("cooked lupini beans")]).toEqual([
      "lupini beans (jarred)",
      1,
    ]);
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

/** A cooking word in a line's name means the list names what is eaten, not what is bought. */
const COOKED =
  /\b(cooked|boiled|roast|roasted|grilled|baked|steamed|fried|braised|poached|stewed|saut[eé]ed|scrambled|broiled|pan-browned|mashed|toasted)\b/i;
/** What a shop sells cooked, and why a person buys it that way. */
const SOLD_COOKED: Record<string, string> = {
  "baked beans (canned)": "sold only canned, in tomato sauce",
  "fried tofu puffs": "sold fried, in packets; frying tofu at home is another recipe",
  "roasted cashews": "nuts and seeds are sold roasted",
  "roasted chestnuts": "sold roasted and peeled, vacuum-packed",
  "roasted mixed nuts with peanuts": "nuts and seeds are sold roasted",
  "roasted peanuts": "nuts and seeds are sold roasted",
  "roasted pistachios": "nuts and seeds are sold roasted",
  "roasted pumpkin seeds": "nuts and seeds are sold roasted",
  "roasted sunflower seeds": "nuts and seeds are sold roasted",
};

describe("the whole catalogue, as bought", () => {
  const bought = new Map<string, Set<string>>();
  for (const record of FOOD_RECORDS) {
    for (const { name } of record.ingredients) {
      const aisle = aisleOf(name);
      if (aisle === undefined) continue;
      bought.set(buyName(name), (bought.get(buyName(name)) ?? new Set()).add(aisle));
    }
  }

  it("names no line as a cooked form, except what is sold cooked", () => {
    const cooked = [...bought.keys()].filter((name) => COOKED.test(name)).sort();
    expect(cooked).toEqual(Object.keys(SOLD_COOKED).sort());
  });

  it("finds each buy name in one aisle", () => {
    for (const [name, aisles] of bought) expect([...aisles], name).toHaveLength(1);
  });

  it("gives every yield its USDA source, and every rule an ingredient the table holds", () => {
    const rules = GROCERY_BUY as Record<
      string,
      { dryIngredient?: string; dryEnergyKcal?: number; rawProteinG?: number; source?: string }
    >;
    for (const [name, rule] of Object.entries(rules)) {
      expect(INGREDIENTS.has(name), name).toBe(true);
      const yields = [rule.dryIngredient, rule.dryEnergyKcal, rule.rawProteinG].filter(
        (value) => value !== undefined,
      );
      expect(yields.length, name).toBeLessThanOrEqual(1);
      if (rule.dryEnergyKcal !== undefined || rule.rawProteinG !== undefined)
        expect(rule.source, name).toMatch(/^USDA SR Legacy \d{5}, /);
      if (rule.dryIngredient !== undefined)
        expect(INGREDIENTS.get(rule.dryIngredient)?.ndbNo, name).toMatch(/^\d{5}$/);
    }
  });
});
