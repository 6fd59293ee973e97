import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `delete_my_food`: the entries already logged keep their figures (docs/decisions/068). */
export async function deleteMyFood(id: string): Promise<void> {
  await callFunction("delete_my_food", { id });
}

export function useDeleteMyFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyFood,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myFoods() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.foodSearches() });
    },
  });
}
