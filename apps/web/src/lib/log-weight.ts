import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogWeightRequestSchema } from "@fitwise/contracts/progress";
import type { LogWeightRequest } from "@fitwise/contracts/progress";
import { callFunction } from "./call-function";
import { queryKeys } from "./query-keys";

/** `log_weight`: one weigh-in a day; logging a day again replaces it. */
export function logWeight(input: LogWeightRequest): Promise<{ entry: { date: string; weight_kg: number } }> {
  return callFunction("log_weight", LogWeightRequestSchema.parse(input));
}

export function useLogWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWeight,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.progress() }),
  });
}
