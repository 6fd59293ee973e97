import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { MealItem as EngineMealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { toMealItem } from "@fitwise/engine/nutrition/meal-planner";
import type { WorkoutItem as EngineWorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { planWorkoutWeek } from "@fitwise/engine/workouts/workout-planner";
import { MealItemSchema, WorkoutItemSchema, type MealItem, type WorkoutItem } from "./plans";

describe("plan items: the contracts and the engine agree", () => {
  it("types each schema exactly as the engine's item interface, in and out", () => {
    expectTypeOf<z.output<typeof MealItemSchema>>().toEqualTypeOf<EngineMealItem>();
    expectTypeOf<z.input<typeof MealItemSchema>>().toEqualTypeOf<EngineMealItem>();
    expectTypeOf<z.output<typeof WorkoutItemSchema>>().toEqualTypeOf<EngineWorkoutItem>();
    expectTypeOf<z.input<typeof WorkoutItemSchema>>().toEqualTypeOf<EngineWorkoutItem>();
    expectTypeOf<MealItem>().toEqualTypeOf<EngineMealItem>();
    expectTypeOf<WorkoutItem>().toEqualTypeOf<EngineWorkoutItem>();
  });

  it("accepts, unchanged, the meal item the engine makes of every catalogue food in every slot", () => {
    // Any weight does: only the shape of the item is checked here.
    for (const food of FOOD_CATALOGUE) {
      for (const slot of MEAL_SLOTS) {
        const item = toMealItem(food, slot, 250, `p1-${slot}-${food.id}`);
        expect(MealItemSchema.parse(item)).toEqual(item);
      }
    }
  });

  it("accepts, unchanged, every item of a planned workout week", () => {
    const outcome = planWorkoutWeek({
      goal: "Gain Muscle Mass",
      level: "Intermediate",
      days: ["Monday", "Tuesday", "Thursday", "Friday", "Saturday"],
      workoutType: "GYM Workout",
      seed: 7,
    });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.plan.items.length).toBeGreaterThan(0);
    for (const item of outcome.plan.items) expect(WorkoutItemSchema.parse(item)).toEqual(item);
  });
});
