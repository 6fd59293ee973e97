import { z } from "zod";
import {
  DiaryEntrySchema,
  ENTRY_GRAMS_MAX,
  ENTRY_GRAMS_MIN,
  ENTRY_KCAL_MAX,
  FoodAmountSchema,
  FoundFoodSchema,
  MealSlotSchema,
  oneFoodOneAmount,
} from "./diary";
import { ClientIdSchema, LogDateSchema } from "./progress";

/**
 * My foods and saved meals (docs/decisions/068): a person's own foods, found by their food search and logged
 * like any food (`my-<id>`), and named groups of entries logged into a meal in one tap. Every row belongs to
 * its user; another user's id is answered as unknown (404), never as forbidden.
 */

/** The most own foods and saved meals one person keeps: far above a real kitchen, a bound on a runaway script. */
export const MY_FOODS_MAX = 200;
export const MEAL_GROUPS_MAX = 50;
/** The most entries of one saved meal (a full dinner plate has a dozen). */
export const MEAL_GROUP_ITEMS_MAX = 30;
export const MY_FOOD_NAME_MAX = 80;
/**
 * The most energy 100 g can hold: pure fat at 9 kcal/g is 900, and the barcode check allows 902
 * (docs/decisions/052); a larger figure was typed per serving.
 */
export const KCAL_PER_100G_MAX = 902;
const MACRO_G_MAX = 1000;

/** The prefix of an own food's id as the diary and the search carry it. */
export const MY_FOOD_ID_PREFIX = "my-";

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Give the ${what} a name.`)
    .max(MY_FOOD_NAME_MAX, `A name is at most ${MY_FOOD_NAME_MAX} characters.`);

const macro = (label: string) =>
  z
    .number()
    .finite()
    .min(0, `${label} cannot be negative.`)
    .max(MACRO_G_MAX, `${label} is at most ${MACRO_G_MAX} g.`)
    .nullable()
    .optional();

export const MyFoodIdSchema = z
  .string()
  .regex(/^my-[0-9a-f-]{36}$/i, "This is not the id of one of your foods.");

/**
 * `save_my_food`: a new own food, or (with `id`) a change to one. `basis` says what the figures are for: 100 g, or
 * one serving. `measure` is a household measure ("slice", 30 g); a per-serving food without one is logged by
 * servings only.
 */
export const SaveMyFoodRequestSchema = z
  .object({
    id: MyFoodIdSchema.optional(),
    name: name("food"),
    basis: z.enum(["100g", "serving"]),
    kcal: z
      .number()
      .finite()
      .min(0, "Energy cannot be negative.")
      .max(ENTRY_KCAL_MAX, `Energy is at most ${ENTRY_KCAL_MAX.toLocaleString("en-US")} kcal.`),
    protein_g: macro("Protein"),
    carbs_g: macro("Carbohydrate"),
    fat_g: macro("Fat"),
    measure: z
      .object({
        unit: z.string().trim().min(1, "Name the measure, e.g. slice.").max(40),
        grams: z
          .number()
          .finite()
          .min(ENTRY_GRAMS_MIN, `At least ${ENTRY_GRAMS_MIN} g.`)
          .max(ENTRY_GRAMS_MAX, `At most ${ENTRY_GRAMS_MAX.toLocaleString("en-US")} g.`),
      })
      .nullable()
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.basis !== "100g") return;
    if (input.kcal > KCAL_PER_100G_MAX)
      context.addIssue({
        code: "custom",
        path: ["kcal"],
        message: `100 g holds at most ${KCAL_PER_100G_MAX} kcal: were these figures for one serving?`,
      });
    const macros = (input.protein_g ?? 0) + (input.carbs_g ?? 0) + (input.fat_g ?? 0);
    if (macros > 101)
      context.addIssue({
        code: "custom",
        path: ["protein_g"],
        message: "Protein, carbohydrate and fat add up to more than 100 g per 100 g.",
      });
  });
export type SaveMyFoodRequest = z.infer<typeof SaveMyFoodRequestSchema>;

export const MyFoodSchema = z.object({
  /** `my-<uuid>`: the id the search, log_food and saved meals use. */
  id: z.string(),
  name: z.string(),
  basis: z.enum(["100g", "serving"]),
  energy_kcal: z.number(),
  protein_g: z.number().nullable(),
  carbs_g: z.number().nullable(),
  fat_g: z.number().nullable(),
  measure: z.object({ unit: z.string(), grams: z.number() }).nullable(),
  /** The food as the search shows it, so a list can log it the same way. */
  found: FoundFoodSchema,
});
export type MyFood = z.infer<typeof MyFoodSchema>;
export const SaveMyFoodResponseSchema = z.object({ food: MyFoodSchema });

export const DeleteMyFoodRequestSchema = z.object({ id: MyFoodIdSchema });
export const DeletedResponseSchema = z.object({ deleted: z.literal(true) });

export const ListMyFoodsRequestSchema = z.object({}).optional();
export const ListMyFoodsResponseSchema = z.object({ foods: z.array(MyFoodSchema), limit: z.number() });
export type ListMyFoodsResponse = z.infer<typeof ListMyFoodsResponseSchema>;

/** One entry of a saved meal as sent: a food by grams or servings, or a custom entry (as log_food takes them). */
export const MealGroupItemRequestSchema = FoodAmountSchema.superRefine(oneFoodOneAmount);

/**
 * `save_meal_group`: a named saved meal, from `items`, or from a meal of the diary (`from`: "save this meal").
 * With `id`, replaces that saved meal.
 */
export const SaveMealGroupRequestSchema = z
  .object({
    id: z.uuid().optional(),
    name: name("meal"),
    items: z
      .array(MealGroupItemRequestSchema)
      .min(1, "A saved meal holds at least one food.")
      .max(MEAL_GROUP_ITEMS_MAX, `A saved meal holds at most ${MEAL_GROUP_ITEMS_MAX} foods.`)
      .optional(),
    from: z.object({ date: LogDateSchema, meal: MealSlotSchema }).optional(),
  })
  .superRefine((input, context) => {
    if ((input.items === undefined) === (input.from === undefined))
      context.addIssue({ code: "custom", path: ["items"], message: "Send either items or from." });
  });
export type SaveMealGroupRequest = z.infer<typeof SaveMealGroupRequestSchema>;

/** One stored entry of a saved meal: its figures as they were when saved. */
export const MealGroupItemSchema = z.object({
  food_id: z.string().nullable(),
  name: z.string(),
  grams: z.number().nullable(),
  servings: z.number().nullable(),
  energy_kcal: z.number(),
  protein_g: z.number().nullable(),
  carbs_g: z.number().nullable(),
  fat_g: z.number().nullable(),
});
export type MealGroupItem = z.infer<typeof MealGroupItemSchema>;
export const MealGroupItemListSchema = z.array(MealGroupItemSchema);

export const MealGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  items: MealGroupItemListSchema,
  energy_kcal: z.number(),
  protein_g: z.number(),
});
export type MealGroup = z.infer<typeof MealGroupSchema>;
export const SaveMealGroupResponseSchema = z.object({ group: MealGroupSchema });

export const DeleteMealGroupRequestSchema = z.object({ id: z.uuid() });
export const ListMealGroupsRequestSchema = z.object({}).optional();
export const ListMealGroupsResponseSchema = z.object({ groups: z.array(MealGroupSchema), limit: z.number() });

/** `log_meal_group`: every entry of a saved meal into a meal of a day, once per `client_id`. */
export const LogMealGroupRequestSchema = z.object({
  date: LogDateSchema,
  meal: MealSlotSchema,
  group_id: z.uuid(),
  client_id: ClientIdSchema.optional(),
});
export type LogMealGroupRequest = z.infer<typeof LogMealGroupRequestSchema>;
export const LogMealGroupResponseSchema = z.object({ logged: z.array(DiaryEntrySchema) });

/** `get_diary_week`: the seven days ending on `end_date`, each day's intake against its target. */
export const GetDiaryWeekRequestSchema = z.object({ end_date: LogDateSchema });
export const DiaryWeekDaySchema = z.object({
  date: z.string(),
  energy_kcal: z.number(),
  protein_g: z.number(),
  /** null without a complete profile. */
  target_kcal: z.number().nullable(),
  complete: z.boolean(),
  /** Whether the adaptive target counts the day (docs/decisions/052). */
  counted: z.boolean(),
});
export type DiaryWeekDay = z.infer<typeof DiaryWeekDaySchema>;
export const DiaryWeekResponseSchema = z.object({ days: z.array(DiaryWeekDaySchema) });
export type DiaryWeekResponse = z.infer<typeof DiaryWeekResponseSchema>;
