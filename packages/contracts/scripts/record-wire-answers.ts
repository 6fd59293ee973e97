/**
 * Re-records the meal answers of fixtures/wire-answers.golden.json from today's engine, for the same recorded requests
 * (plan-items.mapper.test.ts). Run it only when a change to the engine is meant to change served plans (a catalogue
 * name, a planning rule), check the diff, and say why in the commit:
 *
 *   npx tsx packages/contracts/scripts/record-wire-answers.ts
 *
 * The workout answers are kept as recorded.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import type { MealPlanRequest } from "@fitwise/engine/nutrition/meal-plan.types";
import { createMealPlanner } from "@fitwise/engine/nutrition/meal-planner";
import { replacementChoices } from "@fitwise/engine/nutrition/meal-replacement";
import { toWireMealItem } from "../src/plan-items.mapper";

const path = new URL("../src/fixtures/wire-answers.golden.json", import.meta.url);
const golden: { meals: { request: MealPlanRequest }[]; workouts: unknown[] } = JSON.parse(
  readFileSync(path, "utf8"),
);
const planner = await createMealPlanner({ timeLimitMs: 1e9 });
const meals = golden.meals.map(({ request }) => {
  const outcome = planner.plan(request);
  const items = outcome.ok ? outcome.plan.items : [];
  const alternatives = items.slice(0, 4).map((item) => {
    const choices = replacementChoices({ plan: items, itemId: item.id, request, seed: request.seed + 1 });
    return choices.ok ? choices.items.map(toWireMealItem) : choices.error;
  });
  return { request, plan: outcome.ok ? items.map(toWireMealItem) : outcome.error, alternatives };
});
writeFileSync(
  path,
  await format(JSON.stringify({ meals, workouts: golden.workouts }), {
    ...(await resolveConfig(path)),
    parser: "json",
  }),
);
console.log(`re-recorded ${meals.length} meal answers`);
