import { z } from "zod";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import { FOOD_SEARCH_MAX_LIMIT } from "@fitwise/engine/nutrition/food-search-limits";
import { ClientIdSchema, EATEN_GRAMS_MAX, LogDateSchema } from "./progress";

/**
 * The food diary (docs/decisions/051, 052): food search, logging anything eaten (a food of the search, a
 * custom entry, a quick add), the day's diary with totals against the target, and days marked complete.
 * Every function is `POST /functions/v1/<name>` with a bearer token; rows belong to the caller. Dates are
 * checked as for the other logs (the server refuses dates in the future).
 */

/** The most energy one entry may carry: no single eating occasion comes near it, so more is a typo. */
export const ENTRY_KCAL_MAX = 10_000;
/** The least and most grams of one entry (a gram of butter; five kilograms is already a feast). */
export const ENTRY_GRAMS_MIN = 1;
export const ENTRY_GRAMS_MAX = EATEN_GRAMS_MAX;
export const ENTRY_SERVINGS_MAX = 100;
const MACRO_G_MAX = 1000;

export const MealSlotSchema = z.enum(MEAL_SLOTS);

/** `search_foods`: foods for a query as typed, best first; the caller's exclusions are marked, never hidden. */
export const SearchFoodsRequestSchema = z.object({
  query: z.string().trim().min(1, "Type a food to search for.").max(100),
  limit: z.number().int().min(1).max(FOOD_SEARCH_MAX_LIMIT).optional(),
});
export type SearchFoodsRequest = z.infer<typeof SearchFoodsRequestSchema>;

export const HouseholdMeasureSchema = z.object({ unit: z.string(), plural: z.string(), grams: z.number() });

export const FoundFoodSchema = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * catalogue: a food the plans use; usda: a generic food of USDA SR Legacy; open_food_facts: a product by
   * barcode; mine: one of the caller's own foods (docs/decisions/068).
   */
  origin: z.enum(["catalogue", "usda", "open_food_facts", "mine"]),
  /**
   * Figures per 100 g; null for an own food given per serving without the serving's weight. A macro is null
   * only for an own food whose figure was not given.
   */
  per_100g: z
    .object({
      energy_kcal: z.number(),
      protein_g: z.number().nullable(),
      carbs_g: z.number().nullable(),
      fat_g: z.number().nullable(),
      fibre_g: z.number().nullable(),
    })
    .nullable(),
  /** One serving's figures, for an own food given per serving: logged by servings. Null otherwise. */
  per_serving: z
    .object({
      unit: z.string(),
      energy_kcal: z.number(),
      protein_g: z.number().nullable(),
      carbs_g: z.number().nullable(),
      fat_g: z.number().nullable(),
    })
    .nullable(),
  /** A household measure where the data has one ("large egg", 50 g); servings are counted in it. */
  measure: HouseholdMeasureSchema.nullable(),
  /** Why the caller's allergies or dislikes rule the food out ("contains milk"); null when they do not. */
  excluded_because: z.string().nullable(),
});
export type FoundFood = z.infer<typeof FoundFoodSchema>;
export const SearchFoodsResponseSchema = z.object({ foods: z.array(FoundFoodSchema) });
export type SearchFoodsResponse = z.infer<typeof SearchFoodsResponseSchema>;

const grams = (label: string) =>
  z
    .number()
    .finite()
    .min(0, `${label} cannot be negative.`)
    .max(MACRO_G_MAX, `${label} is at most ${MACRO_G_MAX} g.`);

/** A food the search does not know, or a quick add: its figures for one serving as typed. */
export const CustomFoodSchema = z.object({
  name: z.string().trim().min(1, "Give the entry a name.").max(120),
  kcal: z
    .number()
    .finite()
    .min(0, "Energy cannot be negative.")
    .max(ENTRY_KCAL_MAX, `Energy is at most ${ENTRY_KCAL_MAX.toLocaleString("en-US")} kcal.`),
  protein_g: grams("Protein").optional(),
  carbs_g: grams("Carbohydrate").optional(),
  fat_g: grams("Fat").optional(),
});
export type CustomFood = z.infer<typeof CustomFoodSchema>;

/** What was eaten and how much: a food or a custom entry, by grams or by servings (log_food, saved meals). */
export const FoodAmountSchema = z.object({
  food_id: z.string().min(1).max(120).optional(),
  custom: CustomFoodSchema.optional(),
  grams: z
    .number()
    .finite()
    .min(ENTRY_GRAMS_MIN, `At least ${ENTRY_GRAMS_MIN} g.`)
    .max(ENTRY_GRAMS_MAX, `At most ${ENTRY_GRAMS_MAX.toLocaleString("en-US")} g.`)
    .optional(),
  servings: z
    .number()
    .finite()
    .positive("Servings must be more than zero.")
    .max(ENTRY_SERVINGS_MAX, `At most ${ENTRY_SERVINGS_MAX} servings.`)
    .optional(),
});

/** Exactly one of food_id and custom, and exactly one of grams and servings. */
export function oneFoodOneAmount(input: z.infer<typeof FoodAmountSchema>, context: z.RefinementCtx): void {
  if ((input.food_id === undefined) === (input.custom === undefined))
    context.addIssue({ code: "custom", path: ["food_id"], message: "Send either food_id or custom." });
  if ((input.grams === undefined) === (input.servings === undefined))
    context.addIssue({ code: "custom", path: ["grams"], message: "Send either grams or servings." });
}

/**
 * `log_food`: a food of the search (`food_id`) or a custom entry (`custom`, which is how a quick add is sent),
 * by `grams` or by `servings` (of the food's household measure; of the custom entry as typed). With grams, a
 * custom entry's figures are those of the whole amount. `instead_of_item_id` records "ate something else" for a
 * plan item: the plan stays as it is.
 */
export const LogFoodRequestSchema = FoodAmountSchema.extend({
  date: LogDateSchema,
  meal: MealSlotSchema,
  instead_of_item_id: z.string().min(1).max(200).optional(),
  client_id: ClientIdSchema.optional(),
}).superRefine(oneFoodOneAmount);
export type LogFoodRequest = z.infer<typeof LogFoodRequestSchema>;

export const DIARY_ENTRY_KINDS = ["plan_item", "food", "quick_add"] as const;

export const DiaryEntrySchema = z.object({
  /** A food_log row's id; for a ticked plan item, the item's id. */
  id: z.string(),
  /** plan_item: ticked on the plan; food: a food of the search; quick_add: a custom entry. */
  kind: z.enum(DIARY_ENTRY_KINDS),
  meal: MealSlotSchema,
  name: z.string(),
  food_id: z.string().nullable(),
  grams: z.number().nullable(),
  servings: z.number().nullable(),
  energy_kcal: z.number(),
  /** null where the entry did not say (a quick add without macros). */
  protein_g: z.number().nullable(),
  carbs_g: z.number().nullable(),
  fat_g: z.number().nullable(),
  instead_of_item_id: z.string().nullable(),
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;
export const LogFoodResponseSchema = z.object({ entry: DiaryEntrySchema });

/** `delete_food_log`: 404 when the caller has no such entry on that day. Ticked plan items are unticked on the plan. */
export const DeleteFoodLogRequestSchema = z.object({ date: LogDateSchema, entry_id: z.uuid() });
export const DeleteFoodLogResponseSchema = z.object({ deleted: z.literal(true) });

/** `get_diary`: the day's entries per meal with totals against the target. */
export const GetDiaryRequestSchema = z.object({ date: LogDateSchema });
export type GetDiaryRequest = z.infer<typeof GetDiaryRequestSchema>;

export const DiaryTotalsSchema = z.object({
  energy_kcal: z.number(),
  protein_g: z.number(),
  carbs_g: z.number(),
  fat_g: z.number(),
});
export type DiaryTotals = z.infer<typeof DiaryTotalsSchema>;

export const DiaryResponseSchema = z.object({
  date: z.string(),
  meals: z.array(
    z.object({ meal: MealSlotSchema, entries: z.array(DiaryEntrySchema), totals: DiaryTotalsSchema }),
  ),
  totals: DiaryTotalsSchema,
  /** The day's energy target (the plans' target); null without a complete profile. */
  target_kcal: z.number().nullable(),
  /** Marked complete by the user. */
  complete: z.boolean(),
  /** Whether the adaptive target counts this day: complete, or intake at least the stated share of the target. */
  counted: z.boolean(),
});
export type DiaryResponse = z.infer<typeof DiaryResponseSchema>;

/** `set_diary_day_complete`: marks a day complete (or not) for the adaptive target. */
export const SetDiaryDayCompleteRequestSchema = z.object({ date: LogDateSchema, complete: z.boolean() });
export const SetDiaryDayCompleteResponseSchema = z.object({ date: z.string(), complete: z.boolean() });

/**
 * `copy_diary_meal`: copies one meal's entries of a day (ticked plan items and logged foods) into another day's
 * same meal as logged foods ("copy yesterday's breakfast"). Applied once per `client_id`.
 */
export const CopyDiaryMealRequestSchema = z.object({
  from_date: LogDateSchema,
  to_date: LogDateSchema,
  meal: MealSlotSchema,
  client_id: ClientIdSchema.optional(),
});
export type CopyDiaryMealRequest = z.infer<typeof CopyDiaryMealRequestSchema>;
export const CopyDiaryMealResponseSchema = z.object({ copied: z.array(DiaryEntrySchema) });

/** GS1's check digit: from the right, digits weighted 3, 1, 3…; the sum with the check digit is a multiple of 10. */
export function hasValidCheckDigit(code: string): boolean {
  const digits = [...code].map(Number).reverse();
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 1 ? 3 : 1), 0);
  return sum % 10 === 0;
}

/** `lookup_barcode`: an EAN-8, UPC-A, EAN-13 or GTIN-14 code as printed under the bars. */
export const LookupBarcodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{12,14})$/, "Type the 8, 12, 13 or 14 digits under the bars.")
    .refine(hasValidCheckDigit, "This code's last digit does not match: check the digits."),
});
export type LookupBarcodeRequest = z.infer<typeof LookupBarcodeRequestSchema>;

/** Shown wherever a product from Open Food Facts is: its data is under the Open Database License. */
export const OPEN_FOOD_FACTS_ATTRIBUTION =
  "Product data from Open Food Facts (openfoodfacts.org), available under the Open Database License (ODbL).";

/**
 * found: the product with per-100 g figures that passed the checks; refused: found, but its figures failed a
 * check (`reason` says which); not_found: Open Food Facts does not know the code.
 */
export const LookupBarcodeResponseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("found"), food: FoundFoodSchema, attribution: z.string() }),
  z.object({
    status: z.literal("refused"),
    name: z.string().nullable(),
    reason: z.string(),
    attribution: z.string(),
  }),
  z.object({ status: z.literal("not_found") }),
]);
export type LookupBarcodeResponse = z.infer<typeof LookupBarcodeResponseSchema>;

export const DIARY_ERROR_CODES = {
  notFound: "not_found",
  unknownFood: "unknown_food",
  lookupUnavailable: "lookup_unavailable",
  lookupBusy: "lookup_busy",
  limitReached: "limit_reached",
} as const;
