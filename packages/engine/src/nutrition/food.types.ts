/** The four meal slots (docs/product.md §3.6 "Diet screen"). */
export const MEAL_SLOTS = ["Breakfast", "Lunch", "Snacks", "Dinner"] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

/** The 22 cuisines (docs/product.md §3.5 "Meal preferences"). */
export const CUISINES = [
  "American",
  "Indian",
  "Chinese",
  "African",
  "European",
  "Caribbean",
  "Latin American",
  "Japanese",
  "Thai",
  "Italian",
  "Mexican",
  "Middle Eastern",
  "Korean",
  "Mediterranean",
  "French",
  "Greek",
  "Vietnamese",
  "Spanish",
  "Lebanese",
  "Turkish",
  "Russian",
  "Ethiopian",
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Diet classes, strictest first: a vegan food suits every diet, a standard food only the standard diet. */
export const DIET_TYPES = ["vegan", "vegetarian", "standard"] as const;
export type DietType = (typeof DIET_TYPES)[number];

/** The ten protein-source chips (docs/product.md §3.5). */
export const PROTEIN_SOURCES = [
  "Poultry",
  "Farm Meat",
  "Seafood",
  "Eggs",
  "Tofu",
  "Beans",
  "Lentils",
  "Nuts",
  "Seeds",
  "Dairy",
] as const;
export type ProteinSource = (typeof PROTEIN_SOURCES)[number];

/**
 * The allergens we track: the US FALCPA "big nine", then the five of the EU's fourteen (Regulation (EU) No 1169/2011,
 * Annex II) that the nine do not cover. The EU's cereals, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts and
 * sesame are the nine; molluscs are also tagged shellfish (stricter than FALCPA, foods/README.md).
 */
export const ALLERGENS = [
  "milk",
  "egg",
  "fish",
  "shellfish",
  "tree nuts",
  "peanut",
  "wheat/gluten",
  "soy",
  "sesame",
  "celery",
  "mustard",
  "lupin",
  "molluscs",
  "sulphites",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * What a food is made of, beyond the nine allergens: the facts religious rules, diets and dislikes turn on.
 * Derived from a food's ingredients (never typed by hand); see exclusions.ts for how they are used.
 */
export const FOOD_FLAGS = [
  "pork",
  "beef",
  "lamb",
  "poultry",
  "game",
  "fish",
  "shellfish",
  "alcohol",
  "gelatin",
  "animal-rennet",
  "honey",
  "blood",
  "fish-without-scales",
] as const;
export type FoodFlag = (typeof FOOD_FLAGS)[number];

/** One ingredient of a dish as cooked into it. */
export interface Ingredient {
  /** Singular, lower-case, as a person would name it: "pork shoulder", "fish sauce", "parmesan". */
  name: string;
  grams: number;
  /** USDA SR Legacy NDB number where one exists. */
  ndbNo?: string;
}

/** Picture shown beside an item; the web app maps each category to a bundled image. */
export const IMAGE_CATEGORIES = [
  "fruit",
  "vegetable",
  "grain",
  "bread",
  "dairy",
  "egg",
  "meat",
  "poultry",
  "seafood",
  "legume",
  "nuts-seeds",
  "soup",
  "salad",
  "dish",
  "snack",
  "drink",
  "dessert",
] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];

export interface Food {
  /** Stable, kebab-case, never reused: saved plans refer to it. */
  id: string;
  /** Name as a person would write it, e.g. "Greek yogurt, plain, nonfat". */
  name: string;
  slots: readonly MealSlot[];
  /** Empty for generic base foods that suit any cuisine (fruit, oats, rice...). */
  cuisines: readonly Cuisine[];
  diet: DietType;
  proteinSource?: ProteinSource;
  allergens: readonly Allergen[];
  /** Per 100 g, as USDA SR Legacy reports (or a recipe computed from USDA ingredients). */
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  fibreG: number;
  /** Saturated fatty acids, g per 100 g (SR Legacy "Fatty acids, total saturated"). */
  satFatG: number;
  /** Sodium, mg per 100 g, before any salt added at the table or by the pinch (foods/README.md). */
  sodiumMg: number;
  /** Sensible single-serving bounds and the step the planner moves in, grams. */
  portionMinG: number;
  portionMaxG: number;
  portionStepG: number;
  image: ImageCategory;
  /** USDA NDB number the figures come from, where the food is a base food. */
  usdaNdbNo?: string;
  /** The recipe (a base food is its own single ingredient). */
  ingredients: readonly Ingredient[];
  /** Derived from the ingredients, as are `diet` and `allergens`. */
  flags: readonly FoodFlag[];
  /**
   * Whole egg in the recipe, raw grams per 100 g of the food as eaten (ingredients of the SR Legacy whole-egg rows,
   * food-data.ts), derived with the rest at catalogue load: for the day's cap of three eggs (meal-day-rules.ts).
   */
  wholeEggG: number;
  /**
   * Where ours leaves out what the dish's usual recipe holds, how ours differs ("kombu stock, no fish"); `name` states
   * it (foods/usual-recipes.json, docs/decisions/062-names-that-tell-the-truth.md).
   */
  variant?: string;
}
