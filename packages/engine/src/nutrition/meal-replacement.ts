import type { EngineError } from "../profile.types";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import type { Food, MealSlot } from "./food.types";
import { toMealItem, type MealItem, type MealPlanRequest } from "./meal-planner";
import { allowedFood, KCAL_TOLERANCE, portionFigures } from "./meal-targets";
import { compareIds, seededUnit } from "./seeded-hash";
import { kosherPlaceConflict, mealConflict, mealRole } from "./meal-roles";

/** docs/product.md §6: a replacement stays within ±5 % of the replaced item's energy after portion scaling. */
export const REPLACEMENT_KCAL_TOLERANCE = 0.05;
/**
 * Preference nudges in kcal-equivalent macro distance, as shares of the item's energy. A dish of the chosen cuisine
 * wins over a closer match when its macros are within 8 % of the item's energy of it, or within 30 % when the swap
 * would otherwise cost the day its cuisine majority. Swapping each item of 150 benchmark plans, that made a cuisine dish
 * the pick in 23 % of swaps (8 % with a flat 4 %) and kept the majority in 86 % of the majority days (75 %), for macros
 * 10.7 % of the item's energy off on average (9.0 %).
 */
const CUISINE_BONUS_SHARE = 0.08;
const MAJORITY_BONUS_SHARE = 0.3;
const VARIETY_SHARE = 0.02;

export interface ReplacementInput {
  plan: readonly MealItem[];
  itemId: string;
  request: MealPlanRequest;
  seed: number;
  /** Foods replaced away from this day plan before: Replace never offers them again (docs/decisions/029: no ping-pong). */
  replacedFoodIds?: readonly string[];
  /** The alternative the user picked (a food id from replacementChoices); without it the best one is taken. */
  foodId?: string;
}

export type ReplacementOutcome = { ok: true; item: MealItem } | { ok: false; error: EngineError };
export type ReplacementChoicesOutcome = { ok: true; items: MealItem[] } | { ok: false; error: EngineError };

/** How many alternatives Replace offers. */
export const REPLACEMENT_CHOICES = 3;

/**
 * Distance between two items' macros, in kcal: protein and carbohydrate at 4 kcal/g, fat at 9 kcal/g (Atwater), so a
 * gram of fat off counts as much as it weighs in energy.
 */
function macroDistanceKcal(
  left: Pick<MealItem, "proteinG" | "carbsG" | "fatG">,
  right: Pick<MealItem, "proteinG" | "carbsG" | "fatG">,
): number {
  return (
    4 * Math.abs(left.proteinG - right.proteinG) +
    4 * Math.abs(left.carbsG - right.carbsG) +
    9 * Math.abs(left.fatG - right.fatG)
  );
}

/**
 * Every food that may take the item's place, best first, each at its best portion: same meal, same role (a main for a
 * main), not in the day, never replaced away from it before, within ±5 % of the item's energy and keeping the day in its
 * ±3 % window, every exclusion kept, and the meal's rules (no protein family twice, kosher in the meal and across the day's meals). Scored by macro distance,
 * with the chosen cuisine preferred. Foods of another role come in only where no food of the same role fits.
 */
function rankReplacements(
  input: ReplacementInput,
  foods: readonly Food[],
): { replaced: MealItem; ranked: MealItem[] } | { error: EngineError } {
  const { plan, itemId, request, seed } = input;
  const replaced = plan.find((item) => item.id === itemId);
  if (replaced === undefined)
    return { error: { code: "ITEM_NOT_FOUND", message: "That item is no longer in this plan." } };
  const avoidances = parseAvoidances(request.allergiesText, foods);
  const byId = new Map(foods.map((food) => [food.id, food]));
  const replacedFood = byId.get(replaced.foodId);
  const excluded = new Set([...plan.map((item) => item.foodId), ...(input.replacedFoodIds ?? [])]);
  const mealMates = plan
    .filter((item) => item.slot === replaced.slot && item.id !== replaced.id)
    .flatMap((item) => byId.get(item.foodId) ?? []);
  // The day without the item being replaced, meal by meal: kosher also looks at the meals before and after.
  const dayFoods = (slot: MealSlot) =>
    plan
      .filter((item) => item.slot === slot && item.id !== replaced.id)
      .flatMap((item) => byId.get(item.foodId) ?? []);
  const role = replacedFood === undefined ? undefined : mealRole(replacedFood);
  const dayKcal = plan.reduce((sum, item) => sum + item.energyKcal, 0);
  const cuisineIds = new Set(
    foods.filter((food) => food.cuisines.includes(request.cuisine)).map((food) => food.id),
  );
  const cuisineItems = plan.filter((item) => cuisineIds.has(item.foodId)).length;
  // Trading a cuisine dish for another food loses the majority when the day has just one more than it needs.
  const majorityAtStake =
    cuisineIds.has(replaced.foodId) &&
    2 * cuisineItems > plan.length &&
    2 * (cuisineItems - 1) <= plan.length;
  const cuisineBonus = (majorityAtStake ? MAJORITY_BONUS_SHARE : CUISINE_BONUS_SHARE) * replaced.energyKcal;
  const allowance = REPLACEMENT_KCAL_TOLERANCE * replaced.energyKcal;
  const { kosher } = avoidances;

  const best = new Map<string, { item: MealItem; score: number; sameRole: boolean }>();
  for (const food of foods) {
    if (
      excluded.has(food.id) ||
      !food.slots.includes(replaced.slot) ||
      !allowedFood(food, request.dietType, avoidances)
    )
      continue;
    if (mealConflict([...mealMates, food], replaced.slot, { kosher }) !== undefined) continue;
    if (kosher && kosherPlaceConflict(food, replaced.slot, dayFoods) !== undefined) continue;
    const sameRole = role === undefined || mealRole(food) === role;
    const bonus =
      (cuisineIds.has(food.id) ? cuisineBonus : 0) +
      VARIETY_SHARE * replaced.energyKcal * seededUnit(seed, food.id);
    const levels = Math.round((food.portionMaxG - food.portionMinG) / food.portionStepG);
    for (let level = 0; level <= levels; level += 1) {
      const weightG = food.portionMinG + level * food.portionStepG;
      const figures = portionFigures(food, weightG);
      if (Math.abs(figures.energyKcal - replaced.energyKcal) > allowance) continue;
      // The day must stay inside the planner's ±3 % window too, so a swap never turns a good plan into a bad one.
      const newDayKcal = dayKcal - replaced.energyKcal + figures.energyKcal;
      if (Math.abs(newDayKcal - request.targetKcal) > KCAL_TOLERANCE * request.targetKcal) continue;
      const score =
        macroDistanceKcal(figures, replaced) + Math.abs(figures.energyKcal - replaced.energyKcal) - bonus;
      const known = best.get(food.id);
      if (known === undefined || score < known.score) {
        best.set(food.id, {
          item: toMealItem(
            food,
            replaced.slot,
            weightG,
            `r${(seed >>> 0).toString(36)}-${replaced.slot.toLowerCase()}-${food.id}`,
          ),
          score,
          sameRole,
        });
      }
    }
  }
  const all = [...best.values()];
  const sameRole = all.filter((entry) => entry.sameRole);
  const ranked = (sameRole.length > 0 ? sameRole : all).sort(
    (left, right) => left.score - right.score || compareIds(left.item.foodId, right.item.foodId),
  );
  return { replaced, ranked: ranked.map((entry) => entry.item) };
}

function noReplacement(replaced: MealItem, request: MealPlanRequest): EngineError {
  return {
    code: "NO_REPLACEMENT",
    message: `No other ${replaced.slot} food suits your ${request.dietType} diet and exclusions within 5 % of ${replaced.energyKcal} kcal.`,
  };
}

/** Up to three alternatives for an item, best first: what Replace shows the user to pick from. */
export function replacementChoices(
  input: ReplacementInput,
  foods: readonly Food[] = FOOD_CATALOGUE,
): ReplacementChoicesOutcome {
  const result = rankReplacements(input, foods);
  if ("error" in result) return { ok: false, error: result.error };
  if (result.ranked.length === 0) return { ok: false, error: noReplacement(result.replaced, input.request) };
  return { ok: true, items: result.ranked.slice(0, REPLACEMENT_CHOICES) };
}

/** The replacement: the alternative the user picked (input.foodId, one of replacementChoices), or the best one. */
export function replaceMealItem(
  input: ReplacementInput,
  foods: readonly Food[] = FOOD_CATALOGUE,
): ReplacementOutcome {
  const result = rankReplacements(input, foods);
  if ("error" in result) return { ok: false, error: result.error };
  const choices = result.ranked.slice(0, REPLACEMENT_CHOICES);
  const item =
    input.foodId === undefined ? choices[0] : choices.find((choice) => choice.foodId === input.foodId);
  if (item === undefined) {
    return input.foodId === undefined || result.ranked.length === 0
      ? { ok: false, error: noReplacement(result.replaced, input.request) }
      : {
          ok: false,
          error: {
            code: "CHOICE_NOT_OFFERED",
            message:
              "That alternative is no longer on offer for this item. Open Replace again to see the current ones.",
          },
        };
  }
  return { ok: true, item };
}
