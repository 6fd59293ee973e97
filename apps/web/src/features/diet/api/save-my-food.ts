import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MyFood, SaveMyFoodRequest } from "@fitwise/contracts/my-foods";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `save_my_food`: a new own food, or a change to one (docs/decisions/068). */
export async function saveMyFood(request: SaveMyFoodRequest): Promise<MyFood> {
  return (await callFunction("save_my_food", request)).food;
}

export function useSaveMyFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyFood,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myFoods() });
      // Own foods appear in the search answers.
      void queryClient.invalidateQueries({ queryKey: queryKeys.foodSearches() });
    },
  });
}
