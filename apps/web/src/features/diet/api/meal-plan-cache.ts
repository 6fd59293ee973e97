import { z } from "zod";
import { DAY_COLUMNS, MealItemSchema } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/contracts/plans";
import { readCache, writeCache } from "../../../lib/local-cache";

/** docs/product.md §3 "/diet": tabs Plan 1, 2, 3 are days 1–3 (server columns diet_one … diet_three). */
export const PLAN_DAYS = [1, 2, 3] as const;
export type PlanDay = (typeof PLAN_DAYS)[number];

const PLAN_KEYS = { 1: "Day1", 2: "Day2", 3: "Day3" } as const;

export function dayColumn(day: PlanDay) {
  return DAY_COLUMNS[day - 1] ?? "diet_one";
}

/** The plan kept in localStorage (docs/product.md §7 Day1..Day3 and diet_one..), if it still has the item shape. */
export function readCachedPlan(day: PlanDay): MealItem[] | undefined {
  const parsed = z.array(MealItemSchema).safeParse(readCache(PLAN_KEYS[day]) ?? readCache(dayColumn(day)));
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}

export function cachePlan(day: PlanDay, items: readonly MealItem[]): void {
  writeCache(PLAN_KEYS[day], [...items]);
  writeCache(dayColumn(day), [...items]);
}
