import { MEAL_SLOTS, type Food, type ImageCategory, type MealSlot, type ProteinSource } from "./food.types";
import { INGREDIENTS } from "./food-catalogue";
import { isDairy, isMeat as hasMeatFlag } from "./kosher-meals";
import MEAL_ROLES_DATA from "./meal-roles.json";

/**
 * The part a food plays in a meal. A meal holds at most one main (a dish, or the protein a plate is built around);
 * the other roles fill a plate around it or stand alone as a snack.
 */
export const MEAL_ROLES = [
  "main",
  "side",
  "starch",
  "vegetables",
  "fruit",
  "drink",
  "snack",
  "condiment",
] as const;
export type MealRole = (typeof MEAL_ROLES)[number];

/** A household measure: "slice" of 25 g. `whole` measures count whole units ("2 large eggs"), the rest halves ("1½ cups"). */
export interface HouseholdMeasure {
  unit: string;
  plural: string;
  grams: number;
  whole: boolean;
}

export interface MealRoleEntry {
  role: MealRole;
  measure: HouseholdMeasure;
}

/**
 * Roles and measures live beside the catalogue, keyed by food id (meal-roles.json): they describe how people eat a
 * food, not what it is made of. Measures follow USDA SR Legacy household weights where one exists (1 cup cooked
 * white rice 158 g, 1 large egg 50 g, 1 medium banana 118 g); composite dishes use a typical serving.
 */
const ENTRIES = MEAL_ROLES_DATA as Record<string, MealRoleEntry>;

/** Every entry, for the data test. */
export function mealRoleEntries(): Readonly<Record<string, MealRoleEntry>> {
  return ENTRIES;
}

/** Roles by picture, for foods outside the catalogue (test lists): every catalogue food has an entry of its own. */
const ROLE_BY_IMAGE: Record<ImageCategory, MealRole> = {
  fruit: "fruit",
  vegetable: "vegetables",
  grain: "starch",
  bread: "starch",
  dairy: "side",
  egg: "main",
  meat: "main",
  poultry: "main",
  seafood: "main",
  legume: "main",
  "nuts-seeds": "snack",
  soup: "main",
  salad: "vegetables",
  dish: "main",
  snack: "snack",
  drink: "drink",
  dessert: "snack",
};

export function mealRole(food: Pick<Food, "id" | "image" | "cuisines">): MealRole {
  const listed = ENTRIES[food.id]?.role;
  if (listed !== undefined) return listed;
  const role = ROLE_BY_IMAGE[food.image];
  return role === "starch" && food.cuisines.length > 0 ? "main" : role;
}

/**
 * Most items of each role one meal may hold: the slot templates (Breakfast: a main with fruit and a drink, or yogurt
 * with granola and fruit; Lunch and Dinner: one main, or a main protein with a starch and vegetables; Snacks: one or
 * two snack items). A meal never holds more than one main.
 */
export const ROLE_CAPS: Record<MealSlot, Record<MealRole, number>> = {
  Breakfast: { main: 1, side: 1, starch: 1, vegetables: 1, fruit: 1, drink: 1, snack: 1, condiment: 1 },
  Lunch: { main: 1, side: 1, starch: 1, vegetables: 2, fruit: 1, drink: 1, snack: 1, condiment: 1 },
  Dinner: { main: 1, side: 1, starch: 1, vegetables: 2, fruit: 1, drink: 0, snack: 0, condiment: 1 },
  Snacks: { main: 1, side: 1, starch: 1, vegetables: 1, fruit: 1, drink: 1, snack: 2, condiment: 0 },
};

/**
 * Roles a meal is built around: a breakfast, lunch or dinner without one (fruit and a drink for lunch) costs the search
 * preference points rather than being forbidden, since some restrictive diets leave a plan's share of breakfasts none.
 */
export const ANCHOR_ROLES: Record<MealSlot, readonly MealRole[]> = {
  Breakfast: ["main", "side"],
  Lunch: ["main"],
  Dinner: ["main"],
  Snacks: [],
};

/** The soy foods among the ingredients (not soy sauce, miso or other seasonings, a few grams of a dish). */
const SOY_FOOD_INGREDIENTS: ReadonlySet<string> = new Set([
  "cooked soybeans",
  "dry soybeans",
  "soybeans, boiled",
  "edamame",
  "extra-firm tofu",
  "firm tofu",
  "fried tofu",
  "pressed firm tofu",
  "silken tofu",
  "soft tofu",
  "tofu, extra firm",
  "tofu, firm",
  "soy milk",
  "fortified soy milk",
  "soy milk, fortified",
  "soy milk, light, unsweetened",
  "soy protein powder",
  "soya chunks",
  "tempeh",
  "tempeh, cooked",
  "natto",
]);
/** Half a food's protein from soy foods makes it a soy food. */
const SOY_PROTEIN_SHARE = 0.5;
/**
 * So do 3 g of protein from soy foods in its largest portion, a third of a cup of soy milk or a slice of tofu: a dish
 * whose tofu is a third of its protein (khai palo) is soy to the person who eats it beside simmered soybeans
 * (docs/decisions/082-a-soy-food-by-its-soy-protein.md).
 */
const SOY_PROTEIN_G = 3;
type SoyFacts = Pick<Food, "ingredients" | "proteinG" | "portionMaxG">;
const soyFoods = new WeakMap<SoyFacts, boolean>();

/**
 * Whether the food is a soy food, by its ingredients' USDA protein (unknown ones count none): half its protein from soy
 * foods, or SOY_PROTEIN_G of soy protein in its largest portion.
 */
function isSoyFood(food: SoyFacts): boolean {
  const known = soyFoods.get(food);
  if (known !== undefined) return known;
  let proteinG = 0;
  let soyProteinG = 0;
  for (const { name, grams } of food.ingredients) {
    const ingredientProteinG = ((INGREDIENTS.get(name)?.proteinG ?? 0) * grams) / 100;
    proteinG += ingredientProteinG;
    if (SOY_FOOD_INGREDIENTS.has(name)) soyProteinG += ingredientProteinG;
  }
  const soyShare = proteinG > 0 ? soyProteinG / proteinG : 0;
  const soy =
    soyShare >= SOY_PROTEIN_SHARE || (soyShare * food.proteinG * food.portionMaxG) / 100 >= SOY_PROTEIN_G;
  soyFoods.set(food, soy);
  return soy;
}

/**
 * The protein families of a food, for "no family twice in a meal" (no tilapia with pollock, no chicken with turkey):
 * its protein-source chip, and the tofu family too for a soy food whatever its chip (soy milk and edamame carry "Beans":
 * soy milk with tofu is soy twice, and soy milk with black beans is beans twice). None for foods without a source.
 */
export function proteinFamilies(food: Pick<Food, "proteinSource"> & SoyFacts): ProteinSource[] {
  const families: ProteinSource[] = food.proteinSource === undefined ? [] : [food.proteinSource];
  if (isSoyFood(food) && food.proteinSource !== "Tofu") families.push("Tofu");
  return families;
}

/**
 * Protein powders among the ingredients. No protein-source chip names powder (food.types PROTEIN_SOURCES), so nobody
 * chooses it: whey carries "Dairy" and soy powder "Beans" only for the family rules.
 */
const PROTEIN_POWDER_INGREDIENTS: ReadonlySet<string> = new Set([
  "whey protein powder",
  "soy protein powder",
]);

/** A food made with protein powder (the powders themselves, shakes, protein oats and pancakes). */
export function isProteinPowderFood(food: Pick<Food, "ingredients">): boolean {
  return food.ingredients.some(({ name }) => PROTEIN_POWDER_INGREDIENTS.has(name));
}

/** A fifth of a food's energy from protein makes it a protein food. */
const PROTEIN_FOOD_SHARE = 0.2;
/** Without a source chip, 8 g of protein per 100 g as a main, side, snack or drink (seitan: 29 g) makes one too. */
const CHIPLESS_PROTEIN_G = 8;
const CHIPLESS_PROTEIN_ROLES: readonly MealRole[] = ["main", "side", "snack", "drink"];

/**
 * A protein food, for the share of them from the chosen sources (docs/decisions/038): a fifth of its energy from protein, and a
 * source chip or, without one, 8 g of protein per 100 g as a main, side, snack or drink. No chip names wheat gluten, so
 * seitan is a protein food of a source nobody chose.
 */
export function isProteinFood(food: Food): boolean {
  return (
    (4 * food.proteinG) / food.energyKcal >= PROTEIN_FOOD_SHARE &&
    (food.proteinSource !== undefined ||
      (food.proteinG >= CHIPLESS_PROTEIN_G && CHIPLESS_PROTEIN_ROLES.includes(mealRole(food))))
  );
}

/** A protein food of none of these sources: another source's, or seitan's. */
export function isUnchosenProteinFood(food: Food, sources: readonly ProteinSource[]): boolean {
  return isProteinFood(food) && !(food.proteinSource !== undefined && sources.includes(food.proteinSource));
}

/**
 * A main that carries its own starch (a rice bowl, a pasta dish, a sandwich): a cuisine dish with at least 35 % of its
 * energy from carbohydrate. A meal never adds a separate starch to one (no pasta beside a bibimbap).
 */
export function isCompleteMain(
  food: Pick<Food, "id" | "image" | "cuisines" | "carbsG" | "energyKcal">,
): boolean {
  return mealRole(food) === "main" && food.cuisines.length > 0 && (4 * food.carbsG) / food.energyKcal >= 0.35;
}

/** Meat for the kosher rule: a meat flag (kosher-meals.ts), or a farm-meat or poultry protein source. */
export function isMeat(food: Food): boolean {
  return hasMeatFlag(food) || food.proteinSource === "Farm Meat" || food.proteinSource === "Poultry";
}

export const isMilk = isDairy;

/**
 * Kosher across a day's meals (docs/decisions/063): after a meal holding meat, the next meal holds no dairy. Meals
 * follow MEAL_SLOTS (breakfast, lunch, snacks, dinner) a few hours apart, less than the wait most communities keep
 * after meat (one, three or six hours), so the next meal counts as too soon. Dairy before meat needs no wait.
 */
export function kosherDayConflict(mealFoods: (meal: MealSlot) => readonly Food[]): string | undefined {
  for (const [index, meal] of MEAL_SLOTS.entries()) {
    const next = MEAL_SLOTS[index + 1];
    if (next !== undefined && mealFoods(meal).some(isMeat) && mealFoods(next).some(isMilk))
      return `dairy at ${next} after meat at ${meal}`;
  }
  return undefined;
}

/** Why this food may not join this meal of the day under kosher (in the meal or beside its neighbours), if it may not. */
export function kosherPlaceConflict(
  food: Food,
  meal: MealSlot,
  mealFoods: (meal: MealSlot) => readonly Food[],
): string | undefined {
  const index = MEAL_SLOTS.indexOf(meal);
  const before = MEAL_SLOTS[index - 1];
  const after = MEAL_SLOTS[index + 1];
  if (isMeat(food) && mealFoods(meal).some(isMilk)) return "is meat, and this meal holds dairy";
  if (isMilk(food) && mealFoods(meal).some(isMeat)) return "is dairy, and this meal holds meat";
  if (isMilk(food) && before !== undefined && mealFoods(before).some(isMeat))
    return `is dairy, and ${before} holds meat`;
  if (isMeat(food) && after !== undefined && mealFoods(after).some(isMilk))
    return `is meat, and ${after} holds dairy`;
  return undefined;
}

/** Whether a meal of these foods has nothing of the roles its slot is built around (ANCHOR_ROLES). */
export function lacksAnchor(
  foods: readonly Pick<Food, "id" | "image" | "cuisines">[],
  meal: MealSlot,
): boolean {
  const anchors = ANCHOR_ROLES[meal];
  return anchors.length > 0 && !foods.some((food) => anchors.includes(mealRole(food)));
}

/** Why these foods cannot be one meal (a hard rule of the meal model), or undefined when they can. */
export function mealConflict(
  foods: readonly Food[],
  meal: MealSlot,
  options: { kosher: boolean },
): string | undefined {
  const counts: Partial<Record<MealRole, number>> = {};
  const families = new Set<string>();
  for (const food of foods) {
    const role = mealRole(food);
    counts[role] = (counts[role] ?? 0) + 1;
    if ((counts[role] ?? 0) > ROLE_CAPS[meal][role])
      return role === "main" ? "two mains" : `too many ${role} items`;
    for (const family of proteinFamilies(food)) {
      if (families.has(family)) return `${family} twice`;
      families.add(family);
    }
  }
  if ((counts.starch ?? 0) > 0 && foods.some(isCompleteMain)) return "starch beside a complete main";
  if (options.kosher && foods.some(isMeat) && foods.some(isMilk)) return "meat with milk";
  return undefined;
}

const FRACTIONS: Record<number, string> = { 0.25: "¼", 0.5: "½", 0.75: "¾" };

/**
 * A portion in the food's household measure: whole units for countable foods ("2 large eggs", never fewer than one),
 * halves above one unit and quarters below for the rest ("1½ cups", "¾ cup").
 */
export function householdMeasure(foodId: string, weightG: number): string | undefined {
  const measure = ENTRIES[foodId]?.measure;
  return measure === undefined ? undefined : inMeasure(measure, weightG);
}

/** A weight in one household measure, rounded as householdMeasure says; undefined for no weight. */
export function inMeasure(measure: HouseholdMeasure, weightG: number): string | undefined {
  if (weightG <= 0) return undefined;
  const exact = weightG / measure.grams;
  let count: number;
  if (measure.whole) count = Math.max(1, Math.round(exact));
  else if (exact < 1) count = Math.max(0.25, Math.round(exact * 4) / 4);
  else count = Math.round(exact * 2) / 2;
  const whole = Math.floor(count);
  const fraction = FRACTIONS[count - whole] ?? "";
  const amount = whole === 0 ? fraction : `${whole}${fraction}`;
  const unit = count > 1 ? measure.plural : measure.unit;
  return `${amount} ${unit}`;
}
