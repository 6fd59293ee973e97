import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `delete_food_log`: removes one logged food or quick add of a day. */
export async function deleteFoodLog(request: { date: string; entry_id: string }): Promise<void> {
  await callFunction("delete_food_log", request);
}

export function useDeleteFoodLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFoodLog,
    onSuccess: (_, request) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.date) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    },
  });
}
