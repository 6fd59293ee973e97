import { toWireRecipe, type RecipeWire } from "@fitwise/contracts/recipes";
import { recipeFor } from "@fitwise/engine/nutrition/recipes";
import { HttpError } from "../../http/errors";

/** get_recipe (docs/product.md §3.14): the engine's recipe in the documented shape; 404 for an unknown food. */
export function getRecipe(foodId: string, grams: number): RecipeWire {
  const recipe = recipeFor(foodId, grams);
  if (recipe === undefined)
    throw new HttpError(404, "food_not_found", `No food with the id "${foodId}" is in the catalogue.`);
  return toWireRecipe(recipe);
}
