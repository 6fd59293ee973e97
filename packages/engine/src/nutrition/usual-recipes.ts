import { z } from "zod";
import type { IngredientTable } from "./food-data";
import { ALLERGENS, FOOD_FLAGS, type Allergen, type FoodFlag } from "./food.types";
import USUAL_RECIPES_DATA from "./foods/usual-recipes.json" with { type: "json" };

/**
 * What each dish's usual recipe holds that ours leaves out, and the variant its shown name states
 * (foods/usual-recipes.json, generated and checked by scripts/usual-recipes.ts; docs/decisions/062). The planner never
 * reads `leftOut`: ours is what is served, and its ingredients are what exclusions check. The table is what a person
 * reading the dish's name would assume it holds, so a test can hold the names to it.
 */

const INGREDIENT_NAME = z.string().min(1);

export const UsualRecipeEntrySchema = z
  .strictObject({
    id: z.string().min(1),
    /** The catalogue's name, without the variant. */
    name: z.string().min(1),
    /** Our ingredient names, copied by the script so a changed recipe shows as a diff and calls for a new review. */
    ours: z.array(INGREDIENT_NAME),
    /** What the usual recipe holds and ours does not, where it matters to an allergen, a flag or a dislike. */
    leftOut: z.array(INGREDIENT_NAME),
    /** How ours differs, as its shown name says it: "kombu stock, no fish". */
    variant: z.string().min(1).optional(),
    /** Set by the script for a new or changed dish until someone reviews it. */
    pending: z.literal(true).optional(),
  })
  .refine((entry) => entry.leftOut.length > 0 === (entry.variant !== undefined), {
    message: "a dish that leaves something out states a variant, and only such a dish does",
  });
export type UsualRecipeEntry = z.infer<typeof UsualRecipeEntrySchema>;

export const UsualRecipesSchema = z.strictObject({
  header: z.array(z.string().min(1)).min(1),
  /** Left-out ingredients that foods/ingredients.json does not hold, with their allergens and flags. */
  usualIngredients: z.array(
    z.strictObject({
      name: INGREDIENT_NAME,
      allergens: z.array(z.enum(ALLERGENS)),
      flags: z.array(z.enum(FOOD_FLAGS)),
    }),
  ),
  dishes: z.array(UsualRecipeEntrySchema),
});
export type UsualRecipes = z.infer<typeof UsualRecipesSchema>;

export const USUAL_RECIPES: UsualRecipes = UsualRecipesSchema.parse(USUAL_RECIPES_DATA);

const ENTRIES_BY_ID = new Map(USUAL_RECIPES.dishes.map((entry) => [entry.id, entry]));

export function usualRecipeEntry(foodId: string): UsualRecipeEntry | undefined {
  return ENTRIES_BY_ID.get(foodId);
}

/** The variant a dish's shown name states, or undefined for a dish that is its usual recipe (and for base foods). */
export function variantOf(foodId: string): string | undefined {
  return ENTRIES_BY_ID.get(foodId)?.variant;
}

/**
 * The name a person sees: the catalogue's name with the variant, unless the name already says it ("Tofu bibimbap
 * (vegan)"). A name that ends in a bracket takes the variant inside it: "Huevos a la flamenca (baked eggs with tomato
 * and peas, no chorizo or ham)".
 */
export function shownName(name: string, variant: string | undefined): string {
  if (variant === undefined || name.toLowerCase().includes(variant.toLowerCase())) return name;
  return name.endsWith(")") ? `${name.slice(0, -1)}, ${variant})` : `${name} (${variant})`;
}

/** The name without its stated variant: what exclusion words are matched against (a "no fish sauce" holds none). */
export function nameWithoutVariant(food: { name: string; variant?: string }): string {
  return food.variant === undefined ? food.name : food.name.replace(food.variant, " ");
}

export interface UsualFacts {
  allergens: Allergen[];
  flags: FoodFlag[];
  ingredientNames: string[];
}

/**
 * The allergens, flags and ingredient names of a food's usual recipe: ours plus what the table says ours leaves out,
 * with the facts of each left-out ingredient from the ingredient table or the table's own list.
 */
export function usualFacts(
  food: {
    id: string;
    allergens: readonly Allergen[];
    flags: readonly FoodFlag[];
    ingredients: readonly { name: string }[];
  },
  ingredients: IngredientTable,
  table: UsualRecipes = USUAL_RECIPES,
): UsualFacts {
  const allergens = new Set<Allergen>(food.allergens);
  const flags = new Set<FoodFlag>(food.flags);
  const ingredientNames = food.ingredients.map((ingredient) => ingredient.name);
  const entry =
    table === USUAL_RECIPES ? ENTRIES_BY_ID.get(food.id) : table.dishes.find((dish) => dish.id === food.id);
  for (const name of entry?.leftOut ?? []) {
    const facts = ingredients.get(name) ?? table.usualIngredients.find((usual) => usual.name === name);
    if (facts === undefined)
      throw new Error(`Usual ingredient "${name}" of "${food.id}" has no allergens or flags`);
    for (const allergen of facts.allergens) allergens.add(allergen);
    for (const flag of facts.flags) flags.add(flag);
    ingredientNames.push(name);
  }
  return {
    allergens: ALLERGENS.filter((allergen) => allergens.has(allergen)),
    flags: FOOD_FLAGS.filter((flag) => flags.has(flag)),
    ingredientNames,
  };
}

/**
 * The table brought up to date with the dishes: each dish in catalogue order with its name and our ingredients copied,
 * its review kept, and a dish that is new or whose ingredients changed marked `pending` until someone reviews it.
 * Entries of dishes that left the catalogue go.
 */
export function regenerateUsualRecipes(
  dishes: readonly { id: string; name: string; ingredients: readonly { name: string }[] }[],
  table: UsualRecipes,
): UsualRecipes {
  const known = new Map(table.dishes.map((entry) => [entry.id, entry]));
  return {
    header: table.header,
    usualIngredients: table.usualIngredients,
    dishes: dishes.map((dish): UsualRecipeEntry => {
      const ours = dish.ingredients.map((ingredient) => ingredient.name);
      const entry = known.get(dish.id);
      const changed = entry === undefined || JSON.stringify(entry.ours) !== JSON.stringify(ours);
      return {
        id: dish.id,
        name: dish.name,
        ours,
        leftOut: entry?.leftOut ?? [],
        ...(entry?.variant === undefined ? {} : { variant: entry.variant }),
        ...(changed || entry.pending === true ? { pending: true } : {}),
      };
    }),
  };
}

/** What is wrong with the table's review: pending dishes, unknown or doubled left-out ingredients. */
export function usualRecipeProblems(table: UsualRecipes, ingredients: IngredientTable): string[] {
  const problems: string[] = [];
  const declared = new Set<string>();
  for (const usual of table.usualIngredients) {
    if (ingredients.has(usual.name))
      problems.push(`"${usual.name}" is in ingredients.json: take its facts from there`);
    if (declared.has(usual.name)) problems.push(`"${usual.name}" is declared twice`);
    declared.add(usual.name);
  }
  for (const entry of table.dishes) {
    if (entry.pending === true) problems.push(`${entry.id}: not reviewed since its ingredients changed`);
    for (const name of entry.leftOut) {
      if (!ingredients.has(name) && !declared.has(name))
        problems.push(`${entry.id}: "${name}" has no allergens or flags`);
      if (entry.ours.includes(name)) problems.push(`${entry.id}: "${name}" is left out and in ours at once`);
    }
  }
  return problems;
}
