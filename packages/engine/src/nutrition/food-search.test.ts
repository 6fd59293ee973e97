import { describe, expect, it } from "vitest";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { findLoggableFood, searchFoods } from "./food-search";
import { NO_EXCLUSIONS } from "./exclusions";
import { parseAvoidances } from "./avoidances";
import { GENERIC_FOODS } from "./generic-foods";

/**
 * Queries as people type them — half-typed words, typos, plurals, British spellings, words in any order — and
 * the food that must come first, as a pattern on its name.
 */
const FIRST_RESULTS: readonly (readonly [string, RegExp])[] = [
  ["chiken breast", /^chicken breast/i],
  ["chicken brest", /^chicken breast/i],
  ["breast chicken", /^chicken breast/i],
  ["chicken", /^chicken\b/i],
  ["chick", /^chick/i],
  ["greek yoghurt", /^greek yogurt/i],
  ["greek yogurt", /^greek yogurt/i],
  ["yogurt greek", /^greek yogurt|^yogurt, greek/i],
  ["greek yog", /^greek yogurt/i],
  ["yoghurt", /yogurt/i],
  ["banana", /^banana$/i],
  ["bananas", /^banana$/i],
  ["banan", /^banana$/i],
  ["bananna", /^banana$/i],
  ["oat milk", /oat/i],
  ["oats", /^oats$/i],
  ["rolled oats", /^rolled oats/i],
  ["porridge", /^oatmeal/i],
  ["oatmeal", /^oatmeal/i],
  ["egg", /^egg, whole/i],
  ["eggs", /^egg, whole/i],
  ["scrambled eggs", /^scrambled eggs$/i],
  ["scrambled egg", /^scrambled eggs$/i],
  ["boiled egg", /boiled eggs/i],
  ["egg whites", /^egg white/i],
  ["apple", /^apple$/i],
  ["apples", /^apple/i],
  ["aple", /^apple/i],
  ["apple juice", /^apple juice/i],
  ["orange", /^orange$/i],
  ["orange juice", /^orange juice/i],
  ["straberries", /^strawberries/i],
  ["strawberry", /^strawberries/i],
  ["blueberry", /^blueberries/i],
  ["rasberries", /^raspberries/i],
  ["grapes", /^grapes/i],
  ["avocado", /^avocado$/i],
  ["avacado", /^avocado$/i],
  ["brocoli", /^broccoli/i],
  ["broccoli", /^broccoli/i],
  ["spinach", /spinach/i],
  ["carrot", /^carrot/i],
  ["carrots", /^carrot/i],
  ["tomatos", /^tomato$/i],
  ["tomatoes", /^tomato$/i],
  ["cucumber", /^cucumber/i],
  ["sweet potato", /^sweet potato/i],
  ["sweet potatoes", /^sweet potato/i],
  ["potato", /^potato/i],
  ["white rice", /^white rice/i],
  ["brown rice", /^brown rice/i],
  ["rice", /^rice\b/i],
  ["pasta", /^pasta, cooked/i],
  ["spagetti", /spaghetti/i],
  ["bread", /^bread\b/i],
  ["whole wheat bread", /whole-wheat bread|bread, whole-wheat/i],
  ["wholemeal bread", /whole-wheat bread|bread, whole-wheat/i],
  ["bagel", /^bagel/i],
  ["tortilla", /tortilla/i],
  ["quinoa", /^quinoa/i],
  ["milk", /^milk\b/i],
  ["whole milk", /^whole milk$/i],
  ["skim milk", /^skim milk$/i],
  ["almond milk", /^almond milk/i],
  ["soy milk", /^soy milk/i],
  ["cottage cheese", /^cottage cheese/i],
  ["cottage chese", /^cottage cheese/i],
  ["cheddar", /^cheddar/i],
  ["chedar cheese", /^cheddar/i],
  ["mozzarella", /mozzarella/i],
  ["feta", /feta/i],
  ["cheese", /^cheese\b/i],
  ["butter", /^butter\b/i],
  ["peanut butter", /^peanut butter$/i],
  ["penut butter", /^peanut butter$/i],
  ["almonds", /^almonds$/i],
  ["walnuts", /^walnuts/i],
  ["cashews", /^cashews/i],
  ["olive oil", /^oil, olive/i],
  ["honey", /^honey$/i],
  ["sugar", /^sugars?\b/i],
  ["salmon", /^salmon\b/i],
  ["salmon fillet", /salmon/i],
  ["smoked salmon", /^smoked salmon/i],
  ["tuna", /^tuna\b/i],
  ["tuna canned", /^tuna, canned/i],
  ["shrimp", /shrimp/i],
  ["prawns", /shrimp|prawn/i],
  ["cod", /^cod\b|, cod\b/i],
  ["tofu", /^tofu\b/i],
  ["tofu firm", /^tofu, firm/i],
  ["tempeh", /^tempeh/i],
  ["lentils", /^lentils\b/i],
  ["lentil soup", /lentil.*soup|soup.*lentil/i],
  ["chickpeas", /^chickpeas/i],
  ["garbanzo", /^chickpeas/i],
  ["black beans", /^black beans/i],
  ["hummus", /^hummus$/i],
  ["humus", /^hummus$/i],
  ["beef", /^beef\b/i],
  ["ground beef", /^beef, ground/i],
  ["mince", /ground/i],
  ["steak", /steak/i],
  ["turkey", /^turkey\b/i],
  ["turkey breast", /^turkey breast/i],
  ["ham", /^ham\b/i],
  ["bacon", /^bacon/i],
  ["pork", /^pork\b/i],
  ["lamb", /^lamb\b/i],
  ["pizza", /pizza/i],
  ["margherita", /pizza margherita/i],
  ["mac and cheese", /^macaroni and cheese/i],
  ["pad thai", /^pad thai/i],
  ["chicken tikka masala", /^chicken tikka masala/i],
  ["tikka masala", /tikka masala/i],
  ["nigiri salmon", /salmon nigiri/i],
  ["pho", /^pho\b/i],
  ["coffee", /coffee/i],
  ["tea", /tea/i],
  ["coconut water", /^coconut water/i],
  ["dark chocolate", /^chocolate, dark/i],
  ["popcorn", /popcorn/i],
  ["aubergine", /^eggplant/i],
  ["courgette", /^zucchini/i],
];

describe("searchFoods", () => {
  it(`puts the expected food first for ${FIRST_RESULTS.length} queries as people type them`, () => {
    const wrong = FIRST_RESULTS.flatMap(([query, expected]) => {
      const first = searchFoods(query, NO_EXCLUSIONS, 5)[0]?.food.name ?? "(nothing)";
      return expected.test(first) ? [] : [`${query} → ${first}, expected ${String(expected)}`];
    });
    expect(wrong).toEqual([]);
    expect(FIRST_RESULTS.length).toBeGreaterThanOrEqual(100);
  });

  it("marks a food the person excludes, with the reason, and still lists it", () => {
    const rules = parseAvoidances("milk allergy");
    const hits = searchFoods("greek yogurt", rules, 10);
    expect(hits[0]?.food.name).toMatch(/^greek yogurt/i);
    expect(hits[0]?.excludedBecause).toBe("contains milk");
    const banana = searchFoods("banana", rules, 1)[0];
    expect(banana?.food.id).toBe("banana");
    expect(banana?.excludedBecause).toBeUndefined();
  });

  it("lists each food once: a USDA row the catalogue holds is the catalogue food", () => {
    const catalogueNdb = new Set(FOOD_CATALOGUE.flatMap((food) => food.usdaNdbNo ?? []));
    expect(GENERIC_FOODS.filter(({ food }) => catalogueNdb.has(food.usdaNdbNo ?? ""))).toEqual([]);
    const ids = searchFoods("chicken", NO_EXCLUSIONS, 50).map(({ food }) => food.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives per-100 g figures and a household measure where the data has one", () => {
    const egg = findLoggableFood("egg-hard-boiled");
    expect(egg?.measure).toMatchObject({ unit: "large egg", grams: 50 });
    const butter = findLoggableFood("usda-01001");
    expect(butter).toMatchObject({ origin: "usda", food: { name: "Butter, salted", energyKcal: 717 } });
    expect(findLoggableFood("no-such-food")).toBeUndefined();
  });

  it("answers nothing for a query without words and caps the list", () => {
    expect(searchFoods("  ,. ", NO_EXCLUSIONS)).toEqual([]);
    expect(searchFoods("a", NO_EXCLUSIONS, 500).length).toBeLessThanOrEqual(50);
  });
});
