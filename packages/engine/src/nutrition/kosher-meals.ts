import { MEAT_FLAGS } from "./avoidance-lexicon";
import type { Food } from "./food.types";

/**
 * Kashrut keeps meat and dairy apart (basar b'chalav, from Exodus 23:19): a kosher meal never holds both. Poultry counts
 * as meat; fish and eggs are neither (pareve). Dairy is anything with the milk allergen.
 */
export function isMeat(food: Food): boolean {
  return food.flags.some((flag) => MEAT_FLAGS.includes(flag));
}

export function isDairy(food: Food): boolean {
  return food.allergens.includes("milk");
}
