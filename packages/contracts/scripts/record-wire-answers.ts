/**
 * Re-records the meal and workout answers of fixtures/wire-answers.golden.json from today's engine, for the same
 * recorded requests (plan-items.mapper.test.ts, which builds them the same way). Run it only when a change to the
 * engine is meant to change served plans (a catalogue name, a planning rule), check the diff, and say why in the
 * commit:
 *
 *   npx tsx packages/contracts/scripts/record-wire-answers.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import type { MealPlanRequest } from "@fitwise/engine/nutrition/meal-plan.types";
import { createMealPlanner } from "@fitwise/engine/nutrition/meal-planner";
import { replacementChoices } from "@fitwise/engine/nutrition/meal-replacement";
import { planWorkoutWeek, type WorkoutPlanRequest } from "@fitwise/engine/workouts/workout-planner";
import { workoutAlternatives } from "@fitwise/engine/workouts/workout-replacement";
import { toWireMealItem, toWireWorkoutItem } from "../src/plan-items.mapper";

const path = new URL("../src/fixtures/wire-answers.golden.json", import.meta.url);
const golden: { meals: { request: MealPlanRequest }[]; workouts: { request: WorkoutPlanRequest }[] } =
  JSON.parse(readFileSync(path, "utf8"));
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
const workouts = golden.workouts.map(({ request }) => {
  const outcome = planWorkoutWeek(request);
  const items = outcome.ok ? outcome.plan.items : [];
  const alternatives = items
    .filter((item) => item.kind === "exercise")
    .slice(0, 3)
    .map((item) => {
      const offered = workoutAlternatives({
        plan: items,
        itemId: item.id,
        level: request.level,
        workoutType: request.workoutType,
        equipment: request.equipment,
        ageYears: request.ageYears,
        seed: request.seed + 7,
      });
      return offered.ok ? offered.alternatives.map(toWireWorkoutItem) : offered.error;
    });
  return { request, plan: outcome.ok ? items.map(toWireWorkoutItem) : outcome.error, alternatives };
});
writeFileSync(
  path,
  await format(JSON.stringify({ meals, workouts }), {
    ...(await resolveConfig(path)),
    parser: "json",
  }),
);
console.log(`re-recorded ${meals.length} meal and ${workouts.length} workout answers`);
