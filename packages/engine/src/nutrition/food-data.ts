import { z } from "zod";
import {
  ALLERGENS,
  CUISINES,
  FOOD_FLAGS,
  IMAGE_CATEGORIES,
  MEAL_SLOTS,
  PROTEIN_SOURCES,
  type Allergen,
  type DietType,
  type Food,
  type FoodFlag,
} from "./food.types";

/**
 * The food catalogue is data (foods/*.json), read through these schemas, which are built from the engine's own
 * enums so a new slot, cuisine or allergen is one edit. Safety facts — allergens, flags, diet class — are never
 * typed per food: each food lists its ingredients, and everything else follows from the ingredient table
 * (foods/ingredients.json). See docs/decisions/025-food-catalogue-as-data.md.
 */

const NDB_NO = z.string().regex(/^\d{5}$/, "an NDB number has five digits");
/** Singular-or-plural, lower-case words as a person would name the ingredient; what exclusions match against. */
const INGREDIENT_NAME = z
  .string()
  .min(1)
  .refine((name) => name === name.trim().toLowerCase(), "ingredient names are trimmed and lower-case");
const AMOUNT = z.number().finite().nonnegative();

const FIGURES = {
  energyKcal: AMOUNT,
  proteinG: AMOUNT,
  carbsG: AMOUNT,
  fatG: AMOUNT,
  fibreG: AMOUNT,
  /** Saturated fat and sodium per 100 g (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md). */
  satFatG: AMOUNT,
  sodiumMg: AMOUNT,
};
export type Figures = { [K in keyof typeof FIGURES]: number };
const FIGURE_KEYS = Object.keys(FIGURES) as (keyof Figures)[];
/** Table salt, the saltiest food SR Legacy lists, holds 38,758 mg of sodium per 100 g. */
const SODIUM_MAX_MG = 40_000;
/** Saturated fat is part of the fat; 0.01 g of slack for the rounding of both. */
const figuresInRange = (entry: Figures) =>
  entry.satFatG <= entry.fatG + 0.01 && entry.sodiumMg <= SODIUM_MAX_MG;
const FIGURES_RANGE_MESSAGE = "saturated fat above the fat, or sodium above table salt's";

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

export const IngredientRecordSchema = z
  .strictObject({
    name: INGREDIENT_NAME,
    /** The SR Legacy item whose per-100 g figures these are. */
    ndbNo: NDB_NO.optional(),
    /** The SR Legacy item that stands in for this ingredient, where SR Legacy has none. */
    proxyNdbNo: NDB_NO.optional(),
    /** Where the figures come from when they are not an SR Legacy item in the team's extract. */
    source: z.string().min(1).optional(),
    ...FIGURES,
    allergens: z.array(z.enum(ALLERGENS)).refine(unique, "allergens repeat"),
    flags: z.array(z.enum(FOOD_FLAGS)).refine(unique, "flags repeat"),
    /** Why the ingredient carries an allergen or flag its name does not show. */
    note: z.string().min(1).optional(),
  })
  .refine((entry) => entry.ndbNo !== undefined || entry.source !== undefined, {
    message: "an ingredient without an NDB number says where its figures come from",
  })
  .refine(figuresInRange, { message: FIGURES_RANGE_MESSAGE })
  .refine(
    (entry) =>
      (["fish", "shellfish"] as const).every(
        (kind) => entry.allergens.includes(kind) === entry.flags.includes(kind),
      ),
    { message: "the fish and shellfish allergens and flags go together" },
  );
export type IngredientRecord = z.infer<typeof IngredientRecordSchema>;

export const FoodRecordSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are kebab-case"),
    name: z.string().min(1),
    slots: z.array(z.enum(MEAL_SLOTS)).min(1).refine(unique, "slots repeat"),
    cuisines: z.array(z.enum(CUISINES)).refine(unique, "cuisines repeat"),
    proteinSource: z.enum(PROTEIN_SOURCES).optional(),
    ...FIGURES,
    portionMinG: z.number().positive(),
    portionMaxG: z.number().positive(),
    portionStepG: z.number().positive(),
    image: z.enum(IMAGE_CATEGORIES),
    usdaNdbNo: NDB_NO.optional(),
    /** The recipe as weighed raw (or as the SR Legacy item is sold); a base food is its own single ingredient. */
    ingredients: z.array(z.strictObject({ name: INGREDIENT_NAME, grams: z.number().positive() })).min(1),
    /** Finished weight as a share of the ingredients' weight (evaporation, frying loss); 100 when absent. */
    cookedWeightPercent: z.number().positive().max(100).optional(),
    note: z.string().min(1).optional(),
  })
  .refine(figuresInRange, { message: FIGURES_RANGE_MESSAGE });
export type FoodRecord = z.infer<typeof FoodRecordSchema>;

export type IngredientTable = ReadonlyMap<string, IngredientRecord>;

/** Parses the ingredient table; throws on a malformed entry or a name listed twice. */
export function parseIngredientTable(data: unknown): IngredientTable {
  const entries = z.array(IngredientRecordSchema).parse(data);
  const table = new Map<string, IngredientRecord>();
  for (const entry of entries) {
    if (table.has(entry.name)) throw new Error(`Ingredient "${entry.name}" is listed twice`);
    table.set(entry.name, entry);
  }
  return table;
}

/** Flags that mean flesh or an animal-derived processing aid, so a food carrying one is not vegetarian. */
const NOT_VEGETARIAN: readonly FoodFlag[] = [
  "pork",
  "beef",
  "lamb",
  "poultry",
  "game",
  "fish",
  "shellfish",
  "gelatin",
  "animal-rennet",
  "blood",
];
const ANIMAL_ALLERGENS: readonly Allergen[] = ["milk", "egg"];

/** The strictest diet a food suits: vegan without any animal product, vegetarian with only milk, egg or honey. */
export function dietOf(allergens: readonly Allergen[], flags: readonly FoodFlag[]): DietType {
  if (flags.some((flag) => NOT_VEGETARIAN.includes(flag))) return "standard";
  if (allergens.some((allergen) => ANIMAL_ALLERGENS.includes(allergen)) || flags.includes("honey"))
    return "vegetarian";
  return "vegan";
}

function ingredientOf(table: IngredientTable, food: FoodRecord, name: string): IngredientRecord {
  const entry = table.get(name);
  if (entry === undefined)
    throw new Error(`Food "${food.id}": ingredient "${name}" is not in the ingredient table`);
  return entry;
}

/**
 * The USDA SR Legacy rows of whole egg, raw or cooked: 01123 raw, 01128 fried, 01129 hard-boiled, 01130 omelet, 01131
 * poached, 01132 scrambled. Whites (01124), yolks and egg noodles or mayonnaise (their own rows) are not whole eggs.
 */
const WHOLE_EGG_NDB_NOS: ReadonlySet<string> = new Set([
  "01123",
  "01128",
  "01129",
  "01130",
  "01131",
  "01132",
]);

export const isWholeEggNdbNo = (ndbNo: string): boolean => WHOLE_EGG_NDB_NOS.has(ndbNo);

/** Raw grams of whole egg per 100 g of the finished food, from its recipe's ingredients with a whole-egg NDB number. */
export function wholeEggGPer100G(food: FoodRecord, table: IngredientTable): number {
  const rawWeightG = food.ingredients.reduce((sum, { grams }) => sum + grams, 0);
  const finishedWeightG = (rawWeightG * (food.cookedWeightPercent ?? 100)) / 100;
  const eggG = food.ingredients.reduce((sum, { name, grams }) => {
    const { ndbNo } = ingredientOf(table, food, name);
    return ndbNo !== undefined && isWholeEggNdbNo(ndbNo) ? sum + grams : sum;
  }, 0);
  return (100 * eggG) / finishedWeightG;
}

/** Per-100 g figures of the finished food: the ingredients' sum divided by the finished weight. */
export function recipeFigures(food: FoodRecord, table: IngredientTable): Figures {
  const rawWeightG = food.ingredients.reduce((sum, { grams }) => sum + grams, 0);
  const finishedWeightG = (rawWeightG * (food.cookedWeightPercent ?? 100)) / 100;
  const figures: Figures = {
    energyKcal: 0,
    proteinG: 0,
    carbsG: 0,
    fatG: 0,
    fibreG: 0,
    satFatG: 0,
    sodiumMg: 0,
  };
  for (const { name, grams } of food.ingredients) {
    const entry = ingredientOf(table, food, name);
    for (const key of FIGURE_KEYS) figures[key] += (entry[key] * grams) / finishedWeightG;
  }
  return figures;
}

/** docs/decisions/025: a food's stored per-100 g figures must be within 5 % of what its ingredients add up to. */
export const RECIPE_FIGURE_TOLERANCE = 0.05;
/**
 * The files keep energy in whole kcal and grams to one decimal (base foods: as USDA publishes them), so a figure
 * near zero may differ from the exact recipe sum by its rounding alone.
 */
const ROUNDING_SLACK = { energyKcal: 1, sodiumMg: 1, grams: 0.06 };

/** The figures of a food that are further from its recipe than the tolerance allows; empty when all agree. */
export function recipeMismatches(record: FoodRecord, table: IngredientTable): string[] {
  const computed = recipeFigures(record, table);
  return FIGURE_KEYS.filter((key) => {
    const slack = key === "energyKcal" || key === "sodiumMg" ? ROUNDING_SLACK[key] : ROUNDING_SLACK.grams;
    return Math.abs(record[key] - computed[key]) > Math.max(slack, RECIPE_FIGURE_TOLERANCE * computed[key]);
  }).map((key) => `${key} ${record[key]}, recipe gives ${computed[key].toFixed(2)}`);
}

/** The food the engine plans with: the record plus what follows from its ingredients. */
export function foodFromRecord(record: FoodRecord, table: IngredientTable): Food {
  const allergens = new Set<Allergen>();
  const flags = new Set<FoodFlag>();
  const ingredients = record.ingredients.map(({ name, grams }) => {
    const entry = ingredientOf(table, record, name);
    for (const allergen of entry.allergens) allergens.add(allergen);
    for (const flag of entry.flags) flags.add(flag);
    return entry.ndbNo === undefined ? { name, grams } : { name, grams, ndbNo: entry.ndbNo };
  });
  const allergenList = ALLERGENS.filter((allergen) => allergens.has(allergen));
  const flagList = FOOD_FLAGS.filter((flag) => flags.has(flag));
  return {
    id: record.id,
    name: record.name,
    slots: record.slots,
    cuisines: record.cuisines,
    diet: dietOf(allergenList, flagList),
    ...(record.proteinSource === undefined ? {} : { proteinSource: record.proteinSource }),
    allergens: allergenList,
    energyKcal: record.energyKcal,
    proteinG: record.proteinG,
    carbsG: record.carbsG,
    fatG: record.fatG,
    fibreG: record.fibreG,
    satFatG: record.satFatG,
    sodiumMg: record.sodiumMg,
    portionMinG: record.portionMinG,
    portionMaxG: record.portionMaxG,
    portionStepG: record.portionStepG,
    image: record.image,
    ...(record.usdaNdbNo === undefined ? {} : { usdaNdbNo: record.usdaNdbNo }),
    ingredients,
    flags: flagList,
    wholeEggG: wholeEggGPer100G(record, table),
  };
}

/** Parses a food file; throws on the first malformed record. */
export function parseFoodRecords(data: unknown): FoodRecord[] {
  return z.array(FoodRecordSchema).parse(data);
}
