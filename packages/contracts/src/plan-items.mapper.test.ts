import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { MealItem, MealPlanRequest } from "@fitwise/engine/nutrition/meal-plan.types";
import { createMealPlanner, toMealItem } from "@fitwise/engine/nutrition/meal-planner";
import { EXERCISE_LIBRARY } from "@fitwise/engine/workouts/exercise-library";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { planWorkoutWeek, type WorkoutPlanRequest } from "@fitwise/engine/workouts/workout-planner";
import { mealWireAnswer, workoutWireAnswer } from "./fixtures/wire-answers";
import {
  fromWireMealItem,
  fromWireWorkoutItem,
  toWireMealItem,
  toWireWorkoutItem,
} from "./plan-items.mapper";
import {
  MealItemSchema,
  MealItemWireSchema,
  WorkoutItemSchema,
  WorkoutItemWireSchema,
  type WorkoutItemWire,
} from "./plans";

/**
 * Answers recorded from the engine at the commit before the domain model, when it still made the wire shapes itself:
 * 30 meal plans (random profiles, plans 1–3, typed allergies) with Replace's alternatives for four items each, and 30
 * workout weeks (every level and goal, home and gym, ages 19–80) with the alternatives for three exercises each. The
 * same requests through today's engine and the mapper must give the same bytes.
 */
const GOLDEN: {
  meals: { request: MealPlanRequest; plan: unknown; alternatives: unknown[] }[];
  workouts: { request: WorkoutPlanRequest; plan: unknown; alternatives: unknown[] }[];
} = JSON.parse(readFileSync(new URL("./fixtures/wire-answers.golden.json", import.meta.url), "utf8"));

describe("plan items: the mapper keeps the HTTP API's answers", () => {
  it("gives byte-identical meal plans and Replace alternatives for the recorded requests", async () => {
    const planner = await createMealPlanner({ timeLimitMs: 1e9 });
    expect(GOLDEN.meals).toHaveLength(30);
    for (const recorded of GOLDEN.meals) {
      expect(JSON.stringify(mealWireAnswer(planner, recorded.request))).toBe(JSON.stringify(recorded));
    }
  }, 120_000);

  it("gives byte-identical workout weeks and exercise alternatives for the recorded requests", () => {
    expect(GOLDEN.workouts).toHaveLength(30);
    for (const recorded of GOLDEN.workouts) {
      expect(JSON.stringify(workoutWireAnswer(recorded.request))).toBe(JSON.stringify(recorded));
    }
  });
});

describe("plan items: wire and domain round trips", () => {
  it("types the stored-item schemas exactly as the engine's item interfaces, in and out", () => {
    expectTypeOf<z.output<typeof MealItemSchema>>().toEqualTypeOf<MealItem>();
    expectTypeOf<z.input<typeof MealItemSchema>>().toEqualTypeOf<MealItem>();
    expectTypeOf<z.output<typeof WorkoutItemSchema>>().toEqualTypeOf<WorkoutItem>();
    expectTypeOf<z.input<typeof WorkoutItemSchema>>().toEqualTypeOf<WorkoutItem>();
  });

  it("maps the item of every catalogue food in every slot to a valid wire item and back unchanged", () => {
    for (const food of FOOD_CATALOGUE) {
      for (const slot of MEAL_SLOTS) {
        const item = toMealItem(food, slot, 250, `p1-${slot}-${food.id}`);
        const wire = toWireMealItem(item);
        expect(MealItemSchema.parse(item)).toEqual(item);
        expect(MealItemWireSchema.parse(wire)).toEqual(wire);
        expect(fromWireMealItem(wire)).toEqual(item);
      }
    }
  });

  it("maps every item of a planned week to a valid wire item and back unchanged", () => {
    const outcome = planWorkoutWeek({
      goal: "Gain Muscle Mass",
      level: "Intermediate",
      days: ["Monday", "Tuesday", "Thursday", "Friday", "Saturday"],
      workoutType: "GYM Workout",
      seed: 7,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(new Set(outcome.plan.items.map((item) => item.kind))).toEqual(
      new Set(["warmup", "exercise", "cooldown", "rest"]),
    );
    for (const item of outcome.plan.items) {
      const wire = toWireWorkoutItem(item);
      expect(WorkoutItemSchema.parse(item)).toEqual(item);
      expect(WorkoutItemWireSchema.parse(wire)).toEqual(wire);
      expect(fromWireWorkoutItem(wire)).toEqual(item);
    }
  });

  const wire = (name: string, bodyPart: string): WorkoutItemWire => ({
    id: "w1",
    Day: "Monday",
    "Workout Name": name,
    "Body Part Targeted": bodyPart,
    "Youtube Video Link": "",
    "No of Sets": 0,
    "No of Reps": "0",
  });

  it("reads older spellings of a rest day, in either field, as a rest day", () => {
    for (const [name, bodyPart] of [
      ["Rest Day", "Rest Day"],
      ["Rest", "Full body"],
      ["Recovery", "rest day"],
    ] as const) {
      expect(fromWireWorkoutItem(wire(name, bodyPart))).toMatchObject({
        kind: "rest",
        exerciseId: "rest-day",
      });
    }
  });

  it("reads every library exercise by its name as that exercise, never as rest", () => {
    for (const exercise of EXERCISE_LIBRARY) {
      const item = fromWireWorkoutItem(wire(exercise.name, exercise.bodyPart));
      expect(item.exerciseId).toBe(exercise.id);
      expect(item.kind).not.toBe("rest");
    }
    expect(fromWireWorkoutItem(wire("Interest curls", "Biceps")).kind).toBe("exercise");
  });
});
