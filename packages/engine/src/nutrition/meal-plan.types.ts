import type { FitnessGoal, Gender } from "../profile.types";
import type { Cuisine, DietType, ImageCategory, MealSlot, ProteinSource } from "./food.types";

export interface MealPlanRequest {
  targetKcal: number;
  weightKg: number;
  /** Optional: with it, protein for a BMI of 30 or more is counted on the adjusted body weight. */
  heightCm?: number;
  gender: Gender;
  goal: FitnessGoal;
  dietType: DietType;
  cuisine: Cuisine;
  proteinSources: readonly ProteinSource[];
  favouriteFoodsText: string;
  allergiesText: string;
  planNumber: 1 | 2 | 3;
  seed: number;
  /**
   * The foods of the plans a reset replaces (the stored plan, then any tried and turned down): each costs preference
   * points as often as it appears, so every meal of the new plan gets something new where the catalogue allows.
   */
  previousFoodIds?: readonly string[];
}

export interface MealItem {
  id: string;
  slot: MealSlot;
  name: string;
  grams: number;
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  foodId: string;
  image: ImageCategory;
  /** The portion in a household measure ("2 large eggs", "1½ cups"), beside the grams; absent on older plans. */
  measure?: string;
}
