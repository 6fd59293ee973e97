import { describe, expect, it } from "vitest";
import { FOOD_RECORDS, INGREDIENTS, findFood } from "./food-catalogue";
import { RECIPE_STEPS_BY_FOOD, isComposite, rawWeightG, recipeFor, scaledIngredients } from "./recipes";

describe("recipes over the whole catalogue", () => {
  it("scales every food's ingredients to the portion's raw weight (cookedWeightPercent allowed for)", () => {
    for (const record of FOOD_RECORDS) {
      for (const portionG of [record.portionMinG, record.portionMaxG, 1, 3000]) {
        const recipe = recipeFor(record.id, portionG);
        expect(recipe, record.id).toBeDefined();
        const sumG = recipe?.ingredients.reduce((sum, { grams }) => sum + grams, 0) ?? 0;
        // Each line is rounded to 0.1 g, so the sum may drift by half of that per line.
        const slackG = 0.05 * record.ingredients.length + 1e-9;
        expect(Math.abs(sumG - rawWeightG(record, portionG)), record.id).toBeLessThanOrEqual(slackG);
        const exactG = scaledIngredients(record, portionG).reduce((sum, { grams }) => sum + grams, 0);
        expect(exactG).toBeCloseTo(rawWeightG(record, portionG), 6);
      }
    }
  });

  it("gives every composite dish 3–6 short method steps and single-ingredient foods none", () => {
    const composite = FOOD_RECORDS.filter(isComposite);
    expect(composite.length).toBeGreaterThan(500);
    for (const record of composite) {
      const steps = RECIPE_STEPS_BY_FOOD[record.id] ?? [];
      expect(steps.length, record.id).toBeGreaterThanOrEqual(3);
      expect(steps.length, record.id).toBeLessThanOrEqual(6);
      for (const step of steps) expect(step.length, `${record.id}: ${step}`).toBeLessThanOrEqual(240);
    }
    for (const record of FOOD_RECORDS.filter((entry) => !isComposite(entry)))
      expect(recipeFor(record.id, 100)?.steps, record.id).toEqual([]);
  });

  it("names no food in a step that the dish does not hold", () => {
    // A food word is a word of some ingredient's name; words that also describe a method or a state are not.
    const notFoods = new Set(
      `cooked raw boiled baked roasted roast grilled fried dry dried fresh canned whole low fat nonfat part skim homemade
       sauce oil water salt salted sweet white red green black brown yellow hard soft firm pressed extra large small
       ground cured smoked plain stewed steamed braised sauteed lean prepared frozen proxy and with or of in the a for to
       on flour leaf leave top eye round chuck shoulder loin chop breast thigh drumstick meat pan mix grain protein stir
       slice split grated shredded salad cake light heavy`.split(/\s+/),
    );
    const stem = (word: string) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word);
    const wordsOf = (text: string) =>
      (
        text
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .match(/[a-z]+/g) ?? []
      ).map(stem);
    const foodWords = new Set([...INGREDIENTS.keys()].flatMap(wordsOf).filter((word) => !notFoods.has(word)));
    const strays: string[] = [];
    for (const record of FOOD_RECORDS.filter(isComposite)) {
      const own = new Set(record.ingredients.flatMap((ingredient) => wordsOf(ingredient.name)));
      for (const step of RECIPE_STEPS_BY_FOOD[record.id] ?? [])
        for (const word of wordsOf(step))
          if (foodWords.has(word) && !own.has(word)) strays.push(`${record.id}: "${word}" in "${step}"`);
    }
    expect(strays).toEqual([]);
    // The check has teeth: the old template line named noodles and rice in dishes holding neither.
    expect(wordsOf("Cook any noodles or rice first").filter((word) => foodWords.has(word))).toEqual([
      "noodle",
      "rice",
    ]);
  });

  it("keeps no steps for a food the catalogue does not hold", () => {
    const ids = new Set(FOOD_RECORDS.map((record) => record.id));
    expect(Object.keys(RECIPE_STEPS_BY_FOOD).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("says what each dish contains, as its derived allergens and flags", () => {
    for (const record of FOOD_RECORDS) {
      const food = findFood(record.id);
      const contains = recipeFor(record.id, 100)?.contains ?? [];
      for (const word of [...(food?.allergens ?? []), ...(food?.flags ?? [])])
        expect(contains).toContain(word);
    }
  });
});

describe("recipeFor", () => {
  it("needs more raw ingredients than the eaten portion weighs when cooking loses water", () => {
    const record = FOOD_RECORDS.find((entry) => (entry.cookedWeightPercent ?? 100) < 100);
    expect(record).toBeDefined();
    if (record === undefined) return;
    const recipe = recipeFor(record.id, 200);
    const sumG = recipe?.ingredients.reduce((sum, { grams }) => sum + grams, 0) ?? 0;
    expect(sumG).toBeGreaterThan(200);
  });

  it("states the variant where ours differs from the usual recipe, and a household measure where one is kept", () => {
    const miso = recipeFor("jp-miso-soup", 250);
    expect(miso?.variant).toMatch(/kombu/i);
    expect(miso?.contains).toContain("soy");
    const shakshuka = recipeFor("me-shakshuka", 300);
    expect(shakshuka?.ingredients.find((line) => line.name === "egg")?.measure).toMatch(/large egg/);
    expect(recipeFor("in-idli", 160)?.variant).toBeUndefined();
  });

  it("answers undefined for an unknown food", () => {
    expect(recipeFor("no-such-food", 100)).toBeUndefined();
  });
});
