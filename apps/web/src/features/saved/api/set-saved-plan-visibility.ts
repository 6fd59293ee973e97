import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SetSavedPlanVisibilityRequestSchema } from "@fitwise/contracts/saved";
import type { SavedTable } from "@fitwise/contracts/saved";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";
import type { SavedDiet, SavedWorkout } from "./get-saved-list";

export interface SavedPlanVisibilityInput {
  table: SavedTable;
  id: string;
  public: boolean;
  /** Diets only: whether the public page shows age, gender, weight, height and TDEE (docs/decisions/044). */
  showBodyData?: boolean;
}

/**
 * `set_saved_plan_visibility` (bearer, owner only): private plans answer "not found" to anyone with the link;
 * a diet's body figures show on its public page only when its owner opted in.
 */
export async function setSavedPlanVisibility(input: SavedPlanVisibilityInput) {
  const ref =
    input.table === "saved_diets"
      ? { table: input.table, diet_id: input.id }
      : { table: input.table, workout_id: input.id };
  const payload = SetSavedPlanVisibilityRequestSchema.parse({
    ...ref,
    public: input.public,
    ...(input.showBodyData === undefined ? {} : { show_body_data: input.showBodyData }),
  });
  return callFunction("set_saved_plan_visibility", payload);
}

export function useSetSavedPlanVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSavedPlanVisibility,
    onSuccess: (answer, { table, id }) => {
      // The card shows the server's answer at once; the list is read again for anything else that moved.
      queryClient.setQueryData<Array<SavedDiet | SavedWorkout>>(queryKeys.savedList(table), (list) =>
        list?.map((record) =>
          ("diet_id" in record ? record.diet_id : record.workout_id) === id
            ? { ...record, ...answer }
            : record,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedList(table) });
      void queryClient.invalidateQueries({
        queryKey: table === "saved_diets" ? queryKeys.publicDiet(id) : queryKeys.publicWorkout(id),
      });
    },
  });
}
