import { describe, expect, it } from "vitest";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import { GetRecipeResponseSchema } from "@fitwise/contracts/recipes";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, errorOf } from "../../test/plan-journey.fixture";

describeWithDatabases("get_recipe", ({ app }) => {
  it("answers the recipe of a portion without a token, in the documented shape", async () => {
    const response = await callFunction(app(), "get_recipe", { food_id: "jp-miso-soup", grams: 250 });
    expect(response.statusCode, response.body).toBe(200);
    const recipe = GetRecipeResponseSchema.parse(response.json());
    expect(recipe.food_id).toBe("jp-miso-soup");
    expect(recipe.grams).toBe(250);
    expect(recipe.steps.length).toBeGreaterThanOrEqual(3);
    expect(recipe.contains).toContain("soy");
    expect(recipe.variant).toBe("kombu stock, no fish");
    // docs/decisions/062: the shown name states the variant.
    expect(recipe.name).toBe("Miso soup with tofu and wakame (kombu stock, no fish)");
    const sumG = recipe.ingredients.reduce((sum, { grams }) => sum + grams, 0);
    expect(sumG).toBeGreaterThanOrEqual(249);
  });

  it("answers 404 with a clear message for an unknown food", async () => {
    const response = await callFunction(app(), "get_recipe", { food_id: "no-such-dish", grams: 100 });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toContain("no-such-dish");
  });

  it("answers 400 naming grams outside 1–3,000", async () => {
    for (const grams of [0, 3001]) {
      const response = await callFunction(app(), "get_recipe", { food_id: "jp-miso-soup", grams });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).issues).toEqual([expect.objectContaining({ path: "grams" })]);
    }
  });
});

describe("get_recipe contract", () => {
  it("refuses a request without a food id", () => {
    expect(FUNCTIONS.get_recipe.request.safeParse({ grams: 100 }).success).toBe(false);
  });
});
