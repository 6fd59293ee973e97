import { z } from "zod";
import { RECIPE_GRAMS_MAX, RECIPE_GRAMS_MIN, type Recipe } from "@fitwise/engine/nutrition/recipes";

/**
 * `get_recipe` (docs/product.md §3.14, §8): the recipe behind one planned item, scaled to its portion. Public, as
 * the catalogue is public data and the public plan pages show recipes too.
 */
export const GetRecipeRequestSchema = z.object({
  food_id: z.string().min(1).max(120),
  grams: z
    .number()
    .finite()
    .min(RECIPE_GRAMS_MIN, `Must be at least ${RECIPE_GRAMS_MIN} g.`)
    .max(RECIPE_GRAMS_MAX, `Must be at most ${RECIPE_GRAMS_MAX} g.`),
});

export const RecipeIngredientWireSchema = z.object({
  name: z.string(),
  grams: z.number(),
  measure: z.string().optional(),
});

export const GetRecipeResponseSchema = z.object({
  food_id: z.string(),
  name: z.string(),
  grams: z.number(),
  ingredients: z.array(RecipeIngredientWireSchema),
  steps: z.array(z.string()),
  contains: z.array(z.string()),
  variant: z.string().optional(),
});
export type RecipeWire = z.infer<typeof GetRecipeResponseSchema>;

/** The engine's recipe in the documented wire shape (the one edge mapping, as plan items have, decision 042). */
export function toWireRecipe(recipe: Recipe): RecipeWire {
  return {
    food_id: recipe.foodId,
    name: recipe.name,
    grams: recipe.grams,
    ingredients: recipe.ingredients,
    steps: recipe.steps,
    contains: recipe.contains,
    ...(recipe.variant === undefined ? {} : { variant: recipe.variant }),
  };
}
