import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DeleteWeightRequestSchema } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `delete_weight`: removes the weigh-in of one day. */
export function deleteWeight(date: string): Promise<{ deleted: true }> {
  return callFunction("delete_weight", DeleteWeightRequestSchema.parse({ date }));
}

export function useDeleteWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWeight,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.progress() }),
  });
}
