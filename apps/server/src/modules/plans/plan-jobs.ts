import highsLoader from "highs";
import {
  createMealPlanner,
  EXACT_LIMITS,
  type MealPlanOutcome,
  type MealPlanRequest,
} from "@fitwise/engine/nutrition/meal-planner";
import {
  replacementChoices,
  replaceMealItem,
  type ReplacementChoicesOutcome,
  type ReplacementInput,
  type ReplacementOutcome,
} from "@fitwise/engine/nutrition/meal-replacement";
import {
  planWorkoutWeek,
  type WorkoutPlanOutcome,
  type WorkoutPlanRequest,
} from "@fitwise/engine/workouts/workout-planner";
import {
  replaceWorkoutItem,
  workoutAlternatives,
  type WorkoutAlternativesOutcome,
  type WorkoutReplacementOutcome,
  type WorkoutReplacementRequest,
} from "@fitwise/engine/workouts/workout-replacement";

/** The engine calls the server makes, as messages a worker thread can receive (plain data only). */
export type PlanJob =
  | { kind: "meal-plan"; request: MealPlanRequest }
  | { kind: "meal-replacement"; input: ReplacementInput }
  | { kind: "meal-replacement-choices"; input: ReplacementInput }
  | { kind: "workout-plan"; request: WorkoutPlanRequest }
  | { kind: "workout-replacement"; input: WorkoutReplacementRequest }
  | { kind: "workout-alternatives"; input: WorkoutReplacementRequest };

export interface PlanJobOutcomes {
  "meal-plan": MealPlanOutcome;
  "meal-replacement": ReplacementOutcome;
  "meal-replacement-choices": ReplacementChoicesOutcome;
  "workout-plan": WorkoutPlanOutcome;
  "workout-replacement": WorkoutReplacementOutcome;
  "workout-alternatives": WorkoutAlternativesOutcome;
}
export type PlanJobOutcome<J extends PlanJob> = PlanJobOutcomes[J["kind"]];

export type PlanJobRunner = (job: PlanJob) => PlanJobOutcomes[PlanJob["kind"]];

/** A typical request, solved once when a worker starts so the first user does not pay for cold code. */
export const WARM_UP_JOBS: readonly PlanJob[] = [
  {
    kind: "meal-plan",
    request: {
      targetKcal: 2000,
      weightKg: 75,
      gender: "female",
      goal: "Lose Weight",
      dietType: "standard",
      cuisine: "American",
      proteinSources: ["Poultry", "Eggs"],
      favouriteFoodsText: "",
      allergiesText: "",
      planNumber: 1,
      seed: 1,
    },
  },
  {
    kind: "workout-plan",
    request: {
      goal: "Gain Muscle Mass",
      level: "Intermediate",
      days: ["Monday", "Wednesday", "Friday"],
      workoutType: "GYM Workout",
      seed: 1,
    },
  },
];

/**
 * Loads the meal planner once, with HiGHS (WebAssembly, bundled in the `highs` package: no network) for the exact
 * fallback; the returned runner is synchronous (used in a worker, or in-thread as the fallback).
 */
export async function createPlanJobRunner(): Promise<PlanJobRunner> {
  const solver = await highsLoader();
  const mealPlanner = await createMealPlanner({ exact: { solver, limits: EXACT_LIMITS } });
  return (job) => {
    switch (job.kind) {
      case "meal-plan":
        return mealPlanner.plan(job.request);
      case "meal-replacement":
        return replaceMealItem(job.input);
      case "meal-replacement-choices":
        return replacementChoices(job.input);
      case "workout-plan":
        return planWorkoutWeek(job.request);
      case "workout-replacement":
        return replaceWorkoutItem(job.input);
      case "workout-alternatives":
        return workoutAlternatives(job.input);
    }
  };
}
