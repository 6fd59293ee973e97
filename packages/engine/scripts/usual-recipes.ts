/**
 * Regenerates foods/usual-recipes.json from the dish files, keeping every reviewed entry, and checks it
 * (docs/decisions/062). A dish that is new or whose ingredients changed is marked "pending" until someone reads it
 * against its usual recipe, fills `leftOut` and `variant`, and removes the mark.
 *
 *   npx tsx packages/engine/scripts/usual-recipes.ts          rewrite the table, then report problems
 *   npx tsx packages/engine/scripts/usual-recipes.ts --check  report only; exit 1 if the table is stale or unreviewed
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { FOOD_RECORDS, INGREDIENTS } from "../src/nutrition/food-catalogue";
import { isComposite } from "../src/nutrition/recipes";
import {
  regenerateUsualRecipes,
  UsualRecipesSchema,
  usualRecipeProblems,
} from "../src/nutrition/usual-recipes";

const path = new URL("../src/nutrition/foods/usual-recipes.json", import.meta.url);
const current = UsualRecipesSchema.parse(JSON.parse(readFileSync(path, "utf8")));
// Dishes are the cuisine files' foods and any base food made from a recipe (seitan); the other base foods are single USDA items.
const dishes = FOOD_RECORDS.filter((record) => record.cuisines.length > 0 || isComposite(record));
const next = regenerateUsualRecipes(dishes, current);
const text = await format(JSON.stringify(next), { ...(await resolveConfig(path)), parser: "json" });
const stale = text !== readFileSync(path, "utf8");
if (!process.argv.includes("--check")) writeFileSync(path, text);
const problems = usualRecipeProblems(next, INGREDIENTS);
for (const problem of problems) console.log(problem);
console.log(
  `${next.dishes.length} dishes, ${next.dishes.filter((entry) => entry.variant).length} with a variant`,
);
if (process.argv.includes("--check") && stale) console.log("usual-recipes.json is stale: run the script");
process.exitCode = problems.length > 0 || (process.argv.includes("--check") && stale) ? 1 : 0;
