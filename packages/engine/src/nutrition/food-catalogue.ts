import {
  foodFromRecord,
  parseFoodRecords,
  parseIngredientTable,
  type FoodRecord,
  type IngredientTable,
} from "./food-data";
import type { Food } from "./food.types";
import baseFoods from "./foods/base-foods.json" with { type: "json" };
import easternDishes from "./foods/eastern-dishes.json" with { type: "json" };
import ingredients from "./foods/ingredients.json" with { type: "json" };
import westernDishes from "./foods/western-dishes.json" with { type: "json" };
import { shownName, variantOf } from "./usual-recipes";

/** Problems that make a food list unusable for planning; empty when the list is sound. */
export function catalogueProblems(foods: readonly Food[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const food of foods) {
    if (seen.has(food.id)) problems.push(`duplicate id "${food.id}"`);
    seen.add(food.id);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(food.id)) problems.push(`id "${food.id}" is not kebab-case`);
    if (food.slots.length === 0) problems.push(`"${food.id}" has no meal slot`);
    const figures = [food.energyKcal, food.proteinG, food.carbsG, food.fatG, food.fibreG];
    if (figures.some((value) => !Number.isFinite(value) || value < 0))
      problems.push(`"${food.id}" has a negative or missing figure`);
    if (food.energyKcal <= 0) problems.push(`"${food.id}" has no energy`);
    if (!(food.portionStepG > 0 && food.portionMinG > 0 && food.portionMinG <= food.portionMaxG)) {
      problems.push(`"${food.id}" has an invalid portion range`);
    } else if (
      !Number.isInteger(Math.round(((food.portionMaxG - food.portionMinG) / food.portionStepG) * 1e6) / 1e6)
    ) {
      problems.push(`"${food.id}" portion range is not a whole number of steps`);
    }
  }
  return problems;
}

function assemble(lists: readonly (readonly Food[])[]): readonly Food[] {
  const foods = lists.flat();
  const duplicates = catalogueProblems(foods).filter((problem) => problem.startsWith("duplicate id"));
  // Saved plans refer to foods by id, so two foods sharing one would silently corrupt them: fail loudly at load.
  if (duplicates.length > 0) throw new Error(`Food catalogue is inconsistent: ${duplicates.join("; ")}`);
  return Object.freeze(foods);
}

/** Every ingredient a food may name, with its per-100 g figures, allergens and flags. */
export const INGREDIENTS: IngredientTable = parseIngredientTable(ingredients);

const BASE_RECORDS = parseFoodRecords(baseFoods);
const WESTERN_RECORDS = parseFoodRecords(westernDishes);
const EASTERN_RECORDS = parseFoodRecords(easternDishes);
/** The foods as the files hold them, recipes included (`cookedWeightPercent`, `note`): for checks of the data. */
export const FOOD_RECORDS: readonly FoodRecord[] = [...BASE_RECORDS, ...WESTERN_RECORDS, ...EASTERN_RECORDS];
/**
 * A dish whose usual recipe holds something ours leaves out is shown with the variant in its name (docs/decisions/062):
 * plans take names from here when they are made, so stored plans keep the names they were made with.
 */
function withVariant(food: Food): Food {
  const variant = variantOf(food.id);
  return variant === undefined ? food : { ...food, name: shownName(food.name, variant), variant };
}
const derive = (records: readonly FoodRecord[]): Food[] =>
  records.map((record) => withVariant(foodFromRecord(record, INGREDIENTS)));

/**
 * Generic foods every cuisine uses: USDA SR Legacy items (`usdaNdbNo`), plus seitan from its recipe. Oats carry
 * wheat/gluten because oats not certified gluten-free are routinely cross-contaminated with wheat.
 */
export const BASE_FOODS: readonly Food[] = derive(BASE_RECORDS);
/** American, European, Italian, French, Greek, Mediterranean, Spanish, Russian, Mexican, Latin American, Caribbean. */
export const WESTERN_DISHES: readonly Food[] = derive(WESTERN_RECORDS);
/** Indian, Chinese, Japanese, Thai, Korean, Vietnamese, Middle Eastern, Lebanese, Turkish, African and Ethiopian dishes. */
export const EASTERN_DISHES: readonly Food[] = derive(EASTERN_RECORDS);

export const FOOD_CATALOGUE: readonly Food[] = assemble([BASE_FOODS, WESTERN_DISHES, EASTERN_DISHES]);

const FOODS_BY_ID = new Map(FOOD_CATALOGUE.map((food) => [food.id, food]));

export function findFood(id: string): Food | undefined {
  return FOODS_BY_ID.get(id);
}
