import type { Cuisine, DietType } from "./nutrition/food.types";
import type { FitnessGoal } from "./profile.types";
import type { ExperienceLevel, WorkoutType } from "./workouts/exercise.types";

/**
 * What a plan assumes where the profile says nothing, and what the forms preselect
 * (docs/product.md §3.3 and §3.5: Lose Weight, Beginner, Home Workout, American cuisine; the standard diet,
 * which excludes nothing).
 * The one copy: server planning, the chat's view of the profile and the web forms all read it.
 */
export const PLANNING_DEFAULTS = {
  goal: "Lose Weight",
  level: "Beginner",
  workoutType: "Home Workout",
  dietType: "standard",
  cuisine: "American",
} as const satisfies {
  goal: FitnessGoal;
  level: ExperienceLevel;
  workoutType: WorkoutType;
  dietType: DietType;
  cuisine: Cuisine;
};
