import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FILLER_WORDS, LEXICON } from "./avoidance-lexicon";
import { AVOIDANCE_PHRASINGS, type ExpectedRules } from "./avoidance-phrasings.fixture";
import { editDistance, parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { ALLERGENS, FOOD_FLAGS } from "./food.types";
import { wordForms } from "./word-forms";

const sorted = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();
const normalised = (rules: ExpectedRules) => ({
  allergens: sorted(rules.allergens),
  flags: sorted(rules.flags),
  ingredients: sorted(rules.ingredients),
  kosher: rules.kosher ?? false,
  unrecognised: sorted(rules.unrecognised),
});

describe("parseAvoidances on the table of real phrasings", () => {
  it("has a large table", () => {
    expect(AVOIDANCE_PHRASINGS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(AVOIDANCE_PHRASINGS)("reads %j", (text, expected) => {
    expect(normalised(parseAvoidances(text))).toEqual(normalised(expected));
  });

  it.each(AVOIDANCE_PHRASINGS)("reads %j the same with the catalogue's words known", (text, expected) => {
    expect(normalised(parseAvoidances(text, FOOD_CATALOGUE))).toEqual(normalised(expected));
  });
});

describe("parseAvoidances", () => {
  it("reads a word the foods hold as an ingredient word, and one no food holds as unrecognised", () => {
    const withFoods = parseAvoidances("I hate kimchi", FOOD_CATALOGUE);
    expect(withFoods.ingredients).toEqual(["kimchi"]);
    expect(withFoods.unrecognised).toEqual([]);
    expect(parseAvoidances("I hate kimchi").unrecognised).toEqual(["kimchi"]);
  });

  it("stores plural food words in the singular and keeps phrases together", () => {
    expect(parseAvoidances("tomatoes").ingredients).toEqual(["tomato"]);
    expect(parseAvoidances("no green beans", FOOD_CATALOGUE).ingredients).toEqual(["green", "bean"]);
  });

  it("corrects typos only within one edit in 5–7 letters and two edits from 8", () => {
    expect(parseAvoidances("shelfiss").allergens).toEqual(["shellfish"]);
    expect(parseAvoidances("shelfsh").unrecognised).toEqual(["shelfsh"]);
    expect(parseAvoidances("sesamee").allergens).toEqual(["sesame"]);
    expect(parseAvoidances("pnauts").allergens).toEqual([]);
    expect(parseAvoidances("shllfsh").unrecognised).toEqual(["shllfsh"]);
    expect(parseAvoidances("pescaterian").flags).toContain("pork");
    // Four letters are too short to guess at: "fsh" and "egs" could be anything.
    expect(parseAvoidances("porc").unrecognised).toEqual(["porc"]);
  });

  it("never reads a real food word of the catalogue as a typo of another word", () => {
    const words = new Set(
      FOOD_CATALOGUE.flatMap((food) =>
        food.name
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .replace(/ø/g, "o")
          .split(/[^a-z]+/),
      ).filter((word) => word.length >= 5 && !FILLER_WORDS.has(word)),
    );
    const misread: string[] = [];
    for (const word of words) {
      const parsed = parseAvoidances(word, FOOD_CATALOGUE);
      const asTerm = wordForms(word).some((form) => Object.hasOwn(LEXICON, form));
      // A catalogue word is read as itself: a lexicon term of its own, or an ingredient word naming it.
      if (!asTerm && !parsed.ingredients.some((ingredient) => wordForms(word).includes(ingredient)))
        misread.push(`${word} → ${JSON.stringify(parsed)}`);
    }
    expect(misread).toEqual([]);
  });

  it("measures edit distance with swaps of neighbours as one edit", () => {
    expect(editDistance("sesmae", "sesame", 2)).toBe(1);
    expect(editDistance("penut", "peanut", 2)).toBe(1);
    expect(editDistance("glutten", "gluten", 2)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBeGreaterThan(1);
  });

  it("reports words it cannot place instead of dropping them, emoji and other scripts included", () => {
    expect(parseAvoidances("xyzzy, peanuts, blorp").unrecognised).toEqual(["xyzzy", "blorp"]);
    expect(parseAvoidances("🥜 and 🦐").unrecognised).toEqual(["🥜", "🦐"]);
  });

  it("reads 10,000 characters without failing", () => {
    const parsed = parseAvoidances("peanuts, zorblax ".repeat(600), FOOD_CATALOGUE);
    expect(parsed.allergens).toEqual(["peanut", "lupin"]);
    expect(parsed.unrecognised).toEqual(["zorblax"]);
  });

  it("never throws, returns known allergens and flags, and reports every letter word it did not read", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: "grapheme" }), (text) => {
        const parsed = parseAvoidances(text);
        for (const allergen of parsed.allergens) expect(ALLERGENS).toContain(allergen);
        for (const flag of parsed.flags) expect(FOOD_FLAGS).toContain(flag);
      }),
      { seed: 12, numRuns: 2000 },
    );
  });
});
