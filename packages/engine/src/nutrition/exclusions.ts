import { wordForms } from "./word-forms";
import type { Allergen, Food, FoodFlag } from "./food.types";
import { isDairy, isMeat } from "./kosher-meals";
import { nameWithoutVariant } from "./usual-recipes";

/**
 * Everything a user must never be served, in the terms food data is kept in: allergen classes, food
 * flags (pork, alcohol, animal rennet…) and ingredient words. The free-text reader (avoidances.ts)
 * produces it; every place that chooses a food (planner, replacement, Alex, fallback) checks it with
 * exclusionConflict, so a rule holds however the user phrased it and whatever a dish is called.
 */
export interface ExclusionRules {
  allergens: readonly Allergen[];
  flags: readonly FoodFlag[];
  /** Singular, lower-case ingredient words or phrases ("mushroom", "brussels sprout"). */
  ingredients: readonly string[];
  /** Kosher: besides its flags, meat and dairy are never served in one meal (a meal-level rule). */
  kosher: boolean;
}

export const NO_EXCLUSIONS: ExclusionRules = { allergens: [], flags: [], ingredients: [], kosher: false };

/** Each word of the text with its singular forms; accents and apostrophes dropped ("Gruyère", "za'atar"). */
function words(text: string): string[][] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0)
    .map(wordForms);
}

/** True when the phrase's words appear, in order and next to each other, among the text's words. */
function containsPhrase(textForms: readonly string[][], phraseForms: readonly string[][]): boolean {
  if (phraseForms.length === 0) return false;
  for (let start = 0; start + phraseForms.length <= textForms.length; start += 1) {
    const matches = phraseForms.every((forms, offset) => {
      const textWord = textForms[start + offset] ?? [];
      return forms.some((form) => textWord.includes(form));
    });
    if (matches) return true;
  }
  return false;
}

/** The word forms of a food's name and ingredient names, computed once per food: planners ask for every candidate. */
const FOOD_WORDS = new WeakMap<Food, readonly string[][][]>();
function foodWords(food: Food): readonly string[][][] {
  let texts = FOOD_WORDS.get(food);
  if (texts === undefined) {
    // The stated variant ("no fish sauce") says what the dish does not hold: it is no ingredient to match.
    texts = [nameWithoutVariant(food), ...food.ingredients.map((ingredient) => ingredient.name)].map(words);
    FOOD_WORDS.set(food, texts);
  }
  return texts;
}

/** Each rule term with its word forms, computed once per rules object: a plan checks one set of rules against every food. */
const TERM_WORDS = new WeakMap<readonly string[], readonly (readonly [string, string[][]])[]>();
function termWords(terms: readonly string[]): readonly (readonly [string, string[][]])[] {
  let found = TERM_WORDS.get(terms);
  if (found === undefined) {
    found = terms.map((term) => [term, words(term)] as const);
    TERM_WORDS.set(terms, found);
  }
  return found;
}

/** Why a food may not be served under these rules, or undefined when it may. */
export function exclusionConflict(food: Food, rules: ExclusionRules): string | undefined {
  for (const allergen of rules.allergens)
    if (food.allergens.includes(allergen)) return `contains ${allergen}`;
  for (const flag of rules.flags) if (food.flags.includes(flag)) return `contains ${flag}`;
  // A dish that cooks meat with dairy (a cheeseburger, lasagne) breaks the kosher meal rule on its own.
  if (rules.kosher && isMeat(food) && isDairy(food)) return "holds meat with dairy";
  if (rules.ingredients.length === 0) return undefined;
  const texts = foodWords(food);
  for (const [term, termForms] of termWords(rules.ingredients))
    if (texts.some((forms) => containsPhrase(forms, termForms))) return `contains ${term}`;
  return undefined;
}
