import { useQuery } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `list_meal_groups`: the person's saved meals with their totals (docs/decisions/068). */
export function listMealGroups() {
  return callFunction("list_meal_groups", {});
}

export function useMealGroups() {
  return useQuery({ queryKey: queryKeys.mealGroups(), queryFn: listMealGroups });
}
