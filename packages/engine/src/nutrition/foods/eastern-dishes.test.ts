import { describe, expect, it } from "vitest";
import {
  ALLERGENS,
  IMAGE_CATEGORIES,
  MEAL_SLOTS,
  PROTEIN_SOURCES,
  type Cuisine,
  type DietType,
  type Food,
  type MealSlot,
} from "../food.types";
import { EASTERN_DISHES } from "../food-catalogue";

/** Id prefix of each cuisine this file covers. */
const CUISINE_PREFIXES: Readonly<Record<string, Cuisine>> = {
  in: "Indian",
  cn: "Chinese",
  jp: "Japanese",
  th: "Thai",
  kr: "Korean",
  vn: "Vietnamese",
  me: "Middle Eastern",
  lb: "Lebanese",
  tr: "Turkish",
  af: "African",
  et: "Ethiopian",
};
const EASTERN_CUISINES: readonly Cuisine[] = Object.values(CUISINE_PREFIXES);

const DIET_RANK: Readonly<Record<DietType, number>> = { vegan: 0, vegetarian: 1, standard: 2 };

/**
 * A dish counts as protein-rich when protein gives at least 18 % of its energy: 1.6 g/kg body weight at a
 * typical 35 kcal/kg intake is 1.6 × 4 / 35 ≈ 18 % of energy, the planner's lower protein target.
 */
function isProteinRich(food: Food): boolean {
  return (4 * food.proteinG) / food.energyKcal >= 0.18;
}

/**
 * Energy from macros with Atwater general factors (4/4/9 kcal/g). USDA carbohydrate is "by difference" and
 * includes fibre, so fibre is tried at 4 kcal/g and at 2 kcal/g (FAO 2003, Food energy, ch. 3).
 */
function atwaterDeviationKcal(food: Food): number {
  const fibreAtFour = 4 * food.proteinG + 4 * food.carbsG + 9 * food.fatG;
  const fibreAtTwo = fibreAtFour - 2 * food.fibreG;
  return Math.min(Math.abs(fibreAtFour - food.energyKcal), Math.abs(fibreAtTwo - food.energyKcal));
}

function dishes(cuisine: Cuisine, slot: MealSlot, allowed: (food: Food) => boolean): Food[] {
  return EASTERN_DISHES.filter(
    (food) => food.cuisines.includes(cuisine) && food.slots.includes(slot) && allowed(food),
  );
}

function byId(id: string): Food {
  const food = EASTERN_DISHES.find((candidate) => candidate.id === id);
  if (food === undefined) throw new Error(`no dish ${id}`);
  return food;
}

describe("eastern dishes", () => {
  it("has about 170 or more dishes", () => {
    expect(EASTERN_DISHES.length).toBeGreaterThanOrEqual(170);
  });

  it("has unique kebab-case ids prefixed by a cuisine the dish belongs to", () => {
    const ids = EASTERN_DISHES.map((food) => food.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const food of EASTERN_DISHES) {
      expect(food.id).toMatch(/^[a-z]{2}(-[a-z0-9]+)+$/);
      const prefixCuisine = CUISINE_PREFIXES[food.id.slice(0, 2)];
      expect(prefixCuisine, food.id).toBeDefined();
      expect(food.cuisines, food.id).toContain(prefixCuisine);
    }
  });

  it("uses only the allowed values and covers only the eastern cuisines", () => {
    for (const food of EASTERN_DISHES) {
      expect(food.name.trim().length, food.id).toBeGreaterThan(0);
      expect(food.slots.length, food.id).toBeGreaterThan(0);
      expect(new Set(food.slots).size, food.id).toBe(food.slots.length);
      for (const slot of food.slots) expect(MEAL_SLOTS, food.id).toContain(slot);
      expect(food.cuisines.length, food.id).toBeGreaterThan(0);
      for (const cuisine of food.cuisines) expect(EASTERN_CUISINES, food.id).toContain(cuisine);
      for (const allergen of food.allergens) expect(ALLERGENS, food.id).toContain(allergen);
      expect(new Set(food.allergens).size, food.id).toBe(food.allergens.length);
      if (food.proteinSource !== undefined) expect(PROTEIN_SOURCES, food.id).toContain(food.proteinSource);
      expect(IMAGE_CATEGORIES, food.id).toContain(food.image);
      if (food.usdaNdbNo !== undefined) expect(food.usdaNdbNo, food.id).toMatch(/^\d{5}$/);
    }
  });

  it("has non-negative figures that fit in 100 g", () => {
    for (const food of EASTERN_DISHES) {
      expect(food.energyKcal, food.id).toBeGreaterThan(0);
      for (const grams of [food.proteinG, food.carbsG, food.fatG, food.fibreG]) {
        expect(grams, food.id).toBeGreaterThanOrEqual(0);
      }
      expect(food.proteinG + food.carbsG + food.fatG, food.id).toBeLessThanOrEqual(100);
      expect(food.fibreG, food.id).toBeLessThanOrEqual(food.carbsG);
    }
  });

  it("is Atwater-consistent within 15 % (5 kcal for near-zero foods)", () => {
    const inconsistent = EASTERN_DISHES.filter(
      (food) => atwaterDeviationKcal(food) > Math.max(5, 0.15 * food.energyKcal),
    ).map((food) => food.id);
    expect(inconsistent).toEqual([]);
  });

  it("has sane portions: ordered, a whole number of 10–50 g steps, one serving", () => {
    for (const food of EASTERN_DISHES) {
      expect(food.portionMinG, food.id).toBeGreaterThanOrEqual(20);
      expect(food.portionMinG, food.id).toBeLessThan(food.portionMaxG);
      expect(food.portionMaxG, food.id).toBeLessThanOrEqual(500);
      expect(food.portionStepG, food.id).toBeGreaterThanOrEqual(10);
      expect(food.portionStepG, food.id).toBeLessThanOrEqual(50);
      expect((food.portionMaxG - food.portionMinG) % food.portionStepG, food.id).toBe(0);
      // At least three choices, so the planner can scale every dish.
      expect((food.portionMaxG - food.portionMinG) / food.portionStepG, food.id).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps animal products out of vegan and flesh out of vegetarian dishes", () => {
    for (const food of EASTERN_DISHES) {
      if (food.diet === "vegan") {
        for (const allergen of ["milk", "egg", "fish", "shellfish"] as const) {
          expect(food.allergens, food.id).not.toContain(allergen);
        }
        expect(["Poultry", "Farm Meat", "Seafood", "Eggs", "Dairy"], food.id).not.toContain(
          food.proteinSource,
        );
      }
      if (food.diet === "vegetarian") {
        expect(food.allergens, food.id).not.toContain("fish");
        expect(food.allergens, food.id).not.toContain("shellfish");
        expect(["Poultry", "Farm Meat", "Seafood"], food.id).not.toContain(food.proteinSource);
      }
      if (food.proteinSource === "Eggs") expect(food.allergens, food.id).toContain("egg");
      if (food.proteinSource === "Dairy") expect(food.allergens, food.id).toContain("milk");
      if (food.proteinSource === "Tofu") expect(food.allergens, food.id).toContain("soy");
    }
  });

  it("tags the allergens and diet that follow from the ingredients", () => {
    const expectations: [id: string, diet: DietType, allergens: string[]][] = [
      ["in-dal-tadka", "vegetarian", ["milk"]], // ghee
      ["in-masoor-dal", "vegan", []], // oil tempering
      ["et-injera", "vegan", ["wheat/gluten"]], // teff, often mixed with wheat or barley
      ["et-chechebsa", "vegetarian", ["milk", "wheat/gluten"]], // niter kibbeh
      ["et-kolo", "vegan", ["peanut", "wheat/gluten"]], // barley
      ["me-hummus", "vegan", ["sesame"]], // tahini
      ["jp-natto-gohan", "vegan", ["wheat/gluten", "soy"]], // soy sauce
      ["jp-miso-soup", "vegan", ["soy"]], // kombu dashi
      ["jp-oyakodon", "standard", ["egg", "fish", "wheat/gluten", "soy"]], // bonito dashi
      ["th-green-curry-chicken", "standard", ["fish", "shellfish"]], // fish sauce, shrimp paste
      ["th-green-curry-tofu", "vegan", ["wheat/gluten", "soy"]],
      ["kr-kimchi", "standard", ["fish", "shellfish"]], // jeotgal
      ["cn-beef-broccoli", "standard", ["shellfish", "wheat/gluten", "soy", "molluscs"]], // oyster sauce
      ["vn-banh-mi-thit", "standard", ["egg", "wheat/gluten", "soy", "mustard"]], // mayonnaise
      ["me-fattet-hummus", "vegetarian", ["milk", "tree nuts", "wheat/gluten", "sesame"]],
    ];
    for (const [id, diet, allergens] of expectations) {
      const food = byId(id);
      expect(food.diet, id).toBe(diet);
      expect([...food.allergens].sort(), id).toEqual([...allergens].sort());
    }
  });

  describe.each(EASTERN_CUISINES)("%s", (cuisine) => {
    it.each(MEAL_SLOTS)("has at least 2 vegan dishes for %s", (slot) => {
      expect(dishes(cuisine, slot, (food) => food.diet === "vegan").length).toBeGreaterThanOrEqual(2);
    });

    it.each(MEAL_SLOTS)("has a protein-rich dish for %s in every diet type", (slot) => {
      for (const diet of ["vegan", "vegetarian", "standard"] as const) {
        const allowed = dishes(cuisine, slot, (food) => DIET_RANK[food.diet] <= DIET_RANK[diet]);
        expect(allowed.filter(isProteinRich).length, `${diet} ${slot}`).toBeGreaterThanOrEqual(1);
      }
    });

    it("has at least 2 protein-rich dishes of each diet class", () => {
      for (const diet of ["vegan", "vegetarian", "standard"] as const) {
        const own = EASTERN_DISHES.filter(
          (food) => food.cuisines.includes(cuisine) && food.diet === diet && isProteinRich(food),
        );
        expect(own.length, diet).toBeGreaterThanOrEqual(2);
      }
    });

    it("has protein-rich lunch and dinner mains of each diet class", () => {
      for (const slot of ["Lunch", "Dinner"] as const) {
        for (const diet of ["vegan", "vegetarian", "standard"] as const) {
          const own = dishes(cuisine, slot, (food) => food.diet === diet && isProteinRich(food));
          expect(own.length, `${diet} ${slot}`).toBeGreaterThanOrEqual(1);
        }
      }
    });
  });
});
