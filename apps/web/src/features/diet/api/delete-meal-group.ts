import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `delete_meal_group`: one of the person's saved meals. */
export async function deleteMealGroup(id: string): Promise<void> {
  await callFunction("delete_meal_group", { id });
}

export function useDeleteMealGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMealGroup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.mealGroups() }),
  });
}
