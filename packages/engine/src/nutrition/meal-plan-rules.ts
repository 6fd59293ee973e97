import { parseAvoidances } from "./avoidances";
import type { Food } from "./food.types";
import { kosherDayConflict, kosherPlaceConflict } from "./meal-roles";
import type { MealItem, MealPlanRequest } from "./meal-plan.types";
import { allowedFood, KCAL_TOLERANCE } from "./meal-targets";

/**
 * Whether a day planned earlier still keeps, under today's inputs, the rules no plan ever breaks (docs/product.md
 * §6.2): every food suits the diet type and no exclusion (allergies, dislikes, kosher meals apart), and the day's
 * energy is within ±3 % of the target. Preferences (cuisine, protein sources, liked foods) are not rules: a day that
 * only misses a changed preference still keeps them. A food no longer in the catalogue breaks them (it cannot be
 * checked).
 */
export function dayKeepsHardRules(
  items: readonly MealItem[],
  request: Pick<MealPlanRequest, "dietType" | "allergiesText" | "targetKcal">,
  foods: readonly Food[],
): boolean {
  const byId = new Map(foods.map((food) => [food.id, food]));
  const rules = parseAvoidances(request.allergiesText, foods);
  const mealFoods = new Map<string, Food[]>();
  for (const item of items) {
    const food = byId.get(item.foodId);
    if (food === undefined || !allowedFood(food, request.dietType, rules)) return false;
    const meal = mealFoods.get(item.slot) ?? [];
    if (rules.kosher && kosherPlaceConflict(food, item.slot, () => meal) !== undefined) return false;
    mealFoods.set(item.slot, [...meal, food]);
  }
  if (rules.kosher && kosherDayConflict((slot) => mealFoods.get(slot) ?? []) !== undefined) return false;
  const dayKcal = items.reduce((sum, item) => sum + item.energyKcal, 0);
  return Math.abs(dayKcal - request.targetKcal) <= KCAL_TOLERANCE * request.targetKcal;
}
