import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { avoidanceConflict, parseAvoidances, wordForms } from "./avoidances";
import type { Food } from "./food.types";
import { TEST_FOODS } from "./test-foods.fixture";

const parse = (text: string) => parseAvoidances(text, TEST_FOODS);

function food(name: string, overrides: Partial<Food> = {}): Food {
  return {
    id: name.toLowerCase().replace(/[^a-z]+/g, "-"),
    name,
    slots: ["Lunch"],
    cuisines: [],
    diet: "vegan",
    allergens: [],
    energyKcal: 100,
    proteinG: 5,
    carbsG: 10,
    fatG: 3,
    fibreG: 1,
    portionMinG: 100,
    portionMaxG: 200,
    portionStepG: 50,
    image: "dish",
    ingredients: [],
    flags: [],
    ...overrides,
  };
}

describe("parseAvoidances", () => {
  it.each([
    ["nuts, no dairy", ["tree nuts", "peanut", "milk"], []],
    ["lactose intolerant", ["milk"], []],
    ["shrimp", ["shellfish"], []],
    ["gluten free", ["wheat/gluten"], []],
    ["I hate mushrooms", [], ["mushroom"]],
    ["Peanuts and EGGS", ["peanut", "egg"], []],
    ["I'm allergic to tree nuts; also SOY", ["tree nuts", "soy"], []],
    ["Shellfish & sesame", ["shellfish", "sesame"], []],
    ["no pork, no legumes", [], ["pork", "legume"]],
    ["coeliac", ["wheat/gluten"], []],
    ["", [], []],
    ["none", [], []],
  ])("reads %j", (text, allergens, avoidWords) => {
    const parsed = parse(text);
    expect(new Set(parsed.allergens)).toEqual(new Set(allergens));
    expect(new Set(parsed.avoidWords)).toEqual(new Set(avoidWords));
    expect(parsed.unrecognised).toEqual([]);
  });

  it("treats a named fish as an allergy, but as a dislike when the user says so", () => {
    expect(parse("salmon").allergens).toEqual(["fish"]);
    expect(parse("I don't like salmon")).toEqual({ allergens: [], avoidWords: ["salmon"], unrecognised: [] });
  });

  it("stores plural food words in the singular and keeps phrases together", () => {
    expect(parse("blueberries").avoidWords).toEqual(["blueberry"]);
    expect(parse("I hate sweet potatoes").avoidWords).toEqual(["sweet potato"]);
  });

  it("reports words it cannot place instead of dropping them", () => {
    expect(parse("xyzzy, peanuts, blorp")).toEqual({
      allergens: ["peanut"],
      avoidWords: [],
      unrecognised: ["xyzzy", "blorp"],
    });
  });

  it("never throws and always returns known allergens, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parse(text);
        for (const allergen of parsed.allergens)
          expect([
            "milk",
            "egg",
            "fish",
            "shellfish",
            "tree nuts",
            "peanut",
            "wheat/gluten",
            "soy",
            "sesame",
          ]).toContain(allergen);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("avoidanceConflict", () => {
  it("blocks a food by its allergen tag", () => {
    expect(
      avoidanceConflict(food("Granola bar", { allergens: ["tree nuts"] }), {
        allergens: ["tree nuts"],
        avoidWords: [],
      }),
    ).toBe("contains tree nuts");
  });

  it("blocks a food whose name betrays an allergen its tags missed", () => {
    expect(avoidanceConflict(food("Almond cake"), { allergens: ["tree nuts"], avoidWords: [] })).toMatch(
      /almond/,
    );
    expect(avoidanceConflict(food("Prawn crackers"), { allergens: ["shellfish"], avoidWords: [] })).toMatch(
      /prawn/,
    );
  });

  it("does not mistake plant milks or nut butters for dairy", () => {
    expect(
      avoidanceConflict(food("Almond milk, unsweetened"), { allergens: ["milk"], avoidWords: [] }),
    ).toBeUndefined();
    expect(avoidanceConflict(food("Peanut butter"), { allergens: ["milk"], avoidWords: [] })).toBeUndefined();
  });

  it("blocks avoided words in any plural form, and whole food groups", () => {
    expect(
      avoidanceConflict(food("Mushrooms, sautéed"), { allergens: [], avoidWords: ["mushroom"] }),
    ).toBeDefined();
    expect(
      avoidanceConflict(food("Shiitake stir-fry"), { allergens: [], avoidWords: ["mushroom"] }),
    ).toBeDefined();
    expect(
      avoidanceConflict(food("Red lentil curry", { proteinSource: "Lentils" }), {
        allergens: [],
        avoidWords: ["legume"],
      }),
    ).toBeDefined();
    expect(
      avoidanceConflict(food("Bacon sandwich", { diet: "standard" }), {
        allergens: [],
        avoidWords: ["pork"],
      }),
    ).toBeDefined();
    expect(
      avoidanceConflict(food("Brussels sprouts, roasted"), { allergens: [], avoidWords: ["brussel sprout"] }),
    ).toBeDefined();
    expect(
      avoidanceConflict(food("Bean sprouts"), { allergens: [], avoidWords: ["brussel sprout"] }),
    ).toBeUndefined();
  });

  it("matches singular and plural spellings both ways", () => {
    expect(wordForms("berries")).toContain("berry");
    expect(wordForms("tomatoes")).toContain("tomato");
    expect(wordForms("hummus")).toEqual(["hummus"]);
  });
});
