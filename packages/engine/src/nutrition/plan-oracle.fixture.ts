import baseFoods from "./foods/base-foods.json" with { type: "json" };
import easternDishes from "./foods/eastern-dishes.json" with { type: "json" };
import ingredients from "./foods/ingredients.json" with { type: "json" };
import westernDishes from "./foods/western-dishes.json" with { type: "json" };
import type { MealItem, MealPlanRequest } from "./meal-plan.types";

/**
 * An independent judge of a planned day, for the planner's tests: judged only by the planner's own `planViolations`,
 * a plan could only agree with the rules that made it. It reads the food
 * data files as they are written, not through the catalogue loader, and takes its rules from outside the planner:
 * - energy within 3 % of the target (docs/product.md §3.6);
 * - fat 20–35 % of energy, protein at least the adult RDA of 0.8 g/kg (IOM Dietary Reference Intakes for Energy,
 *   Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids, 2005: AMDR and RDA);
 * - every item's figures are its food's per-100 g figures times its grams, within the portion range the data gives;
 * - 2–4 items in each of the four meals, no food twice in a day, each in a meal its data allows;
 * - the diet and a fixed set of typed avoidances judged from each ingredient's own allergens, flags and name.
 */

interface RawFood {
  id: string;
  slots: readonly string[];
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  portionMinG: number;
  portionMaxG: number;
  ingredients: readonly { name: string }[];
}

interface RawIngredient {
  name: string;
  allergens: readonly string[];
  flags: readonly string[];
}

const FOODS = new Map<string, RawFood>(
  [...baseFoods, ...westernDishes, ...easternDishes].map((food) => [food.id, food as RawFood]),
);
const INGREDIENTS = new Map<string, RawIngredient>(
  (ingredients as readonly RawIngredient[]).map((ingredient) => [ingredient.name, ingredient]),
);

/** Flesh, by the ingredient's flags, and by its name should a flag ever be missing. */
const FLESH_FLAGS = ["pork", "beef", "lamb", "poultry", "game", "fish", "shellfish", "blood"];
const FLESH_WORDS =
  /\b(chicken|beef|pork|lamb|mutton|goat meat|turkey|duck|bacon|ham|sausage|salmon|tuna|cod|shrimp|prawn|anchov\w*|sardine|bonito|lard)\b/;
/** Animal products a vegan does not eat, beyond flesh. */
const ANIMAL_ALLERGENS = ["milk", "egg", "fish", "shellfish", "molluscs"];
const ANIMAL_FLAGS = ["gelatin", "animal-rennet", "honey"];

/** What each avoidance typed in the planner's tests rules out (alone or in a comma list): allergen tags and ingredient-name words. */
const AVOIDANCES: Record<string, { allergens: readonly string[]; words?: RegExp }> = {
  "": { allergens: [] },
  nuts: { allergens: ["tree nuts", "peanut"] },
  "no dairy": { allergens: ["milk"] },
  "gluten free": { allergens: ["wheat/gluten"] },
  shrimp: { allergens: [], words: /\b(shrimp|prawn)s?\b/ },
  eggs: { allergens: ["egg"] },
  "I hate mushrooms": { allergens: [], words: /\bmushrooms?\b/ },
  soy: { allergens: ["soy"] },
};

const MEALS = ["Breakfast", "Lunch", "Snacks", "Dinner"];

/** What an independent reader finds wrong with a planned day; empty for a good one. */
export function oracleFindings(
  items: readonly MealItem[],
  request: Pick<MealPlanRequest, "targetKcal" | "weightKg" | "dietType" | "allergiesText">,
): string[] {
  const findings: string[] = [];
  const phrases = request.allergiesText.split(",").map((phrase) => phrase.trim());
  const unknown = phrases.filter((phrase) => AVOIDANCES[phrase] === undefined);
  if (unknown.length > 0) return [`the oracle does not know the avoidance "${unknown.join(", ")}"`];
  const avoided = phrases.flatMap((phrase) => AVOIDANCES[phrase] ?? []);
  let energyKcal = 0;
  let fatG = 0;
  let proteinG = 0;
  const foodsSeen = new Set<string>();
  for (const item of items) {
    const food = FOODS.get(item.foodId);
    if (food === undefined) {
      findings.push(`${item.name}: no such food in the data`);
      continue;
    }
    if (foodsSeen.has(food.id)) findings.push(`${item.name}: twice in a day`);
    foodsSeen.add(food.id);
    if (!food.slots.includes(item.slot)) findings.push(`${item.name}: not eaten at ${item.slot}`);
    if (item.grams < food.portionMinG || item.grams > food.portionMaxG)
      findings.push(`${item.name}: ${item.grams} g outside ${food.portionMinG}–${food.portionMaxG} g`);
    const share = item.grams / 100;
    // Item figures are rounded to whole kcal and to 0.01 g.
    if (Math.abs(food.energyKcal * share - item.energyKcal) > 0.51) findings.push(`${item.name}: energy`);
    for (const [stated, perHundred, what] of [
      [item.proteinG, food.proteinG, "protein"],
      [item.carbsG, food.carbsG, "carbohydrate"],
      [item.fatG, food.fatG, "fat"],
    ] as const) {
      if (Math.abs(perHundred * share - stated) > 0.0051) findings.push(`${item.name}: ${what}`);
    }
    energyKcal += food.energyKcal * share;
    fatG += food.fatG * share;
    proteinG += food.proteinG * share;
    for (const { name } of food.ingredients) {
      const ingredient = INGREDIENTS.get(name);
      if (ingredient === undefined) {
        findings.push(`${item.name}: ingredient "${name}" not in the data`);
        continue;
      }
      findings.push(...dietFindings(item.name, ingredient, request.dietType));
      for (const avoidance of avoided) {
        const allergen = ingredient.allergens.find((tag) => avoidance.allergens.includes(tag));
        if (allergen !== undefined) findings.push(`${item.name}: ${name} holds ${allergen}`);
        if (avoidance.words?.test(name) === true) findings.push(`${item.name}: ${name} was avoided`);
      }
    }
  }
  for (const meal of MEALS) {
    const count = items.filter((item) => item.slot === meal).length;
    if (count < 2 || count > 4) findings.push(`${meal}: ${count} items`);
  }
  if (Math.abs(energyKcal - request.targetKcal) > 0.03 * request.targetKcal)
    findings.push(`day energy ${Math.round(energyKcal)} kcal against ${Math.round(request.targetKcal)}`);
  const fatShare = (9 * fatG) / energyKcal;
  // Half a point of slack for the rounding of each item's figures.
  if (fatShare < 0.195 || fatShare > 0.355) findings.push(`fat ${(100 * fatShare).toFixed(1)} % of energy`);
  if (proteinG < 0.8 * request.weightKg) findings.push(`protein ${proteinG.toFixed(1)} g below the RDA`);
  return findings;
}

function dietFindings(itemName: string, ingredient: RawIngredient, dietType: string): string[] {
  if (dietType === "standard") return [];
  const flesh =
    ingredient.flags.some((flag) => FLESH_FLAGS.includes(flag)) ||
    FLESH_WORDS.test(ingredient.name) ||
    ingredient.flags.includes("gelatin") ||
    ingredient.flags.includes("animal-rennet");
  if (flesh) return [`${itemName}: ${ingredient.name} is not ${dietType}`];
  const animal =
    ingredient.allergens.some((tag) => ANIMAL_ALLERGENS.includes(tag)) ||
    ingredient.flags.some((flag) => ANIMAL_FLAGS.includes(flag));
  return dietType === "vegan" && animal ? [`${itemName}: ${ingredient.name} is not vegan`] : [];
}
