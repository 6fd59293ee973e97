import { GetRecipeResponseSchema, type RecipeWire } from "@fitwise/contracts/recipes";
import { readCache, writeCache } from "./local-cache";

/** Recipes opened lately stay readable offline (docs/decisions/047); a day's plans open a few dozen at most. */
const KEPT_RECIPES_MAX = 60;

const keyOf = (foodId: string, grams: number) => `${foodId}:${grams}`;

export function readKeptRecipe(foodId: string, grams: number): RecipeWire | undefined {
  const parsed = GetRecipeResponseSchema.safeParse(readCache("recipes")?.[keyOf(foodId, grams)]);
  return parsed.success ? parsed.data : undefined;
}

/** Keeps the recipe, dropping the oldest beyond the limit (object keys keep their insertion order). */
export function keepRecipe(foodId: string, grams: number, recipe: RecipeWire): void {
  const key = keyOf(foodId, grams);
  const entries = Object.entries(readCache("recipes") ?? {}).filter(([kept]) => kept !== key);
  writeCache("recipes", Object.fromEntries([...entries.slice(-(KEPT_RECIPES_MAX - 1)), [key, recipe]]));
}
