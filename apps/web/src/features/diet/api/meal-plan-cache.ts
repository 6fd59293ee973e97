import { z } from "zod";
import { fromWireMealItem, toWireMealItem } from "@fitwise/contracts/plan-items.mapper";
import { DAY_COLUMNS, MealItemWireSchema } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { readCache, writeCache } from "../../../lib/local-cache";

/** docs/product.md §3 "/diet": tabs Plan 1, 2, 3 are days 1–3 (server columns diet_one … diet_three). */
export const PLAN_DAYS = [1, 2, 3] as const;
export type PlanDay = (typeof PLAN_DAYS)[number];

const PLAN_KEYS = { 1: "Day1", 2: "Day2", 3: "Day3" } as const;

export function dayColumn(day: PlanDay) {
  return DAY_COLUMNS[day - 1] ?? "diet_one";
}

/** The plan kept in localStorage (docs/product.md §7 Day1..Day3 and diet_one.., in the API's item shape), if it still has that shape. */
export function readCachedPlan(day: PlanDay): MealItem[] | undefined {
  const parsed = z
    .array(MealItemWireSchema)
    .safeParse(readCache(PLAN_KEYS[day]) ?? readCache(dayColumn(day)));
  return parsed.success && parsed.data.length > 0 ? parsed.data.map(fromWireMealItem) : undefined;
}

export function cachePlan(day: PlanDay, items: readonly MealItem[]): void {
  const wire = items.map(toWireMealItem);
  writeCache(PLAN_KEYS[day], wire);
  writeCache(dayColumn(day), wire);
}
