import { z } from "zod";
import { toCsv } from "@fitwise/contracts/csv";

/** export_my_data's eaten plan items (migration 007) and diary entries (migration 017), as far as the CSV needs them. */
export const FoodDiaryLogsSchema = z.object({
  meal_logs: z.array(
    z.object({ date: z.string(), item_name: z.string(), grams: z.number(), energy_kcal: z.number() }),
  ),
  food_log: z.array(
    z.object({
      date: z.string(),
      meal: z.string(),
      food_id: z.string().nullable(),
      name: z.string(),
      grams: z.number().nullable(),
      servings: z.number().nullable(),
      energy_kcal: z.number(),
      protein_g: z.number().nullable(),
      carbs_g: z.number().nullable(),
      fat_g: z.number().nullable(),
      instead_of_item_id: z.string().nullable(),
    }),
  ),
});
export type FoodDiaryLogs = z.infer<typeof FoodDiaryLogsSchema>;

export const FOOD_DIARY_COLUMNS = [
  "date",
  "source",
  "meal",
  "name",
  "grams",
  "servings",
  "energy_kcal",
  "protein_g",
  "carbs_g",
  "fat_g",
] as const;

/**
 * Everything eaten, one row per entry, by day: plan items ticked as eaten ("plan"; their meal and macros are not
 * kept with the tick), foods logged from search ("food"), entries eaten instead of a plan item ("instead of plan")
 * and quick adds ("quick add"). Unknown figures are left empty rather than written as 0.
 */
export function foodDiaryToCsv(logs: FoodDiaryLogs): string {
  const blank = (value: number | null) => value ?? "";
  const rows = [
    ...logs.meal_logs.map((tick) => [
      tick.date,
      "plan",
      "",
      tick.item_name,
      tick.grams,
      "",
      tick.energy_kcal,
      "",
      "",
      "",
    ]),
    ...logs.food_log.map((entry) => [
      entry.date,
      entry.instead_of_item_id !== null ? "instead of plan" : entry.food_id !== null ? "food" : "quick add",
      entry.meal,
      entry.name,
      blank(entry.grams),
      blank(entry.servings),
      entry.energy_kcal,
      blank(entry.protein_g),
      blank(entry.carbs_g),
      blank(entry.fat_g),
    ]),
  ];
  // A stable sort by day keeps each day's plan ticks first, then the diary entries in the order they were logged.
  rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return toCsv([[...FOOD_DIARY_COLUMNS], ...rows]);
}
