import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DeleteSavedPlanRequestSchema } from "@fitwise/contracts/saved";
import type { SavedTable } from "@fitwise/contracts/saved";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

export interface DeleteSavedPlanInput {
  table: SavedTable;
  id: string;
}

/** `delete_saved_plan` (bearer, owner only): after it the plan's public link answers "not found". */
export function deleteSavedPlan({ table, id }: DeleteSavedPlanInput): Promise<{ deleted: true }> {
  const payload = table === "saved_diets" ? { table, diet_id: id } : { table, workout_id: id };
  return callFunction("delete_saved_plan", DeleteSavedPlanRequestSchema.parse(payload));
}

export function useDeleteSavedPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedPlan,
    // Not awaited: the refetch removes the deleted card, and a caller's mutate() callbacks must run
    // before their component unmounts (TanStack Query skips them afterwards).
    onSuccess: (_result, { table }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedList(table) });
    },
  });
}
