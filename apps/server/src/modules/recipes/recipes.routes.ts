import type { FastifyInstance } from "fastify";
import { defineFunction } from "../../http/define-function";
import { getRecipe } from "./recipes.service";

/** get_recipe under /functions/v1: public, as the catalogue is (docs/product.md §3.14). */
export async function recipesRoutes(app: FastifyInstance): Promise<void> {
  defineFunction(app, "get_recipe", {}, async ({ food_id, grams }) => {
    return getRecipe(food_id, grams);
  });
}
