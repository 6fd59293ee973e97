import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FOOD_CATALOGUE, FOOD_RECORDS, findFood, INGREDIENTS } from "./food-catalogue";
import {
  dietOf,
  FoodRecordSchema,
  IngredientRecordSchema,
  foodFromRecord,
  parseIngredientTable,
  recipeFigures,
  recipeMismatches,
  type FoodRecord,
} from "./food-data";
import type { Food } from "./food.types";
import baseFoods from "./foods/base-foods.json" with { type: "json" };
import easternDishes from "./foods/eastern-dishes.json" with { type: "json" };
import ingredients from "./foods/ingredients.json" with { type: "json" };
import westernDishes from "./foods/western-dishes.json" with { type: "json" };

const FILES = { "base-foods": baseFoods, "western-dishes": westernDishes, "eastern-dishes": easternDishes };

function food(id: string): Food {
  const found = findFood(id);
  if (found === undefined) throw new Error(`no food ${id}`);
  return found;
}

const TOFU: FoodRecord = {
  id: "test-tofu-bowl",
  name: "Tofu bowl",
  slots: ["Lunch"],
  cuisines: [],
  energyKcal: 120,
  proteinG: 10,
  carbsG: 8,
  fatG: 5,
  fibreG: 1,
  satFatG: 0.7,
  sodiumMg: 7,
  portionMinG: 100,
  portionMaxG: 300,
  portionStepG: 50,
  image: "dish",
  ingredients: [{ name: "firm tofu", grams: 100 }],
};

describe("food data files", () => {
  it.each(Object.entries(FILES))("%s matches the food schema", (_file, data) => {
    const result = z.array(FoodRecordSchema).safeParse(data);
    expect(result.success, result.error?.message).toBe(true);
  });

  it("the ingredient table matches its schema and names each ingredient once", () => {
    const result = z.array(IngredientRecordSchema).safeParse(ingredients);
    expect(result.success, result.error?.message).toBe(true);
    expect(INGREDIENTS.size).toBe((ingredients as unknown[]).length);
  });

  it("every ingredient a food names is in the table, and every table entry is used", () => {
    const used = new Set(FOOD_RECORDS.flatMap((record) => record.ingredients.map(({ name }) => name)));
    expect([...used].filter((name) => !INGREDIENTS.has(name))).toEqual([]);
    expect([...INGREDIENTS.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  it("rejects a food with an unknown field, a bad enum value or an ingredient missing from the table", () => {
    expect(FoodRecordSchema.safeParse(TOFU).success).toBe(true);
    expect(FoodRecordSchema.safeParse({ ...TOFU, diet: "vegan" }).success).toBe(false);
    expect(FoodRecordSchema.safeParse({ ...TOFU, slots: ["Brunch"] }).success).toBe(false);
    expect(FoodRecordSchema.safeParse({ ...TOFU, ingredients: [] }).success).toBe(false);
    expect(FoodRecordSchema.safeParse({ ...TOFU, ingredients: [{ name: "Tofu", grams: 100 }] }).success).toBe(
      false,
    );
    expect(() =>
      foodFromRecord({ ...TOFU, ingredients: [{ name: "unicorn", grams: 100 }] }, INGREDIENTS),
    ).toThrow(/"unicorn" is not in the ingredient table/);
  });

  it("rejects an ingredient with an unknown allergen, no source, or fish as an allergen but not a flag", () => {
    const entry = {
      name: "x",
      ndbNo: "01001",
      energyKcal: 1,
      proteinG: 0,
      carbsG: 0,
      fatG: 0,
      fibreG: 0,
      satFatG: 0,
      sodiumMg: 0,
    };
    expect(IngredientRecordSchema.safeParse({ ...entry, allergens: [], flags: [] }).success).toBe(true);
    expect(IngredientRecordSchema.safeParse({ ...entry, allergens: ["nightshade"], flags: [] }).success).toBe(
      false,
    );
    const { ndbNo: _ndb, ...unsourced } = entry;
    expect(IngredientRecordSchema.safeParse({ ...unsourced, allergens: [], flags: [] }).success).toBe(false);
    expect(IngredientRecordSchema.safeParse({ ...entry, allergens: ["fish"], flags: [] }).success).toBe(
      false,
    );
    expect(() =>
      parseIngredientTable([
        { ...entry, allergens: [], flags: [] },
        { ...entry, allergens: [], flags: [] },
      ]),
    ).toThrow(/listed twice/);
  });
});

describe("saturated fat and sodium (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md)", () => {
  it("every ingredient and food carries them, saturated fat within the fat and sodium under table salt's", () => {
    const sources = [...INGREDIENTS.values(), ...FOOD_RECORDS, ...FOOD_CATALOGUE];
    const missing = sources.filter(
      (entry) => !Number.isFinite(entry.satFatG) || !Number.isFinite(entry.sodiumMg),
    );
    expect(missing).toEqual([]);
    const outOfRange = sources.filter(
      (entry) =>
        entry.satFatG < 0 ||
        entry.satFatG > entry.fatG + 0.01 ||
        entry.sodiumMg < 0 ||
        entry.sodiumMg > 40_000,
    );
    expect(outOfRange).toEqual([]);
  });

  it("rejects saturated fat above the fat and sodium above table salt's", () => {
    expect(FoodRecordSchema.safeParse({ ...TOFU, satFatG: TOFU.fatG + 1 }).success).toBe(false);
    expect(FoodRecordSchema.safeParse({ ...TOFU, sodiumMg: 50_000 }).success).toBe(false);
  });

  it("takes them from the SR Legacy item an ingredient names (feta, soy sauce) and sums them over a recipe", () => {
    expect(INGREDIENTS.get("feta")).toMatchObject({ ndbNo: "01019", satFatG: 14.95, sodiumMg: 917 });
    expect(INGREDIENTS.get("soy sauce (soybeans, wheat)")).toMatchObject({ sodiumMg: 5493 });
    const dish = FOOD_RECORDS.find((record) => record.ingredients.length > 2);
    if (dish === undefined) throw new Error("no composite dish");
    const computed = recipeFigures(dish, INGREDIENTS);
    expect(Math.abs(dish.sodiumMg - computed.sodiumMg)).toBeLessThanOrEqual(1);
    expect(Math.abs(dish.satFatG - computed.satFatG)).toBeLessThanOrEqual(0.01);
  });
});

describe("figures computed from the ingredients", () => {
  it("every food's per-100 g figures are within 5 % of its recipe (rounding aside)", () => {
    const outside = FOOD_RECORDS.flatMap((record) =>
      recipeMismatches(record, INGREDIENTS).map((mismatch) => `${record.id} ${mismatch}`),
    );
    expect(outside).toEqual([]);
    expect(FOOD_RECORDS).toHaveLength(FOOD_CATALOGUE.length);
  });

  it("reports a figure that strays more than 5 % from the recipe", () => {
    const tofu = FOOD_RECORDS.find((record) => record.id === "tofu-firm");
    if (tofu === undefined) throw new Error("no tofu-firm");
    expect(recipeMismatches(tofu, INGREDIENTS)).toEqual([]);
    expect(recipeMismatches({ ...tofu, proteinG: tofu.proteinG * 1.06 }, INGREDIENTS)).toHaveLength(1);
    expect(recipeMismatches({ ...tofu, energyKcal: tofu.energyKcal * 1.04 }, INGREDIENTS)).toEqual([]);
  });

  it("divides by the finished weight: water adds weight only, cooking loss concentrates", () => {
    const rice = { ...TOFU, ingredients: [{ name: "raw white rice", grams: 50 }] };
    const plain = recipeFigures(rice, INGREDIENTS);
    const boiled = recipeFigures(
      { ...rice, ingredients: [...rice.ingredients, { name: "water", grams: 50 }] },
      INGREDIENTS,
    );
    const reduced = recipeFigures(
      { ...rice, ingredients: [...rice.ingredients, { name: "water", grams: 50 }], cookedWeightPercent: 50 },
      INGREDIENTS,
    );
    expect(boiled.energyKcal).toBeCloseTo(plain.energyKcal / 2, 6);
    expect(reduced.energyKcal).toBeCloseTo(plain.energyKcal, 6);
  });
});

describe("derived diet, allergens and flags", () => {
  it("derives the diet class from flags and allergens", () => {
    expect(dietOf([], [])).toBe("vegan");
    expect(dietOf(["soy", "wheat/gluten"], ["alcohol"])).toBe("vegan");
    expect(dietOf(["milk"], [])).toBe("vegetarian");
    expect(dietOf([], ["honey"])).toBe("vegetarian");
    expect(dietOf(["milk"], ["animal-rennet"])).toBe("standard");
    expect(dietOf([], ["gelatin"])).toBe("standard");
    expect(dietOf(["fish"], ["fish"])).toBe("standard");
  });

  it("a base food is its own single ingredient, carrying its USDA number", () => {
    expect(food("apple").ingredients).toEqual([{ name: "apple", grams: 100, ndbNo: "09003" }]);
    expect(food("seitan").ingredients.map(({ name }) => name)).toEqual([
      "vital wheat gluten",
      "water",
      "soy sauce (soybeans, wheat)",
    ]);
  });

  it.each([
    "vn-bun-cha",
    "vn-com-tam-suon",
    "vn-goi-cuon-tom-thit",
    "vn-banh-mi-thit",
    "ru-pelmeni",
    "la-feijoada",
    "jp-tonkatsu",
    "eu-full-english-breakfast",
    "fr-croque-monsieur",
    "fr-quiche-lorraine",
    "fr-coq-au-vin",
    "us-clam-chowder",
    "cn-char-siu",
    "cn-mapo-tofu",
    "es-fabada",
  ])("%s carries pork from its ingredients", (id) => {
    expect(food(id).flags).toContain("pork");
  });

  it("fixes the mis-tags docs/decisions/026 lists", () => {
    expect(food("kr-bulgogi").flags).toContain("beef");
    expect(food("fr-crudites-tapenade")).toMatchObject({
      diet: "standard",
      allergens: ["fish"],
      flags: ["fish"],
    });
    expect(food("me-labneh").allergens).toEqual(["milk", "sesame"]);
    expect(food("af-egusi-soup").allergens).toEqual(["fish", "shellfish"]);
    expect(food("af-egusi-soup").flags).toEqual(["beef", "fish", "shellfish"]);
    for (const id of ["vn-goi-cuon-chay", "vn-goi-cuon-tom-thit", "cn-char-siu"]) {
      expect(food(id).allergens, id).toEqual(expect.arrayContaining(["wheat/gluten", "soy", "sesame"]));
    }
    expect(food("et-injera").allergens).toEqual(["wheat/gluten"]);
    expect(food("bagel-plain").allergens).toEqual(["wheat/gluten", "sesame"]);
    expect(food("us-smoked-salmon-bagel").allergens).toContain("sesame");
    for (const id of ["parmesan", "it-eggplant-parmigiana", "fr-croque-monsieur", "fr-spinach-quiche"]) {
      expect(food(id).flags, id).toContain("animal-rennet");
      expect(food(id).diet, id).toBe("standard");
    }
    expect(food("fr-coq-au-vin").flags).toEqual(["pork", "poultry", "alcohol"]);
    for (const id of ["jp-chicken-teriyaki", "jp-oyakodon", "jp-gyudon"])
      expect(food(id).flags, id).toContain("alcohol");
    expect(food("es-fabada").flags).toEqual(["pork", "blood"]);
    expect(food("cn-char-siu").flags).toEqual(["pork", "honey"]);
  });

  it("keeps the usual vegan and vegetarian staples as they were", () => {
    expect(food("in-dal-tadka")).toMatchObject({ diet: "vegetarian", allergens: ["milk"], flags: [] });
    expect(food("jp-miso-soup")).toMatchObject({ diet: "vegan", allergens: ["soy"], flags: [] });
    expect(food("honey")).toMatchObject({ diet: "vegetarian", flags: ["honey"] });
    expect(food("kr-kimchi")).toMatchObject({ diet: "standard", flags: ["fish", "shellfish"] });
  });
});
