import { useQuery } from "@tanstack/react-query";
import { fromWireMealItem } from "@fitwise/contracts/plan-items.mapper";
import type { ListDietReplacementsRequest } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";
import { dayColumn } from "./meal-plan-cache";
import type { PlanDay } from "./meal-plan-cache";

/** `list_diet_replacements`: up to three alternatives for one item, best first. A look: nothing is counted. */
export async function listDietReplacements(day: PlanDay, item: MealItem): Promise<MealItem[]> {
  const request: ListDietReplacementsRequest = {
    itemToReplace: { id: item.id },
    column_name: dayColumn(day),
  };
  const response = await callFunction("list_diet_replacements", request);
  return response.alternatives.map(fromWireMealItem);
}

/** The alternatives for the item Replace was pressed on; idle while no item is chosen. */
export function useDietReplacements(day: PlanDay, item: MealItem | null) {
  return useQuery({
    queryKey: queryKeys.dietReplacements(day, item?.id ?? null),
    queryFn: () => listDietReplacements(day, item as MealItem),
    enabled: item !== null,
    // The choices depend on the stored plan's revision, which a replacement moves on.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
