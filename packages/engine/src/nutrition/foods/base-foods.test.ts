import { describe, expect, it } from "vitest";
import { MEAL_SLOTS, type Cuisine, type Food } from "../food.types";
import { BASE_FOODS, WESTERN_DISHES } from "../food-catalogue";

const WESTERN_CUISINES: readonly Cuisine[] = [
  "American",
  "European",
  "Italian",
  "French",
  "Greek",
  "Mediterranean",
  "Spanish",
  "Russian",
  "Mexican",
  "Latin American",
  "Caribbean",
];

const FOODS: readonly Food[] = [...BASE_FOODS, ...WESTERN_DISHES];

/**
 * Energy from macros with Atwater general factors (4/4/9 kcal/g). USDA carbohydrate is "by difference" and
 * includes fibre, so fibre is tried at 4 kcal/g and at 2 kcal/g (FAO 2003, Food energy, ch. 3); the food
 * passes when either is within 15 % (5 kcal for near-zero foods).
 */
function atwaterDeviationKcal(food: Food): number {
  const fibreAtFour = 4 * food.proteinG + 4 * food.carbsG + 9 * food.fatG;
  const fibreAtTwo = fibreAtFour - 2 * food.fibreG;
  return Math.min(Math.abs(fibreAtFour - food.energyKcal), Math.abs(fibreAtTwo - food.energyKcal));
}

function dishesFor(cuisine: Cuisine, slot: Food["slots"][number]): readonly Food[] {
  return WESTERN_DISHES.filter((food) => food.cuisines.includes(cuisine) && food.slots.includes(slot));
}

describe("base foods and western dishes", () => {
  it("have unique kebab-case ids", () => {
    const ids = FOODS.map((food) => food.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("are Atwater-consistent within 15 %", () => {
    const inconsistent = FOODS.filter(
      (food) => atwaterDeviationKcal(food) > Math.max(5, 0.15 * food.energyKcal),
    ).map((food) => food.id);
    expect(inconsistent).toEqual([]);
  });

  it("have sane portions: positive, ordered, a whole number of 5–50 g steps", () => {
    for (const food of FOODS) {
      expect(food.portionMinG, food.id).toBeGreaterThan(0);
      expect(food.portionMinG, food.id).toBeLessThanOrEqual(food.portionMaxG);
      expect(food.portionStepG, food.id).toBeGreaterThanOrEqual(5);
      expect(food.portionStepG, food.id).toBeLessThanOrEqual(50);
      expect((food.portionMaxG - food.portionMinG) % food.portionStepG, food.id).toBe(0);
      // A portion above 500 g or below 5 g is not a single serving of anything in this catalogue.
      expect(food.portionMaxG, food.id).toBeLessThanOrEqual(500);
      expect(food.portionMinG, food.id).toBeGreaterThanOrEqual(5);
    }
  });

  it("keep animal allergens out of plant-based diets", () => {
    for (const food of FOODS) {
      if (food.diet === "vegan") {
        for (const allergen of ["milk", "egg", "fish", "shellfish"] as const) {
          expect(food.allergens, food.id).not.toContain(allergen);
        }
      }
      if (food.diet === "vegetarian") {
        expect(food.allergens, food.id).not.toContain("fish");
        expect(food.allergens, food.id).not.toContain("shellfish");
      }
    }
  });

  it("tag the allergens that follow from common ingredients", () => {
    const byId = new Map(FOODS.map((food) => [food.id, food]));
    const expectations: [string, string][] = [
      ["whole-wheat-bread", "wheat/gluten"],
      ["tofu-firm", "soy"],
      ["tempeh-cooked", "soy"],
      ["peanut-butter", "peanut"],
      ["almond-milk-unsweetened", "tree nuts"],
      ["hummus", "sesame"],
      ["tahini", "sesame"],
      ["it-margherita-pizza", "milk"],
      ["fr-salade-nicoise", "egg"],
      ["es-seafood-paella", "shellfish"],
    ];
    for (const [id, allergen] of expectations) expect(byId.get(id)?.allergens, id).toContain(allergen);
    expect(byId.get("honey")?.diet).toBe("vegetarian");
  });

  it("give base foods no cuisine and a USDA number, except recipe-derived seitan", () => {
    for (const food of BASE_FOODS) {
      expect(food.cuisines, food.id).toEqual([]);
      if (food.id !== "seitan") expect(food.usdaNdbNo, food.id).toMatch(/^\d{5}$/);
    }
  });

  it("give every western dish at least one western cuisine", () => {
    for (const food of WESTERN_DISHES) {
      expect(
        food.cuisines.some((cuisine) => WESTERN_CUISINES.includes(cuisine)),
        food.id,
      ).toBe(true);
    }
  });

  it.each(WESTERN_CUISINES)("%s has at least two vegan dishes for every meal slot", (cuisine) => {
    for (const slot of MEAL_SLOTS) {
      const vegan = dishesFor(cuisine, slot).filter((food) => food.diet === "vegan");
      expect(vegan.length, `${cuisine} ${slot}`).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(WESTERN_CUISINES)(
    "%s has egg/dairy and meat/fish protein dishes for breakfast, lunch and dinner",
    (cuisine) => {
      for (const slot of ["Breakfast", "Lunch", "Dinner"] as const) {
        const dishes = dishesFor(cuisine, slot);
        const vegetarianProtein = dishes.filter(
          (food) =>
            food.diet === "vegetarian" && (food.proteinSource === "Eggs" || food.proteinSource === "Dairy"),
        );
        expect(vegetarianProtein.length, `${cuisine} ${slot} vegetarian`).toBeGreaterThanOrEqual(1);
        if (slot !== "Breakfast") {
          const meatOrFish = dishes.filter(
            (food) =>
              food.diet === "standard" &&
              (food.proteinSource === "Poultry" ||
                food.proteinSource === "Farm Meat" ||
                food.proteinSource === "Seafood"),
          );
          expect(meatOrFish.length, `${cuisine} ${slot} standard`).toBeGreaterThanOrEqual(2);
        }
      }
    },
  );
});
