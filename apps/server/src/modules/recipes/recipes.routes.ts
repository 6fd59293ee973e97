import type { FastifyInstance } from "fastify";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import { getRecipe } from "./recipes.service";

/** get_recipe under /functions/v1: public, as the catalogue is (docs/product.md §3.14). */
export async function recipesRoutes(app: FastifyInstance): Promise<void> {
  app.post("/get_recipe", async (request) => {
    const { food_id, grams } = FUNCTIONS.get_recipe.request.parse(request.body ?? {});
    return getRecipe(food_id, grams);
  });
}
