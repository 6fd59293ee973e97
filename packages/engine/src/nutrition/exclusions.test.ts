import { describe, expect, it } from "vitest";
import { exclusionConflict, NO_EXCLUSIONS, type ExclusionRules } from "./exclusions";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import type { Food } from "./food.types";

function food(id: string): Food {
  const found = findFood(id);
  if (found === undefined) throw new Error(`no food ${id}`);
  return found;
}

const rules = (overrides: Partial<ExclusionRules>): ExclusionRules => ({ ...NO_EXCLUSIONS, ...overrides });
const allowed = (ids: readonly string[], rule: ExclusionRules) =>
  ids.filter((id) => exclusionConflict(food(id), rule) === undefined);

describe("exclusionConflict on the catalogue", () => {
  it("excludes nothing without rules", () => {
    expect(FOOD_CATALOGUE.filter((item) => exclusionConflict(item, NO_EXCLUSIONS) !== undefined)).toEqual([]);
  });

  it("a pork rule excludes pork dishes whose names do not say pork", () => {
    const noPork = rules({ flags: ["pork"] });
    expect(exclusionConflict(food("vn-bun-cha"), noPork)).toBe("contains pork");
    expect(exclusionConflict(food("jp-tonkatsu"), noPork)).toBe("contains pork");
    expect(exclusionConflict(food("fr-quiche-lorraine"), noPork)).toBe("contains pork");
    expect(exclusionConflict(food("la-beef-empanadas"), noPork)).toBe("contains pork"); // lard pastry
    expect(allowed(["in-chicken-tikka", "kr-bulgogi", "fr-spinach-quiche"], noPork)).toEqual([
      "in-chicken-tikka",
      "kr-bulgogi",
      "fr-spinach-quiche",
    ]);
  });

  it("a beef rule excludes bulgogi and pho bo, not pho ga", () => {
    const noBeef = rules({ flags: ["beef"] });
    expect(allowed(["kr-bulgogi", "vn-pho-bo", "vn-pho-ga"], noBeef)).toEqual(["vn-pho-ga"]);
  });

  it("an allergen rule excludes by the allergens the ingredients carry", () => {
    const noSesame = rules({ allergens: ["sesame"] });
    expect(exclusionConflict(food("me-labneh"), noSesame)).toBe("contains sesame");
    expect(exclusionConflict(food("bagel-plain"), noSesame)).toBe("contains sesame");
    const noShellfish = rules({ allergens: ["shellfish"] });
    expect(exclusionConflict(food("cn-beef-broccoli"), noShellfish)).toBe("contains shellfish"); // oyster sauce
    expect(exclusionConflict(food("af-egusi-soup"), noShellfish)).toBe("contains shellfish"); // crayfish
  });

  it("halal-style flags exclude wine-braised, mirin-glazed, rennet and gelatin dishes", () => {
    const halal = rules({ flags: ["pork", "alcohol", "gelatin", "blood"] });
    expect(exclusionConflict(food("fr-coq-au-vin"), halal)).toBe("contains pork");
    expect(exclusionConflict(food("fr-boeuf-bourguignon"), halal)).toBe("contains pork");
    expect(exclusionConflict(food("jp-chicken-teriyaki"), halal)).toBe("contains alcohol");
    expect(exclusionConflict(food("in-chicken-tikka"), halal)).toBeUndefined();
    expect(exclusionConflict(food("it-eggplant-parmigiana"), rules({ flags: ["animal-rennet"] }))).toBe(
      "contains animal-rennet",
    );
  });

  it("an ingredient rule finds the ingredient in the recipe even when the name does not say it", () => {
    const noMushroom = rules({ ingredients: ["mushroom"] });
    expect(exclusionConflict(food("eu-full-english-breakfast"), noMushroom)).toBe("contains mushroom");
    expect(exclusionConflict(food("cn-vegetable-baozi"), noMushroom)).toBe("contains mushroom"); // shiitake
    expect(exclusionConflict(food("in-chana-masala"), noMushroom)).toBeUndefined();
    const mushroomDishes = FOOD_CATALOGUE.filter((item) => exclusionConflict(item, noMushroom) !== undefined);
    expect(mushroomDishes.length).toBeGreaterThan(10);
    expect(
      mushroomDishes.every((item) => /mushroom/.test(item.ingredients.map(({ name }) => name).join(" "))),
    ).toBe(true);
  });

  it("matches singular and plural, several words in order, and compound ingredients' contents", () => {
    expect(exclusionConflict(food("it-spaghetti-bolognese"), rules({ ingredients: ["tomatoes"] }))).toBe(
      "contains tomatoes",
    ); // marinara sauce (tomato, …)
    expect(exclusionConflict(food("in-chana-masala"), rules({ ingredients: ["chickpea"] }))).toBe(
      "contains chickpea",
    );
    expect(
      exclusionConflict(food("vn-banh-mi-thit"), rules({ ingredients: ["spring onion"] })),
    ).toBeUndefined();
    expect(exclusionConflict(food("cn-congee"), rules({ ingredients: ["spring onion"] }))).toBe(
      "contains spring onion",
    );
    expect(exclusionConflict(food("cn-congee"), rules({ ingredients: ["onion spring"] }))).toBeUndefined();
  });

  it("ignores accents and apostrophes on either side", () => {
    expect(exclusionConflict(food("fr-croque-monsieur"), rules({ ingredients: ["gruyere"] }))).toBe(
      "contains gruyere",
    );
    expect(exclusionConflict(food("me-labneh"), rules({ ingredients: ["zaatar"] }))).toBe("contains zaatar");
    expect(exclusionConflict(food("mx-jicama-lime-chili"), rules({ ingredients: ["jícama"] }))).toBe(
      "contains jícama",
    );
  });

  it("does not take one word for part of another", () => {
    const noEgg = rules({ ingredients: ["egg"] });
    expect(exclusionConflict(food("eggplant-boiled"), noEgg)).toBeUndefined();
    expect(exclusionConflict(food("in-chana-masala"), rules({ ingredients: ["pea"] }))).toBeUndefined();
  });
});
