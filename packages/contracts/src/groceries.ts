import { z } from "zod";
import { AISLES } from "@fitwise/engine/nutrition/groceries";
import { ClientIdSchema } from "./progress";

/**
 * The shopping list (docs/product.md §3.15): `get_grocery_list` sums the chosen stored day plans into what a
 * person buys; `set_grocery_tick` ticks or unticks one line, kept per user on the server.
 */

/** Days of the coming week the list covers. */
export const GROCERY_DAYS_MAX = 7;
/** docs/product.md §3.6: three plan tabs. */
export const GROCERY_PLANS_MAX = 3;

export const GroceryDaySchema = z.object({
  day: z.number().int().min(1, "Days are 1–7.").max(GROCERY_DAYS_MAX, "Days are 1–7."),
  plan: z.number().int().min(1, "Plans are 1–3.").max(GROCERY_PLANS_MAX, "Plans are 1–3."),
});
export type GroceryDay = z.infer<typeof GroceryDaySchema>;

export const GetGroceryListRequestSchema = z.object({
  days: z
    .array(GroceryDaySchema)
    .min(1, "Choose at least one day.")
    .max(GROCERY_DAYS_MAX, "Choose at most seven days.")
    .refine(
      (days) => new Set(days.map(({ day }) => day)).size === days.length,
      "Each day may be chosen once.",
    ),
});
export type GetGroceryListRequest = z.infer<typeof GetGroceryListRequestSchema>;

export const GroceryLineSchema = z.object({
  name: z.string(),
  grams: z.number(),
  measure: z.string().optional(),
  count: z.number().int().optional(),
  dishes: z.array(z.string()),
});
export type GroceryLineWire = z.infer<typeof GroceryLineSchema>;

export const GroceryAisleSchema = z.object({ name: z.enum(AISLES), items: z.array(GroceryLineSchema) });

export const GetGroceryListResponseSchema = z.object({
  aisles: z.array(GroceryAisleSchema),
  /** Lines the caller has ticked, by name; a tick on a line no longer listed is kept but not shown. */
  ticked: z.array(z.string()),
});
export type GroceryListResponse = z.infer<typeof GetGroceryListResponseSchema>;

export const SetGroceryTickRequestSchema = z.object({
  name: z.string().min(1).max(200),
  ticked: z.boolean(),
  /**
   * Sent by the offline queue with every write (docs/decisions/047). A tick sets a state rather than adding a
   * row, so a replay changes nothing and the server need not remember the id.
   */
  client_id: ClientIdSchema.optional(),
});
export type SetGroceryTickRequest = z.infer<typeof SetGroceryTickRequestSchema>;
export const SetGroceryTickResponseSchema = z.object({ ticked: z.array(z.string()) });
