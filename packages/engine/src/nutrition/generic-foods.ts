import { z } from "zod";
import { dietOf, isWholeEggNdbNo } from "./food-data";
import {
  ALLERGENS,
  FOOD_FLAGS,
  MEAL_SLOTS,
  type Allergen,
  type Food,
  type FoodFlag,
  type ImageCategory,
} from "./food.types";
import type { HouseholdMeasure } from "./meal-roles";
import genericFoods from "./foods/generic-foods.json" with { type: "json" };

/**
 * Generic foods for the diary's search (docs/decisions/051): the rows of the team's USDA SR Legacy extract that
 * are not already catalogue foods, converted by scripts/import-usda-foods.ts. They are never planned with, only
 * found and logged; allergens and flags are stored per row (from the reviewed ingredient table where it has the
 * row, else from the script's rules), so a person's exclusions mark them as they mark catalogue foods.
 */

const AMOUNT = z.number().finite().nonnegative();

const MeasureSchema = z.strictObject({
  unit: z.string().min(1),
  plural: z.string().min(1),
  grams: z.number().positive(),
  whole: z.boolean(),
});

export const GenericFoodRecordSchema = z
  .strictObject({
    id: z.string().regex(/^usda-\d{5}$/),
    ndbNo: z.string().regex(/^\d{5}$/),
    name: z.string().min(1),
    /** SR Legacy food group. */
    group: z.string().min(1),
    /** As the extract states it: raw_or_dry, cooked or as_sold. */
    state: z.enum(["raw_or_dry", "cooked", "as_sold"]),
    // Pure fat is about 9 kcal/g; SR Legacy lists oils at up to 902 kcal per 100 g.
    energyKcal: AMOUNT.max(902),
    proteinG: AMOUNT.max(100),
    carbsG: AMOUNT.max(100),
    fatG: AMOUNT.max(100),
    fibreG: AMOUNT.max(100),
    satFatG: AMOUNT.max(100),
    // Table salt, the saltiest row SR Legacy has, holds 38,758 mg per 100 g.
    sodiumMg: AMOUNT.max(40_000),
    allergens: z.array(z.enum(ALLERGENS)),
    flags: z.array(z.enum(FOOD_FLAGS)),
    measure: MeasureSchema.optional(),
  })
  .refine(
    // 100 g cannot hold more than 100 g of macronutrients; 1 g of slack for USDA's rounding.
    (food) => food.proteinG + food.carbsG + food.fatG <= 101,
    { message: "protein, carbohydrate and fat add up to more than 100 g per 100 g" },
  )
  .refine((food) => food.satFatG <= food.fatG + 0.01, {
    message: "saturated fat is more than the fat it is part of",
  });
export type GenericFoodRecord = z.infer<typeof GenericFoodRecordSchema>;

const GenericFoodFileSchema = z.strictObject({
  source: z.string().min(1),
  foods: z.array(GenericFoodRecordSchema),
});

const FILE = GenericFoodFileSchema.parse(genericFoods);

/** Where the generic foods come from, as the data file states it. */
export const GENERIC_FOODS_SOURCE: string = FILE.source;

const IMAGE_BY_GROUP: Record<string, ImageCategory> = {
  "Dairy and Egg Products": "dairy",
  "Finfish and Shellfish Products": "seafood",
  "Poultry Products": "poultry",
  "Beef Products": "meat",
  "Pork Products": "meat",
  "Lamb, Veal, and Game Products": "meat",
  "Sausages and Luncheon Meats": "meat",
  "Fruits and Fruit Juices": "fruit",
  "Vegetables and Vegetable Products": "vegetable",
  "Legumes and Legume Products": "legume",
  "Nut and Seed Products": "nuts-seeds",
  "Cereal Grains and Pasta": "grain",
  "Breakfast Cereals": "grain",
  "Baked Products": "bread",
  Beverages: "drink",
  Sweets: "dessert",
  Snacks: "snack",
  "Soups, Sauces, and Gravies": "soup",
};

export interface GenericFood {
  food: Food;
  measure?: HouseholdMeasure;
}

/** What a food outside the catalogue is known by: its name, per-100 g figures, allergens and flags. */
export interface LooseFoodFacts {
  id: string;
  name: string;
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  fibreG: number;
  /** Absent where a label gives none (a barcode product): counted as 0, as the food is only logged, never planned. */
  satFatG?: number;
  sodiumMg?: number;
  allergens: readonly Allergen[];
  flags: readonly FoodFlag[];
  image: ImageCategory;
  ndbNo?: string;
}

/**
 * A food outside the catalogue (a USDA generic food, a product found by its barcode) in the engine's Food shape, so
 * exclusionConflict reads it as it reads the catalogue: its one ingredient is its own name, lower-case, so an
 * ingredient word ("butter", "anchovy") finds it. Never planned with: the portion range only satisfies the shape
 * (the diary takes 1–5,000 g).
 */
export function looseFood(facts: LooseFoodFacts): Food {
  return {
    id: facts.id,
    name: facts.name,
    slots: MEAL_SLOTS,
    cuisines: [],
    diet: dietOf(facts.allergens, facts.flags),
    allergens: facts.allergens,
    energyKcal: facts.energyKcal,
    proteinG: facts.proteinG,
    carbsG: facts.carbsG,
    fatG: facts.fatG,
    fibreG: facts.fibreG,
    satFatG: facts.satFatG ?? 0,
    sodiumMg: facts.sodiumMg ?? 0,
    portionMinG: 1,
    portionMaxG: 5000,
    portionStepG: 1,
    image: facts.image,
    ...(facts.ndbNo === undefined ? {} : { usdaNdbNo: facts.ndbNo }),
    ingredients: [
      {
        name: facts.name.toLowerCase(),
        grams: 100,
        ...(facts.ndbNo === undefined ? {} : { ndbNo: facts.ndbNo }),
      },
    ],
    flags: facts.flags,
    wholeEggG: facts.ndbNo !== undefined && isWholeEggNdbNo(facts.ndbNo) ? 100 : 0,
  };
}

function toFood(record: GenericFoodRecord): Food {
  return looseFood({ ...record, image: IMAGE_BY_GROUP[record.group] ?? "dish" });
}

export const GENERIC_FOODS: readonly GenericFood[] = Object.freeze(
  FILE.foods.map((record) => ({
    food: toFood(record),
    ...(record.measure === undefined ? {} : { measure: record.measure }),
  })),
);
