import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DeleteWeightRequestSchema, DeleteWeightResponseSchema } from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/api-client";
import { PROGRESS_QUERY_KEY } from "../../../lib/get-progress";

/** `delete_weight`: removes the weigh-in of one day. */
export function deleteWeight(date: string): Promise<{ deleted: true }> {
  return callFunction("delete_weight", DeleteWeightRequestSchema.parse({ date }), DeleteWeightResponseSchema);
}

export function useDeleteWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWeight,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROGRESS_QUERY_KEY }),
  });
}
