import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SaveDietResponseSchema } from "@fitwise/contracts/saved";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `write_user_data` { write_table: "saved_diets", diet_one }: saves the shown day (the server copies its own plan by the item ids); answers its share id. */
export function saveDiet(items: readonly MealItem[]): Promise<{ diet_id: string }> {
  return callFunction(
    "write_user_data",
    { write_table: "saved_diets", diet_one: items.map(({ id }) => ({ id })) },
    { schema: SaveDietResponseSchema },
  );
}

export function useSaveDiet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiet,
    // The saved-plans screen lists the new record next time it is opened.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.savedList("saved_diets") }),
  });
}
