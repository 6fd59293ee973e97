import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MealItemSchema } from "@fitwise/contracts/plans";
import type { MealItem } from "@fitwise/contracts/plans";
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
}

/** `replace_diet_item`: swaps one item of the stored plan for one with similar calories and macros. */
export async function replaceDietItem(
  day: PlanDay,
  item: MealItem,
  plan: readonly MealItem[],
  /** The alternative the user picked (list_diet_replacements); without it the server takes the best. */
  replacementFoodId?: string,
): Promise<DietReplacement> {
  const response = await callFunction("replace_diet_item", {
    itemToReplace: item,
    column_name: dayColumn(day),
    current_diet: plan,
    user_food_preference: null,
    ...(replacementFoodId === undefined ? {} : { replacementFoodId }),
  });
  const newItem = parseJsonTextResponse(response.replacementItem, MealItemSchema);
  return {
    oldItem: item,
    newItem,
    freeReplacementsUsed: response.freeReplacementsUsed,
    freeReplacementsLimit: response.freeReplacementsLimit,
  };
}

export function useReplaceDietItem(day: PlanDay) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      item,
      plan,
      replacementFoodId,
    }: {
      item: MealItem;
      plan: readonly MealItem[];
      replacementFoodId?: string;
    }) => replaceDietItem(day, item, plan, replacementFoodId),
    onSuccess: ({ oldItem, newItem }) => {
      const plan = queryClient.setQueryData<MealItem[]>(queryKeys.mealPlan(day), (current) =>
        current?.map((candidate) => (candidate.id === oldItem.id ? newItem : candidate)),
      );
      if (plan) cachePlan(day, plan);
    },
  });
}
