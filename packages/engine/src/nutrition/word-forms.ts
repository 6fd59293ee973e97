import { nameWithoutVariant } from "./usual-recipes";
/**
 * Plural and singular spellings a word may have. Both the user's words and food names go through
 * it, so matching only needs the two sets to meet (berries/berry, tomatoes/tomato, cookies/cookie).
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith("es")) forms.push(word.slice(0, -2));
  if (
    word.length > 2 &&
    word.endsWith("s") &&
    !word.endsWith("ss") &&
    !word.endsWith("us") &&
    !word.endsWith("is")
  ) {
    forms.push(word.slice(0, -1));
  }
  return forms;
}

const NAME_FORMS = new WeakMap<object, string[][]>();

/**
 * Each word of a food's name with its singular/plural forms, computed once per food. A stated variant ("kombu stock,
 * no fish") is left out: it names what the dish does not hold, so a favourite "fish" must not find it.
 */
export function nameForms(food: { name: string; variant?: string }): string[][] {
  let forms = NAME_FORMS.get(food);
  if (forms === undefined) {
    forms = nameWithoutVariant(food)
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/['’`]/g, "")
      .split(/[^a-z]+/)
      .filter((token) => token.length > 0)
      .map(wordForms);
    NAME_FORMS.set(food, forms);
  }
  return forms;
}
