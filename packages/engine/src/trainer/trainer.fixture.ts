import { parseAvoidances } from "../nutrition/avoidances";
import { FOOD_CATALOGUE, findFood } from "../nutrition/food-catalogue";
import { MEAL_SLOTS, type MealSlot } from "../nutrition/food.types";
import {
  dayTotals,
  sumMacros,
  toMealItem,
  type MealItem,
  type MealPlanner,
  type MealPlanRequest,
} from "../nutrition/meal-planner";
import { allowedFood } from "../nutrition/meal-targets";
import { hashString } from "../nutrition/seeded-hash";
import { planWorkoutWeek } from "../workouts/workout-planner";
import type { WorkoutItem } from "../workouts/exercise.types";
import type { TrainerProfile, TrainerState } from "./trainer-state";

export const PROFILE: TrainerProfile = {
  goal: "Lose Weight",
  level: "Beginner",
  weightKg: 80,
  heightCm: 178,
  ageYears: 32,
  activityFactor: 1.375,
  gender: "male",
  targetKcal: 2016.56,
  tdeeKcal: 2416.56,
  dietType: "standard",
  cuisine: "American",
  proteinSources: ["Poultry", "Eggs", "Dairy"],
  favouriteFoodsText: "",
  allergiesText: "",
  workoutDays: ["Monday", "Wednesday", "Friday", "Saturday"],
  workoutType: "Home Workout",
};

function item(day: number, meal: MealSlot, foodId: string, weightG: number): MealItem {
  const food = findFood(foodId);
  if (food === undefined) throw new Error(`fixture food ${foodId} is not in the catalogue`);
  return toMealItem(food, meal, weightG, `d${day}-${meal.toLowerCase()}-${foodId}`);
}

/**
 * Day 1 holds peanuts and mushrooms, day 2 lentils: each avoidance test touches exactly one day. Both days sit within the
 * planner's ±3 % of the target, as replacement requires.
 */
export const DAY_1: MealItem[] = [
  item(1, "Breakfast", "us-oatmeal-peanut-butter-banana", 400),
  item(1, "Breakfast", "greek-yogurt-nonfat", 200),
  item(1, "Lunch", "chicken-breast-grilled", 150),
  item(1, "Lunch", "brown-rice-cooked", 300),
  item(1, "Snacks", "apple", 150),
  item(1, "Snacks", "greek-yogurt-lowfat", 150),
  item(1, "Dinner", "salmon-baked", 150),
  item(1, "Dinner", "white-rice-cooked", 250),
  item(1, "Dinner", "mushrooms-sauteed", 100),
];

export const DAY_2: MealItem[] = [
  item(2, "Breakfast", "egg-scrambled", 200),
  item(2, "Breakfast", "banana", 200),
  item(2, "Lunch", "lentils-boiled", 250),
  item(2, "Lunch", "white-rice-cooked", 300),
  item(2, "Snacks", "yogurt-plain-lowfat", 150),
  item(2, "Snacks", "pineapple", 150),
  item(2, "Dinner", "chicken-breast-roasted", 250),
  item(2, "Dinner", "buckwheat-cooked", 300),
];

export function fixtureWorkout(days: TrainerProfile["workoutDays"] = PROFILE.workoutDays): WorkoutItem[] {
  const outcome = planWorkoutWeek({
    goal: PROFILE.goal,
    level: PROFILE.level,
    days,
    workoutType: PROFILE.workoutType,
    seed: 1,
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.plan.items;
}

export function fixtureState(overrides: Partial<TrainerState> = {}): TrainerState {
  return {
    profile: PROFILE,
    mealPlans: { 1: DAY_1, 2: DAY_2 },
    activeDay: 1,
    workoutPlan: fixtureWorkout(),
    ...overrides,
  };
}

/**
 * A stand-in for the LP planner: honours diet and avoidances like the real one (same helpers), picks two foods a
 * meal by a seeded hash, and records every request so tests can see what the trainer asked for.
 */
export function fixturePlanner(): MealPlanner & { requests: MealPlanRequest[] } {
  const requests: MealPlanRequest[] = [];
  return {
    requests,
    plan(request) {
      requests.push(request);
      const avoidances = parseAvoidances(request.allergiesText, FOOD_CATALOGUE);
      const allowed = FOOD_CATALOGUE.filter((food) => allowedFood(food, request.dietType, avoidances));
      const items = MEAL_SLOTS.flatMap((meal) =>
        allowed
          .filter((food) => food.slots.includes(meal))
          .sort(
            (left, right) =>
              Number(right.cuisines.includes(request.cuisine)) -
                Number(left.cuisines.includes(request.cuisine)) ||
              hashString(`${request.seed}:${request.planNumber}:${left.id}`) -
                hashString(`${request.seed}:${request.planNumber}:${right.id}`),
          )
          .slice(0, 2)
          .map((food) =>
            toMealItem(
              food,
              meal,
              food.portionMinG,
              `fx${request.planNumber}-${meal.toLowerCase()}-${food.id}`,
            ),
          ),
      );
      const mealTotals = Object.fromEntries(
        MEAL_SLOTS.map((meal) => [meal, sumMacros(items.filter((entry) => entry.slot === meal))]),
      ) as Record<MealSlot, ReturnType<typeof sumMacros>>;
      return {
        ok: true,
        plan: {
          items,
          totals: dayTotals(items, { get: findFood }),
          mealTotals,
          targetKcal: request.targetKcal,
          notes: [],
          unrecognisedAvoidances: avoidances.unrecognised,
          proteinTargetG: 0,
        },
      };
    },
  };
}

export function failingPlanner(message: string): MealPlanner {
  return { plan: () => ({ ok: false, error: { code: "PLAN_INFEASIBLE", message } }) };
}
