import type { Cuisine, DietType, MealSlot, ProteinSource } from "../nutrition/food.types";
import type { MealItem, MealPlanRequest } from "../nutrition/meal-planner";
import { mealDayTarget } from "../nutrition/training-day-food";
import type { FitnessGoal, Gender } from "../profile.types";
import {
  WEEKDAYS,
  type ExperienceLevel,
  type Weekday,
  type WorkoutItem,
  type WorkoutType,
} from "../workouts/exercise.types";
import type { Joint } from "../workouts/joint-load";

/** Meal days are stored as diet_one..diet_seven; the day order makes Monday day 1 (docs/product.md §6). */
export const DAY_INDICES = [1, 2, 3, 4, 5, 6, 7] as const;
export type DayIndex = (typeof DAY_INDICES)[number];

export interface TrainerProfile {
  goal: FitnessGoal;
  level: ExperienceLevel;
  weightKg: number;
  heightCm: number;
  ageYears: number;
  /** docs/product.md §6 activity multiplier (1.2–1.9). */
  activityFactor: number;
  gender: Gender;
  /** What meals are planned to (the energy module's planningKcal). */
  targetKcal: number;
  tdeeKcal: number;
  dietType: DietType;
  cuisine: Cuisine;
  proteinSources: ProteinSource[];
  favouriteFoodsText: string;
  allergiesText: string;
  workoutDays: Weekday[];
  workoutType: WorkoutType;
  /** Declared home equipment; null or absent: the default (dumbbells and bands). */
  equipment?: readonly string[] | null;
  /** Joints the person said hurt, noted until they say it is better; plans leave out what loads them. */
  injuries?: readonly Joint[] | null;
  /** Food on training days: each day's target follows its kind (nutrition/training-day-food.ts); absent: off. */
  trainingDayFood?: boolean;
}

export interface TrainerState {
  profile: TrainerProfile;
  mealPlans: Partial<Record<DayIndex, MealItem[]>>;
  /** The planner's notes of each stored day: every bound that gave way, which Alex explains when asked. */
  mealNotes?: Partial<Record<DayIndex, readonly string[]>>;
  /** The meal day the user is looking at; "today" in a message means this day. */
  activeDay: DayIndex;
  workoutPlan: WorkoutItem[];
}

/** Days 1–7 share the planner's three plan numbers in turn, so neighbouring days draw on different foods. */
export function planNumberForDay(day: DayIndex): 1 | 2 | 3 {
  return (((day - 1) % 3) + 1) as 1 | 2 | 3;
}

/** The day's target: the profile's, or the training or rest day's with food on training days on. */
export function dayTargetFor(profile: TrainerProfile, day: DayIndex): number {
  return mealDayTarget(
    { ...profile, heightCm: profile.heightCm > 0 ? profile.heightCm : undefined },
    { enabled: profile.trainingDayFood === true, workoutDays: profile.workoutDays, dayIndex: day },
  ).targetKcal;
}

export function mealRequestFor(profile: TrainerProfile, day: DayIndex, seed: number): MealPlanRequest {
  return {
    targetKcal: dayTargetFor(profile, day),
    weightKg: profile.weightKg,
    gender: profile.gender,
    goal: profile.goal,
    dietType: profile.dietType,
    cuisine: profile.cuisine,
    proteinSources: profile.proteinSources,
    favouriteFoodsText: profile.favouriteFoodsText,
    allergiesText: profile.allergiesText,
    planNumber: planNumberForDay(day),
    seed,
  };
}

export function weekdayOfDay(day: DayIndex): Weekday {
  return WEEKDAYS[day - 1] ?? "Monday";
}

export function dayOfWeekday(weekday: Weekday): DayIndex {
  return (WEEKDAYS.indexOf(weekday) + 1) as DayIndex;
}

export function storedMealDays(state: TrainerState): DayIndex[] {
  return DAY_INDICES.filter((day) => state.mealPlans[day] !== undefined);
}

/** Warmup and cooldown are wrapped round a day; they are neither replaced nor counted as working sets. */
export function isExerciseItem(item: WorkoutItem): boolean {
  return item.kind === "exercise";
}

/** Days with at least one exercise, Monday first: the plan, not the profile, is what the user sees. */
export function trainingDays(plan: readonly WorkoutItem[]): Weekday[] {
  return WEEKDAYS.filter((day) => plan.some((item) => item.day === day && isExerciseItem(item)));
}

export interface SumOfItems {
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
}

/** Totals of items as listed, for reporting only (the plan's figures come from the engine). */
export function sumItems(items: readonly MealItem[], slot?: MealSlot): SumOfItems {
  const total = { energyKcal: 0, proteinG: 0, carbsG: 0, fatG: 0 };
  for (const item of items) {
    if (slot !== undefined && item.slot !== slot) continue;
    total.energyKcal += item.energyKcal;
    total.proteinG += item.proteinG;
    total.carbsG += item.carbsG;
    total.fatG += item.fatG;
  }
  return total;
}
