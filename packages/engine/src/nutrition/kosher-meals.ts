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

/** Why adding this food to a meal holding these foods would break the kosher rule, or undefined when it would not. */
export function kosherMealClash(food: Food, mealFoods: readonly Food[]): string | undefined {
  if (isMeat(food) && mealFoods.some(isDairy)) return "is meat, and this meal holds dairy";
  if (isDairy(food) && mealFoods.some(isMeat)) return "is dairy, and this meal holds meat";
  return undefined;
}
