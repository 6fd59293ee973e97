import { useQuery } from "@tanstack/react-query";
import type { DiaryResponse } from "@fitwise/contracts/diary";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `get_diary`: one day's ticked plan items and logged foods per meal, with totals against the target. */
export function fetchDiary(date: string): Promise<DiaryResponse> {
  return callFunction("get_diary", { date });
}

export function useDiary(date: string) {
  return useQuery({ queryKey: queryKeys.diary(date), queryFn: () => fetchDiary(date) });
}
