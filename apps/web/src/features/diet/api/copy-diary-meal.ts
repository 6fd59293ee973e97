import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CopyDiaryMealRequest, DiaryEntry } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `copy_diary_meal`: one meal of a day copied into today's same meal; applied once per attempt's client_id. */
export async function copyDiaryMeal(request: Omit<CopyDiaryMealRequest, "client_id">): Promise<DiaryEntry[]> {
  return (await callFunction("copy_diary_meal", { ...request, client_id: crypto.randomUUID() })).copied;
}

export function useCopyDiaryMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyDiaryMeal,
    onSuccess: (_, request) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.to_date) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    },
  });
}
