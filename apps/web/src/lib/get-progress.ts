import { useQuery } from "@tanstack/react-query";
import { ProgressResponseSchema } from "@fitwise/contracts/progress";
import type { ProgressResponse } from "@fitwise/contracts/progress";
import { callFunction } from "./call-function";
import { readCache, writeCache } from "./local-cache";
import { localIsoDate } from "./local-date";
import { queryKeys } from "./query-keys";

/** `get_progress` for the user's own today; the answer is kept for offline reading (docs/decisions/047). */
export async function fetchProgress(): Promise<ProgressResponse> {
  const progress = await callFunction("get_progress", { today: localIsoDate() });
  cacheProgress(progress);
  return progress;
}

export function cacheProgress(progress: ProgressResponse): void {
  writeCache("progress", progress);
}

/** The kept answer, if any; kept on an earlier day, nothing is eaten yet today. */
export function readCachedProgress(): ProgressResponse | undefined {
  const parsed = ProgressResponseSchema.safeParse(readCache("progress"));
  if (!parsed.success) return undefined;
  const today = localIsoDate();
  return parsed.data.today === today ? parsed.data : { ...parsed.data, today, eaten_today: [] };
}

export function useProgress() {
  return useQuery({
    queryKey: queryKeys.progress(),
    queryFn: fetchProgress,
    placeholderData: readCachedProgress,
  });
}
