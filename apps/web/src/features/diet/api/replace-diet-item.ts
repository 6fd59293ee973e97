import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fromWireMealItem } from "@fitwise/contracts/plan-items.mapper";
import { MealItemWireSchema, type PlanChange } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { callFunction } from "../../../lib/call-function";
import { parseJsonTextResponse } from "../../../lib/json-text-response";
import { queryKeys } from "../../../lib/query-keys";
import { cachePlan, dayColumn } from "./meal-plan-cache";
import type { PlanDay } from "./meal-plan-cache";

export interface DietReplacement {
  oldItem: MealItem;
  newItem: MealItem;
  freeReplacementsUsed: number;
  freeReplacementsLimit: number;
  /** The recorded change, for Undo (decision 069); null from a server that does not send it. */
  change: PlanChange | null;
}

/** `replace_diet_item`: swaps one item of the stored plan for one with similar calories and macros. */
export async function replaceDietItem(
  day: PlanDay,
  item: MealItem,
  /** The alternative the user picked (list_diet_replacements); without it the server takes the best. */
  replacementFoodId?: string,
): Promise<DietReplacement> {
  const response = await callFunction("replace_diet_item", {
    itemToReplace: { id: item.id },
    column_name: dayColumn(day),
    ...(replacementFoodId === undefined ? {} : { replacementFoodId }),
  });
  const newItem = fromWireMealItem(parseJsonTextResponse(response.replacementItem, MealItemWireSchema));
  return {
    oldItem: item,
    newItem,
    freeReplacementsUsed: response.freeReplacementsUsed,
    freeReplacementsLimit: response.freeReplacementsLimit,
    change: response.change ?? null,
  };
}

export function useReplaceDietItem(day: PlanDay) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, replacementFoodId }: { item: MealItem; replacementFoodId?: string }) =>
      replaceDietItem(day, item, replacementFoodId),
    onSuccess: ({ oldItem, newItem }) => {
      const plan = queryClient.setQueryData<MealItem[]>(queryKeys.mealPlan(day), (current) =>
        current?.map((candidate) => (candidate.id === oldItem.id ? newItem : candidate)),
      );
      if (plan) cachePlan(day, plan);
    },
  });
}
