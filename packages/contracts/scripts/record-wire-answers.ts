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
import type { WorkoutPlanRequest } from "@fitwise/engine/workouts/workout-planner";
import { mealWireAnswer, workoutWireAnswer } from "../src/fixtures/wire-answers";

const path = new URL("../src/fixtures/wire-answers.golden.json", import.meta.url);
const golden: { meals: { request: MealPlanRequest }[]; workouts: { request: WorkoutPlanRequest }[] } =
  JSON.parse(readFileSync(path, "utf8"));
const planner = await createMealPlanner({ timeLimitMs: 1e9 });
const meals = golden.meals.map(({ request }) => mealWireAnswer(planner, request));
const workouts = golden.workouts.map(({ request }) => workoutWireAnswer(request));
writeFileSync(
  path,
  await format(JSON.stringify({ meals, workouts }), {
    ...(await resolveConfig(path)),
    parser: "json",
  }),
);
console.log(`re-recorded ${meals.length} meal and ${workouts.length} workout answers`);
