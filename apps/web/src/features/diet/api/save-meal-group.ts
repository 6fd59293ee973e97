import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MealGroup, SaveMealGroupRequest } from "@fitwise/contracts/my-foods";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `save_meal_group`: a saved meal from foods, or from a meal of the diary ("Save this meal"). */
export async function saveMealGroup(request: SaveMealGroupRequest): Promise<MealGroup> {
  return (await callFunction("save_meal_group", request)).group;
}

export function useSaveMealGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMealGroup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.mealGroups() }),
  });
}
