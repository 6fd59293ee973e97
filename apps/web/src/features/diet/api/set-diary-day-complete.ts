import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiaryResponse } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `set_diary_day_complete`: the person says the day's diary holds everything eaten (or no longer does). */
export async function setDiaryDayComplete(request: { date: string; complete: boolean }): Promise<void> {
  await callFunction("set_diary_day_complete", request);
}

export function useSetDiaryDayComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDiaryDayComplete,
    onSuccess: (_, request) => {
      queryClient.setQueryData<DiaryResponse>(queryKeys.diary(request.date), (diary) =>
        diary ? { ...diary, complete: request.complete } : diary,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(request.date) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    },
  });
}
