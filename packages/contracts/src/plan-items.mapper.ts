import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { exerciseIdOf } from "@fitwise/engine/workouts/exercise-library";
import { REST_DAY_ID, type WorkoutItem, type WorkoutItemKind } from "@fitwise/engine/workouts/exercise.types";
import type { MealItemWire, WorkoutItemWire } from "./plans";

/*
 * The one place where plan items change shape: the engine, the server's storage and the screens use the domain items
 * (ids, units in names); the HTTP API sends the documented wire shapes of docs/product.md §8. The server maps on the
 * way out, the web app on the way in (its api/ files). Keys are written in the wire's documented order, so answers are
 * byte-identical to those of the engine that made the wire shapes itself (plan-items.mapper.test.ts).
 */

export function toWireMealItem(item: MealItem): MealItemWire {
  return {
    id: item.id,
    Meal: item.slot,
    Item: item.name,
    Weight: item.grams,
    Calories: item.energyKcal,
    Protein: item.proteinG,
    Carbs: item.carbsG,
    Fat: item.fatG,
    foodId: item.foodId,
    image: item.image,
    ...(item.measure === undefined ? {} : { measure: item.measure }),
  };
}

export function fromWireMealItem(item: MealItemWire): MealItem {
  return {
    id: item.id,
    slot: item.Meal,
    name: item.Item,
    grams: item.Weight,
    energyKcal: item.Calories,
    proteinG: item.Protein,
    carbsG: item.Carbs,
    fatG: item.Fat,
    foodId: item.foodId,
    image: item.image,
    ...(item.measure === undefined ? {} : { measure: item.measure }),
  };
}

export function toWireWorkoutItem(item: WorkoutItem): WorkoutItemWire {
  return {
    id: item.id,
    Day: item.day,
    "Workout Name": item.name,
    "Body Part Targeted": item.bodyPart,
    "Youtube Video Link": item.videoUrl,
    "No of Sets": item.sets,
    "No of Reps": item.reps,
  };
}

/**
 * The wire shape names a rest day only in words: our planner writes "Rest Day", and plans shared before it may say
 * "Rest" or "rest day" in either field (docs/decisions/031). No exercise in the library has the word.
 */
const REST_WORD = /\brest\b/i;

function kindOfWire(item: WorkoutItemWire): WorkoutItemKind {
  const bodyPart = item["Body Part Targeted"].trim();
  if (REST_WORD.test(item["Workout Name"]) || REST_WORD.test(bodyPart)) return "rest";
  if (bodyPart === "Warmup") return "warmup";
  if (bodyPart === "Cooldown") return "cooldown";
  return "exercise";
}

export function fromWireWorkoutItem(item: WorkoutItemWire): WorkoutItem {
  const kind = kindOfWire(item);
  return {
    id: item.id,
    day: item.Day,
    kind,
    exerciseId: kind === "rest" ? REST_DAY_ID : exerciseIdOf(item["Workout Name"]),
    name: item["Workout Name"],
    bodyPart: item["Body Part Targeted"],
    videoUrl: item["Youtube Video Link"],
    sets: item["No of Sets"],
    reps: item["No of Reps"],
  };
}

/** A saved diet (public page or owner's list) with its day in domain items, as the web app works with it. */
export type WithMealItems<T extends { diet_one: MealItemWire[] }> = Omit<T, "diet_one"> & {
  diet_one: MealItem[];
};
/** A saved week (public page or owner's list) with its items in domain form. */
export type WithWorkoutItems<T extends { workout_plan: WorkoutItemWire[] }> = Omit<T, "workout_plan"> & {
  workout_plan: WorkoutItem[];
};

export function withMealItems<T extends { diet_one: MealItemWire[] }>(record: T): WithMealItems<T> {
  return { ...record, diet_one: record.diet_one.map(fromWireMealItem) };
}

export function withWorkoutItems<T extends { workout_plan: WorkoutItemWire[] }>(
  record: T,
): WithWorkoutItems<T> {
  return { ...record, workout_plan: record.workout_plan.map(fromWireWorkoutItem) };
}
