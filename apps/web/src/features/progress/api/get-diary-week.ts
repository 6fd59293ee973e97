import { useQuery } from "@tanstack/react-query";
import type { DiaryWeekResponse } from "@fitwise/contracts/my-foods";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `get_diary_week`: the seven diary days ending on a date, each day's energy and protein against its target. */
export function fetchDiaryWeek(endDate: string): Promise<DiaryWeekResponse> {
  return callFunction("get_diary_week", { end_date: endDate });
}

export function useDiaryWeek(endDate: string) {
  return useQuery({ queryKey: queryKeys.diaryWeek(endDate), queryFn: () => fetchDiaryWeek(endDate) });
}
