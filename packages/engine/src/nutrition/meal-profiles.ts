import type { FitnessGoal, Gender } from "../profile.types";
import { ACTIVITY_LEVELS, computeEnergyTargets } from "./energy";
import { CUISINES, DIET_TYPES, PROTEIN_SOURCES } from "./food.types";
import type { MealPlanRequest } from "./meal-planner";
import { seededUnit } from "./seeded-hash";

/** Free-text answers people give, used to draw realistic random profiles for tests and the benchmark. */
export const SAMPLE_ALLERGY_TEXTS = [
  "",
  "",
  "",
  "nuts, no dairy",
  "lactose intolerant",
  "shrimp",
  "gluten free",
  "I hate mushrooms",
  "eggs",
  "soy",
  "peanuts and sesame",
  "no pork",
  "fish allergy",
  "none",
];
export const SAMPLE_FAVOURITE_TEXTS = [
  "",
  "chicken and rice",
  "pasta",
  "curry",
  "tacos",
  "salad",
  "sushi",
  "eggs, oatmeal",
  "lentils",
  "yogurt with berries",
];

function pick<T>(items: readonly T[], unit: number): T {
  return items[Math.min(items.length - 1, Math.floor(unit * items.length))] as T;
}

/**
 * A plausible adult: sex, age 18–75, height around the sex's mean, BMI 18.5–35, any activity level and goal, with the
 * target computed by the energy formula of docs/product.md §6.1. Drawn only from the seed, so a profile number always means the same person.
 */
export function randomPlanRequest(seed: number): MealPlanRequest {
  const unit = (key: string) => seededUnit(seed, key);
  const gender: Gender = unit("gender") < 0.5 ? "female" : "male";
  const ageYears = Math.round(18 + 57 * unit("age"));
  const heightCm = (gender === "male" ? 165 : 152) + 25 * unit("height");
  const weightKg = Math.round((18.5 + 16.5 * unit("bmi")) * (heightCm / 100) ** 2 * 10) / 10;
  const goal: FitnessGoal = unit("goal") < 0.5 ? "Lose Weight" : "Gain Muscle Mass";
  const activityFactor = pick(ACTIVITY_LEVELS, unit("activity")).factor;
  const energy = computeEnergyTargets({ weightKg, heightCm, ageYears, gender, activityFactor, goal });
  const sourceCount = 2 + Math.floor(3 * unit("source-count"));
  const proteinSources = [...PROTEIN_SOURCES]
    .sort((a, b) => unit(`source-${a}`) - unit(`source-${b}`))
    .slice(0, sourceCount);
  return {
    targetKcal: energy.planningKcal,
    weightKg,
    gender,
    goal,
    dietType: pick(DIET_TYPES, unit("diet")),
    cuisine: pick(CUISINES, unit("cuisine")),
    proteinSources,
    favouriteFoodsText: pick(SAMPLE_FAVOURITE_TEXTS, unit("favourite")),
    allergiesText: pick(SAMPLE_ALLERGY_TEXTS, unit("allergy")),
    planNumber: pick([1, 2, 3] as const, unit("plan")),
    seed,
  };
}
