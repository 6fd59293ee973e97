import type { Allergen, Food, FoodFlag } from "./food.types";

/** What must never be served, as a test or the benchmark states it (not as the reader parsed it). */
export interface AuditRules {
  allergens?: readonly Allergen[];
  flags?: readonly FoodFlag[];
  ingredients?: readonly string[];
}

export interface Leak {
  kind: "allergen" | "dislike";
  what: string;
}

/** Lower-case words of a text, accents dropped. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0);
}

/** The same word in English plural or singular: "berry"/"berries", "tomato"/"tomatoes", "bean"/"beans". */
function sameWord(written: string, wanted: string): boolean {
  return (
    written === wanted ||
    written === `${wanted}s` ||
    written === `${wanted}es` ||
    (wanted.endsWith("y") && written === `${wanted.slice(0, -1)}ies`) ||
    (written.endsWith("y") && wanted === `${written.slice(0, -1)}ies`) ||
    wanted === `${written}s` ||
    wanted === `${written}es`
  );
}

function holdsPhrase(text: string, phrase: string): boolean {
  const words = wordsOf(text);
  const wanted = wordsOf(phrase);
  return words.some((_, start) =>
    wanted.every((word, offset) => {
      const written = words[start + offset];
      return written !== undefined && sameWord(written, word);
    }),
  );
}

/**
 * What a served food holds that the rules exclude, read from the food's own data: its allergen tags, its flags, and the
 * words of its name and of each of its ingredients. Written apart from the planner's filter (exclusions.ts) on purpose,
 * so a test or benchmark that uses it does not grade the filter by itself.
 */
export function auditFood(food: Food, rules: AuditRules): Leak[] {
  const leaks: Leak[] = [];
  for (const allergen of rules.allergens ?? [])
    if (food.allergens.includes(allergen))
      leaks.push({ kind: "allergen", what: `${food.name}: ${allergen}` });
  for (const flag of rules.flags ?? [])
    if ((food.flags ?? []).includes(flag)) leaks.push({ kind: "dislike", what: `${food.name}: ${flag}` });
  // A stated variant ("soy sauce, no fish sauce") names what the dish leaves out, so it is read as no ingredient.
  const shown = food.variant === undefined ? food.name : food.name.split(food.variant).join(" ");
  const texts = [shown, ...(food.ingredients ?? []).map((ingredient) => ingredient.name)];
  for (const ingredient of rules.ingredients ?? [])
    if (texts.some((text) => holdsPhrase(text, ingredient)))
      leaks.push({ kind: "dislike", what: `${food.name}: ${ingredient}` });
  return leaks;
}
