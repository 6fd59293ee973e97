import type { FoodRecord } from "./food-data";
import { FOOD_RECORDS, findFood } from "./food-catalogue";
import type { Food } from "./food.types";
import INGREDIENT_MEASURES from "./foods/ingredient-measures.json" with { type: "json" };
import RECIPE_STEPS from "./foods/recipe-steps.json" with { type: "json" };
import { inMeasure, type HouseholdMeasure } from "./meal-roles";

/**
 * The recipe behind a planned item (docs/product.md §3.14): the catalogue's ingredients scaled to the portion, a
 * method, and what the dish contains. Ingredients are weighed raw and a portion is weighed as eaten, so a portion
 * of a dish that loses water in cooking (`cookedWeightPercent`, foods/README.md) needs more than its own weight of
 * ingredients.
 */

export interface RecipeIngredient {
  name: string;
  /** Raw weight for this portion, to one decimal. */
  grams: number;
  /** The same weight in a household measure ("2 large eggs", "1 tbsp") where one is kept. */
  measure?: string;
}

export interface Recipe {
  foodId: string;
  name: string;
  /** The portion as eaten. */
  grams: number;
  ingredients: RecipeIngredient[];
  /** Empty for a food that is its own single ingredient. */
  steps: string[];
  /** Allergens, then flags, derived from the ingredients (docs/decisions/026). */
  contains: string[];
  /** Where ours leaves out what the usual recipe holds, as the shown name states it (foods/usual-recipes.json). */
  variant?: string;
}

/** The portion bounds get_recipe accepts (docs/product.md §8). */
export const RECIPE_GRAMS_MIN = 1;
export const RECIPE_GRAMS_MAX = 3000;

const MEASURES = INGREDIENT_MEASURES as Record<string, HouseholdMeasure>;
/** Method steps per composite dish, kept as data beside the catalogue (foods/recipe-steps.json). */
export const RECIPE_STEPS_BY_FOOD: Readonly<Record<string, readonly string[]>> = RECIPE_STEPS;
const RECORDS_BY_ID = new Map(FOOD_RECORDS.map((record) => [record.id, record]));

/** A food is composite when its recipe has more than one ingredient; only those need a method. */
export function isComposite(record: Pick<FoodRecord, "ingredients">): boolean {
  return record.ingredients.length > 1;
}

/**
 * The raw weight of ingredients one portion takes: the eaten weight divided by the finished share
 * (`cookedWeightPercent`, 100 when absent).
 */
export function rawWeightG(record: Pick<FoodRecord, "cookedWeightPercent">, portionG: number): number {
  return (portionG * 100) / (record.cookedWeightPercent ?? 100);
}

/** The scaled ingredients of one portion, unrounded: what recipes and the shopping list both add up. */
export function scaledIngredients(
  record: Pick<FoodRecord, "ingredients" | "cookedWeightPercent">,
  portionG: number,
): { name: string; grams: number }[] {
  const recipeG = record.ingredients.reduce((sum, { grams }) => sum + grams, 0);
  const factor = rawWeightG(record, portionG) / recipeG;
  return record.ingredients.map(({ name, grams }) => ({ name, grams: grams * factor }));
}

function containsOf(food: Food): string[] {
  const words = new Set<string>(food.allergens);
  for (const flag of food.flags) words.add(flag);
  return [...words];
}

const roundTenth = (grams: number): number => Math.round(grams * 10) / 10;

/** The recipe for a portion of a catalogue food, or undefined for an id the catalogue does not hold. */
export function recipeFor(foodId: string, portionG: number): Recipe | undefined {
  const record = RECORDS_BY_ID.get(foodId);
  const food = findFood(foodId);
  if (record === undefined || food === undefined) return undefined;
  const ingredients = scaledIngredients(record, portionG).map(({ name, grams }): RecipeIngredient => {
    const measureOf = MEASURES[name];
    const measure = measureOf === undefined ? undefined : inMeasure(measureOf, grams);
    return { name, grams: roundTenth(grams), ...(measure === undefined ? {} : { measure }) };
  });
  const { variant } = food;
  return {
    foodId,
    name: food.name,
    grams: portionG,
    ingredients,
    steps: [...(RECIPE_STEPS_BY_FOOD[foodId] ?? [])],
    contains: containsOf(food),
    ...(variant === undefined ? {} : { variant }),
  };
}
