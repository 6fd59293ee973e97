import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiaryEntry } from "@fitwise/contracts/diary";
import type { LogMealGroupRequest } from "@fitwise/contracts/my-foods";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `log_meal_group`: a saved meal into a meal of a day in one tap; applied once per attempt's client_id. */
export async function logMealGroup(request: Omit<LogMealGroupRequest, "client_id">): Promise<DiaryEntry[]> {
  return (await callFunction("log_meal_group", { ...request, client_id: crypto.randomUUID() })).logged;
}

export function useLogMealGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logMealGroup,
    onSuccess: (_, request) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.date) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.diaryWeeks() });
    },
  });
}
