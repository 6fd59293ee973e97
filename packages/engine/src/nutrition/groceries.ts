import { FOOD_RECORDS, INGREDIENTS } from "./food-catalogue";
import GROCERY_AISLES from "./foods/grocery-aisles.json" with { type: "json" };
import GROCERY_BUY from "./foods/grocery-buy.json" with { type: "json" };
import INGREDIENT_MEASURES from "./foods/ingredient-measures.json" with { type: "json" };
import type { MealItem } from "./meal-plan.types";
import { inMeasure, type HouseholdMeasure } from "./meal-roles";
import { scaledIngredients } from "./recipes";

/**
 * The shopping list of chosen day plans (docs/product.md §3.15, docs/decisions/050): every item's recipe scaled
 * to its portion (the same scaling as its recipe, recipes.ts), each ingredient turned into what a person buys and
 * added up per aisle.
 */

/** Shop aisles in walking order; pantry staples (oil, sugar, soy sauce…) come last and are shown folded. */
export const AISLES = [
  "produce",
  "meat and fish",
  "dairy and eggs",
  "bakery",
  "grains and pantry",
  "frozen",
  "spices and condiments",
  "pantry staples",
] as const;
export type Aisle = (typeof AISLES)[number];

export interface GroceryLine {
  name: string;
  /** What to buy, as sold (dry rice, not cooked), to one decimal. */
  grams: number;
  measure?: string;
  /** Whole pieces to buy (eggs; onions, tomatoes… by the piece). */
  count?: number;
  /** Names of the dishes this line serves, in order of first use. */
  dishes: string[];
}

export interface GroceryAisle {
  name: Aisle;
  items: GroceryLine[];
}

/**
 * How a recipe ingredient is bought (foods/grocery-buy.json, docs/decisions/050). Without a yield the bought weight
 * is the recipe's: vegetables, whose USDA raw and cooked energy densities differ by leaching and sampling as much as
 * by water, and foods sold ready (ham, canned tuna, jarred lupini beans).
 */
interface BuyRule {
  buy: string;
  /** The dry form, when the ingredient table holds it: the yield is the ratio of their energy densities. */
  dryIngredient?: string;
  /** Energy per 100 g of the dry grain or pulse bought (USDA SR Legacy, named in `source`). */
  dryEnergyKcal?: number;
  /** Protein per 100 g of the raw meat or fish bought (USDA SR Legacy, named in `source`). */
  rawProteinG?: number;
  source?: string;
  /** Why the rule is what it is, where the name does not say. */
  note?: string;
}

const BUY = GROCERY_BUY as Record<string, BuyRule>;
const AISLE_OF = GROCERY_AISLES as Record<string, Aisle | "none">;
const MEASURES = INGREDIENT_MEASURES as Record<string, HouseholdMeasure>;
const RECORDS_BY_ID = new Map(FOOD_RECORDS.map((record) => [record.id, record]));
/** USDA SR Legacy household weight of one large egg. */
const EGG_G = 50;

const ratio = (cooked: number, bought: number): number => (bought > 0 ? cooked / bought : 1);

/**
 * Grams to buy per gram of the ingredient as the recipe weighs it. Cooking grains and pulses in water adds weight
 * and no energy, so the dry weight is the cooked weight times the ratio of their energy densities (USDA SR Legacy
 * cooked vs dry, per 100 g): 100 g cooked white rice (130 kcal) is 35.6 g of dry rice (365 kcal). Cooking meat and
 * fish loses water and melted fat but keeps the protein, so their raw weight is the cooked weight times the ratio
 * of protein densities: 100 g roast chicken breast (31.0 g protein) is 138 g raw (22.5 g). Energy would not do for
 * meat: cooked 70 % ground beef is less energy-dense than raw (270 vs 332 kcal), its lost fat outweighing its lost water.
 */
export function buyFactor(ingredient: string): number {
  const rule = BUY[ingredient];
  const cooked = INGREDIENTS.get(ingredient);
  if (rule === undefined || cooked === undefined) return 1;
  if (rule.rawProteinG !== undefined) return ratio(cooked.proteinG, rule.rawProteinG);
  const dryKcal =
    rule.dryIngredient === undefined ? rule.dryEnergyKcal : INGREDIENTS.get(rule.dryIngredient)?.energyKcal;
  return dryKcal === undefined ? 1 : ratio(cooked.energyKcal, dryKcal);
}

/** The name a line is bought under: one "eggs" line for every way a recipe names an egg. */
export function buyName(ingredient: string): string {
  return BUY[ingredient]?.buy ?? ingredient;
}

/** The aisle an ingredient is found in; undefined for what comes from the tap (water, kombu stock). */
export function aisleOf(ingredient: string): Aisle | undefined {
  const aisle = AISLE_OF[ingredient];
  return aisle === undefined || aisle === "none" ? undefined : aisle;
}

interface Sum {
  aisle: Aisle;
  grams: number;
  dishes: string[];
  /** An ingredient name with a household measure, if any line of this buy name has one. */
  measureOf?: HouseholdMeasure;
}

const roundTenth = (grams: number): number => Math.round(grams * 10) / 10;

/** The shopping list of these plan items; items whose food the catalogue no longer holds are left out. */
export function groceryList(items: readonly Pick<MealItem, "foodId" | "grams" | "name">[]): GroceryAisle[] {
  const sums = new Map<string, Sum>();
  for (const item of items) {
    const record = RECORDS_BY_ID.get(item.foodId);
    if (record === undefined) continue;
    for (const { name, grams } of scaledIngredients(record, item.grams)) {
      const aisle = aisleOf(name);
      if (aisle === undefined) continue;
      const key = buyName(name);
      const sum = sums.get(key) ?? { aisle, grams: 0, dishes: [] };
      sum.grams += grams * buyFactor(name);
      if (!sum.dishes.includes(item.name)) sum.dishes.push(item.name);
      const measure = MEASURES[name];
      if (measure !== undefined) sum.measureOf = measure;
      sums.set(key, sum);
    }
  }
  return AISLES.map((aisle) => ({
    name: aisle,
    items: [...sums.entries()]
      .filter(([, sum]) => sum.aisle === aisle)
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([name, sum]) => lineOf(name, sum)),
  })).filter((aisle) => aisle.items.length > 0);
}

function lineOf(name: string, sum: Sum): GroceryLine {
  const line: GroceryLine = { name, grams: roundTenth(sum.grams), dishes: sum.dishes };
  if (name === "eggs") return { ...line, count: Math.ceil(sum.grams / EGG_G - 1e-9) };
  if (sum.measureOf === undefined) return line;
  const measure = inMeasure(sum.measureOf, sum.grams);
  const counted = sum.aisle === "produce" || sum.measureOf.whole;
  return {
    ...line,
    ...(measure === undefined ? {} : { measure }),
    ...(counted ? { count: Math.max(1, Math.ceil(sum.grams / sum.measureOf.grams - 1e-9)) } : {}),
  };
}
