import { wordForms } from "./word-forms";
import type { Allergen, Food, FoodFlag } from "./food.types";

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

function words(text: string): string[][] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0)
    .map(wordForms);
}

/** True when the phrase's words appear, in order and next to each other, among the text's words. */
function containsPhrase(textForms: readonly string[][], phrase: string): boolean {
  const phraseWords = phrase.split(" ");
  for (let start = 0; start + phraseWords.length <= textForms.length; start += 1) {
    const matches = phraseWords.every((word, offset) => {
      const forms = textForms[start + offset] ?? [];
      return wordForms(word).some((form) => forms.includes(form));
    });
    if (matches) return true;
  }
  return false;
}

/** Why a food may not be served under these rules, or undefined when it may. */
export function exclusionConflict(food: Food, rules: ExclusionRules): string | undefined {
  for (const allergen of rules.allergens)
    if (food.allergens.includes(allergen)) return `contains ${allergen}`;
  const flags = food.flags ?? [];
  for (const flag of rules.flags) if (flags.includes(flag)) return `contains ${flag}`;
  if (rules.ingredients.length === 0) return undefined;
  const texts = [food.name, ...(food.ingredients ?? []).map((ingredient) => ingredient.name)].map(words);
  for (const term of rules.ingredients)
    if (texts.some((forms) => containsPhrase(forms, term))) return `contains ${term}`;
  return undefined;
}
