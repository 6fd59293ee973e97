import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { AVOIDANCE_PHRASINGS } from "./avoidance-phrasings.fixture";
import { FOOD_CATALOGUE, FOOD_RECORDS, INGREDIENTS, findFood } from "./food-catalogue";
import type { Food } from "./food.types";
import { createMealPlanner, type MealItem, type MealPlanner } from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { replacementChoices } from "./meal-replacement";
import { recipeFor } from "./recipes";
import {
  nameWithoutVariant,
  regenerateUsualRecipes,
  shownName,
  USUAL_RECIPES,
  usualRecipeProblems,
} from "./usual-recipes";
import { unstatedLeaks } from "./usual-recipes.fixture";

const DISHES = FOOD_RECORDS.filter((record) => record.cuisines.length > 0 || record.ingredients.length > 1);

describe("the usual-recipes table (foods/usual-recipes.json)", () => {
  it("covers every dish as the catalogue holds it now, reviewed, with known left-out ingredients", () => {
    expect(regenerateUsualRecipes(DISHES, USUAL_RECIPES)).toEqual(USUAL_RECIPES);
    expect(usualRecipeProblems(USUAL_RECIPES, INGREDIENTS)).toEqual([]);
    expect(USUAL_RECIPES.dishes).toHaveLength(DISHES.length);
  });

  it("records what the issue's audit found left out", () => {
    const leftOut = (id: string) => USUAL_RECIPES.dishes.find((entry) => entry.id === id)?.leftOut ?? [];
    for (const id of ["jp-miso-soup", "jp-zaru-soba", "jp-kitsune-udon", "jp-tamagoyaki", "jp-agedashi-tofu"])
      expect(leftOut(id).join(), id).toMatch(/bonito/);
    expect(leftOut("kr-gyeran-jjim").join()).toMatch(/anchovy/);
    for (const id of ["vn-rau-muong-xao-toi", "th-khai-jiao", "vn-trung-chien"])
      expect(leftOut(id), id).toContain("fish sauce (anchovies, salt)");
    expect(leftOut("cn-hot-sour-soup")).toContain("shredded pork");
    expect(leftOut("kr-japchae")).toContain("cooked top sirloin");
    expect(leftOut("es-huevos-a-la-flamenca")).toContain("chorizo");
    expect(leftOut("ru-gorokhovy-sup")).toContain("smoked pork ribs");
    expect(leftOut("ru-shchi")).toContain("beef broth");
    expect(leftOut("et-key-wat")).toContain("niter kibbeh");
    expect(leftOut("cb-cornmeal-porridge")).toContain("sweetened condensed milk");
    expect(leftOut("jp-chicken-karaage")).toContain("sake");
    expect(leftOut("it-spaghetti-bolognese")).toEqual(["pancetta", "white wine"]);
  });
});

describe("shown names state the variant", () => {
  it("composes the name once, inside a closing bracket where the name has one", () => {
    expect(shownName("Miso soup", "kombu stock, no fish")).toBe("Miso soup (kombu stock, no fish)");
    expect(shownName("Huevos a la flamenca (baked eggs)", "no chorizo")).toBe(
      "Huevos a la flamenca (baked eggs, no chorizo)",
    );
    expect(shownName("Tofu bibimbap (vegan)", "vegan")).toBe("Tofu bibimbap (vegan)");
    expect(shownName("Idli", undefined)).toBe("Idli");
  });

  it("in the catalogue and in get_recipe, for every dish with a variant", () => {
    for (const entry of USUAL_RECIPES.dishes) {
      const food = findFood(entry.id) as Food;
      expect(food.variant, entry.id).toBe(entry.variant);
      if (entry.variant === undefined) {
        expect(food.name).toBe(entry.name);
        continue;
      }
      expect(food.name.toLowerCase(), entry.id).toContain(entry.variant.toLowerCase());
      expect(recipeFor(entry.id, 200)?.variant, entry.id).toBe(entry.variant);
      expect(recipeFor(entry.id, 200)?.name, entry.id).toBe(food.name);
    }
    expect(findFood("jp-miso-soup")?.name).toBe("Miso soup with tofu and wakame (kombu stock, no fish)");
    expect(nameWithoutVariant(findFood("vn-trung-chien") as Food)).not.toMatch(/fish/);
  });
});

describe("no served item's usual recipe holds an exclusion its name does not state (real catalogue)", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner();
  });

  it("in plans, every Replace alternative and resets, for random profiles × phrasings", () => {
    let served = 0;
    let stated = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...AVOIDANCE_PHRASINGS),
        (profile, [text, expected]) => {
          const request = { ...randomPlanRequest(profile), allergiesText: text };
          const outcome = planner.plan(request);
          if (!outcome.ok) return;
          const { items } = outcome.plan;
          const reset = planner.plan({
            ...request,
            seed: request.seed + 1,
            previousFoodIds: items.map((item) => item.foodId),
          });
          const alternatives = items.flatMap((item, index) => {
            const choices = replacementChoices({
              plan: items,
              itemId: item.id,
              request,
              seed: profile + index,
            });
            return choices.ok ? choices.items : [];
          });
          const all = [...items, ...(reset.ok ? reset.plan.items : []), ...alternatives];
          served += all.length;
          stated += all.filter((item) => findFood(item.foodId)?.variant !== undefined).length;
          expect(all.flatMap((item) => unstatedLeaks(item, expected))).toEqual([]);
        },
      ),
      { seed: 22, numRuns: 40 },
    );
    expect(served).toBeGreaterThan(500);
    // The property means something only if dishes with a stated variant were served.
    expect(stated).toBeGreaterThan(0);
  }, 60_000);

  it("would catch a dish whose name hid its variant", () => {
    const miso = findFood("jp-miso-soup") as Food;
    const hidden: MealItem = {
      id: "x",
      slot: "Lunch",
      name: "Miso soup with tofu and wakame",
      grams: 250,
      energyKcal: 50,
      proteinG: 4,
      carbsG: 4,
      fatG: 2,
      foodId: miso.id,
      image: miso.image,
    };
    expect(unstatedLeaks(hidden, { allergens: ["fish"] })).not.toEqual([]);
    expect(unstatedLeaks({ ...hidden, name: miso.name }, { allergens: ["fish"] })).toEqual([]);
    expect(FOOD_CATALOGUE.filter((food) => food.variant !== undefined).length).toBe(70);
  });
});
