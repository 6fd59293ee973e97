import { roundTo2 } from "./energy";
import type { DietType, Food, MealSlot } from "./food.types";
import type { MealItem, MealPlanRequest } from "./meal-plan.types";
import { exclusionConflict, type ExclusionRules } from "./exclusions";
import { mealConflict } from "./meal-roles";

/** docs/product.md §6: the day's energy split over the four meals. */
export const MEAL_SHARES: Record<MealSlot, number> = {
  Breakfast: 0.25,
  Lunch: 0.35,
  Snacks: 0.1,
  Dinner: 0.3,
};
/** How far a meal may drift from its share, as a fraction of the day, before a plan is refused. */
export const MEAL_SHARE_BAND = 0.07;
/** docs/product.md §6.2: the day total must land within ±3 % of the goal. */
export const KCAL_TOLERANCE = 0.03;
/** The model aims inside ±2 % so that rounding every item to whole calories can never push the day past ±3 %. */
export const KCAL_MODEL_TOLERANCE = 0.02;
/** Fat 20–35 % of energy: the IOM Acceptable Macronutrient Distribution Range for adults (DRI 2005). */
export const FAT_ENERGY_SHARE = { min: 0.2, max: 0.35 } as const;
/** Protein at most 35 % of energy, the top of the same IOM range, whatever the body-weight target says. */
export const PROTEIN_ENERGY_SHARE_MAX = 0.35;
/**
 * Protein per kg: 1.6 g/kg is where the gain from extra protein plateaus (Morton et al. 2018, Br J Sports Med 52:376);
 * 1.8 g/kg for muscle gain and the 2.4 g/kg ceiling follow the ISSN position stand (Jäger et al. 2017).
 */
export const PROTEIN_G_PER_KG = { "Lose Weight": 1.6, "Gain Muscle Mass": 1.8 } as const;
export const PROTEIN_MAX_G_PER_KG = 2.4;
export const ITEMS_PER_MEAL = { min: 2, max: 4 } as const;
/**
 * Carbohydrate at least 130 g/day, the IOM RDA for adults (the brain's glucose use, DRI 2005 ch. 6), and at least 40 %
 * of energy: 5 points under the 45 % floor of the IOM AMDR, room for the higher protein targets above.
 */
export const CARBS_MIN_G = 130;
export const CARBS_ENERGY_SHARE_MIN = 0.4;
/**
 * Fibre 25–60 g/day: 25 g is the WHO/FAO minimum for adults (TRS 916, 2003) and the lower end of the IOM adequate
 * intake (14 g/1,000 kcal); past about 60 g a day bloating and mineral binding outweigh the gains (EFSA 2010 found no
 * benefit above that range). Where the energy target is low the floor is the IOM's 14 g per 1,000 kcal (DRI 2005,
 * ch. 7; the US Dietary Guidelines 2020–2025 use the same ratio), which is under 25 g below about 1,790 kcal.
 * docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md.
 */
export const FIBRE_G = { min: 25, max: 60 } as const;
export const FIBRE_G_PER_1000_KCAL = 14;
/**
 * Whole egg at most three large eggs a day, without their shells: USDA SR Legacy 01123, "Egg, whole, raw, fresh",
 * 1 large = 50 g (docs/decisions/078-eggs-and-protein-families-per-day.md).
 */
export const EGGS_MAX_G = 150;
/** Sodium at most 2,300 mg/day: the US Dietary Guidelines 2020–2025 limit (the NASEM 2019 chronic-disease risk intake). */
export const SODIUM_MAX_MG = 2300;
/** Saturated fat under 10 % of energy: WHO guideline on saturated fatty acid intake (2023) and the US Dietary Guidelines 2020–2025. */
export const SAT_FAT_ENERGY_SHARE_MAX = 0.1;
/** Body-mass index from which protein per kg uses the adjusted body weight (obesity, WHO class I). */
const OBESE_BMI = 30;
/** Share of weight above the ideal counted in the adjusted body weight (Krenitsky 2005, Nutr Clin Pract 20:468). */
const ADJUSTED_WEIGHT_SHARE = 0.4;
/** Kilograms per inch above five feet in the Devine ideal body weight (Devine 1974, Drug Intell Clin Pharm 8:650). */
const DEVINE_KG_PER_INCH = 2.3;

const KCAL_PER_G_FAT = 9;
const KCAL_PER_G_PROTEIN = 4;

export interface NutrientTargets {
  targetKcal: number;
  /** The weight protein per kg is counted on: the body weight, or the adjusted body weight from a BMI of 30. */
  proteinWeightKg: number;
  kcalMin: number;
  kcalMax: number;
  /** What the goal asks for (g/kg × weight), before any cap. */
  proteinRequiredG: number;
  /** What the plan must reach: the requirement, capped at 35 % of energy. */
  proteinMinG: number;
  /** The ceiling: 2.4 g/kg (35 % of energy is checked on the day's own energy). */
  proteinMaxG: number;
  /** Fibre's soft range: 25 g, or 14 g per 1,000 kcal where that is lower, to 60 g (FIBRE_G). */
  fibreMinG: number;
  fibreMaxG: number;
  notes: string[];
}

/**
 * The weight protein targets use. From a BMI of 30 the body weight overstates lean mass, so the adjusted body weight
 * (ideal weight plus 40 % of the excess) is used, as clinical dietetics does; without a height the body weight stands.
 */
export function proteinWeightKg(request: Pick<MealPlanRequest, "weightKg" | "gender" | "heightCm">): number {
  const { weightKg, heightCm, gender } = request;
  if (heightCm === undefined || heightCm <= 0) return weightKg;
  if (weightKg / (heightCm / 100) ** 2 < OBESE_BMI) return weightKg;
  const inchesOverFiveFeet = Math.max(0, heightCm / 2.54 - 60);
  const idealKg = (gender === "male" ? 50 : 45.5) + DEVINE_KG_PER_INCH * inchesOverFiveFeet;
  if (idealKg >= weightKg) return weightKg;
  return roundTo2(idealKg + ADJUSTED_WEIGHT_SHARE * (weightKg - idealKg));
}

/** Fibre's floor for a day of this energy: 25 g, or 14 g per 1,000 kcal where the target is low (FIBRE_G). */
export function fibreMinG(targetKcal: number): number {
  return Math.min(FIBRE_G.min, roundTo2((FIBRE_G_PER_1000_KCAL * targetKcal) / 1000));
}

export function nutrientTargets(
  request: Pick<MealPlanRequest, "targetKcal" | "weightKg" | "goal"> &
    Partial<Pick<MealPlanRequest, "gender" | "heightCm">>,
): NutrientTargets {
  const { targetKcal, goal } = request;
  const weightKg = proteinWeightKg({ ...request, gender: request.gender ?? "female" });
  const proteinRequiredG = roundTo2(PROTEIN_G_PER_KG[goal] * weightKg);
  const energyCapG = roundTo2((PROTEIN_ENERGY_SHARE_MAX * targetKcal) / KCAL_PER_G_PROTEIN);
  const notes: string[] = [];
  let proteinMinG = proteinRequiredG;
  if (energyCapG < proteinRequiredG) {
    proteinMinG = energyCapG;
    notes.push(
      `Protein target lowered from ${proteinRequiredG} g to ${energyCapG} g: more would be over 35 % of your ${Math.round(targetKcal)} kcal.`,
    );
  }
  return {
    targetKcal,
    proteinWeightKg: weightKg,
    kcalMin: targetKcal * (1 - KCAL_MODEL_TOLERANCE),
    kcalMax: targetKcal * (1 + KCAL_MODEL_TOLERANCE),
    proteinRequiredG,
    proteinMinG,
    proteinMaxG: Math.max(PROTEIN_MAX_G_PER_KG * weightKg, proteinMinG),
    fibreMinG: fibreMinG(targetKcal),
    fibreMaxG: FIBRE_G.max,
    notes,
  };
}

const DIET_RANK: Record<DietType, number> = { vegan: 0, vegetarian: 1, standard: 2 };

/** A vegan food suits every diet; a vegetarian one suits vegetarians and omnivores; a standard one only omnivores. */
export function suitsDiet(food: Food, dietType: DietType): boolean {
  return DIET_RANK[food.diet] <= DIET_RANK[dietType];
}

/** Whether the diet and the exclusions leave a food: the foods a plan may hold at all. */
export function allowedFood(food: Food, dietType: DietType, avoidances: ExclusionRules): boolean {
  return suitsDiet(food, dietType) && exclusionConflict(food, avoidances) === undefined;
}

/** Whether a portion is inside the food's range and on one of its steps. */
export function isValidPortion(food: Food, weightG: number): boolean {
  if (weightG < food.portionMinG - 1e-6 || weightG > food.portionMaxG + 1e-6) return false;
  const steps = (weightG - food.portionMinG) / food.portionStepG;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** The item's figures for a portion, rounded as the screens show them: calories whole, grams to two decimals. */
export function portionFigures(
  food: Food,
  weightG: number,
): Pick<MealItem, "grams" | "energyKcal" | "proteinG" | "carbsG" | "fatG"> {
  const factor = weightG / 100;
  return {
    grams: roundTo2(weightG),
    energyKcal: Math.round(food.energyKcal * factor),
    proteinG: roundTo2(food.proteinG * factor),
    carbsG: roundTo2(food.carbsG * factor),
    fatG: roundTo2(food.fatG * factor),
  };
}

export interface PlanCheckContext {
  request: Pick<MealPlanRequest, "targetKcal" | "dietType">;
  avoidances: ExclusionRules;
  proteinMinG: number;
  findFood: (id: string) => Food | undefined;
  /** Kosher: no meal with both meat and milk. */
  kosher?: boolean;
}

/** Every hard rule a plan must keep, as readable violations; empty for a good plan. Shared by planner, tests and benchmark. */
export function planViolations(items: readonly MealItem[], context: PlanCheckContext): string[] {
  const violations: string[] = [];
  const { request, avoidances, proteinMinG, findFood } = context;
  const seenFoods = new Set<string>();
  const seenIds = new Set<string>();
  for (const item of items) {
    const food = findFood(item.foodId);
    if (food === undefined) {
      violations.push(`${item.name}: unknown food ${item.foodId}`);
      continue;
    }
    if (seenIds.has(item.id)) violations.push(`${item.name}: duplicate item id ${item.id}`);
    seenIds.add(item.id);
    if (seenFoods.has(food.id)) violations.push(`${item.name}: planned twice`);
    seenFoods.add(food.id);
    if (!food.slots.includes(item.slot)) violations.push(`${item.name}: not a ${item.slot} food`);
    if (!suitsDiet(food, request.dietType)) violations.push(`${item.name}: not ${request.dietType}`);
    const conflict = exclusionConflict(food, avoidances);
    if (conflict !== undefined) violations.push(`${item.name}: ${conflict}`);
    if (!isValidPortion(food, item.grams))
      violations.push(`${item.name}: portion ${item.grams} g outside range or step`);
    const expected = portionFigures(food, item.grams);
    if (
      expected.energyKcal !== item.energyKcal ||
      expected.proteinG !== item.proteinG ||
      expected.fatG !== item.fatG ||
      expected.carbsG !== item.carbsG
    ) {
      violations.push(`${item.name}: figures do not match the catalogue`);
    }
  }
  for (const meal of Object.keys(MEAL_SHARES) as MealSlot[]) {
    const inMeal = items.filter((item) => item.slot === meal);
    const count = inMeal.length;
    if (count < ITEMS_PER_MEAL.min || count > ITEMS_PER_MEAL.max) violations.push(`${meal}: ${count} items`);
    const foods = inMeal.flatMap((item) => {
      const food = findFood(item.foodId);
      return food === undefined ? [] : [food];
    });
    const conflict = mealConflict(foods, meal, { kosher: context.kosher === true });
    if (conflict !== undefined) violations.push(`${meal}: ${conflict}`);
  }
  const kcal = items.reduce((sum, item) => sum + item.energyKcal, 0);
  const fatG = items.reduce((sum, item) => sum + item.fatG, 0);
  // To the hundredth, as the planner's totals: summed unrounded, 180.78 g read as 180.77999… and a day the planner kept
  // at its floor (within half a gram) was withheld.
  const proteinG = roundTo2(items.reduce((sum, item) => sum + item.proteinG, 0));
  if (Math.abs(kcal - request.targetKcal) > KCAL_TOLERANCE * request.targetKcal) {
    violations.push(`day energy ${kcal} kcal is more than 3 % from ${request.targetKcal}`);
  }
  // Half a point of slack: item figures are rounded before they are summed.
  const fatShare = kcal > 0 ? (KCAL_PER_G_FAT * fatG) / kcal : 0;
  if (fatShare < FAT_ENERGY_SHARE.min - 0.005 || fatShare > FAT_ENERGY_SHARE.max + 0.005) {
    violations.push(`fat is ${(fatShare * 100).toFixed(1)} % of energy`);
  }
  if (proteinG < proteinMinG - 0.5)
    violations.push(`protein ${proteinG.toFixed(1)} g is below ${proteinMinG} g`);
  return violations;
}
