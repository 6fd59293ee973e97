import { useQuery } from "@tanstack/react-query";
import { ProgressResponseSchema } from "@fitwise/contracts/progress";
import type { ProgressResponse } from "@fitwise/contracts/progress";
import { callFunction } from "./api-client";
import { localIsoDate } from "./local-date";

/** Shared by /progress (weigh-ins, trend, target) and /diet (the items ticked as eaten today). */
export const PROGRESS_QUERY_KEY = ["get_progress"] as const;

/** `get_progress` for the user's own today. */
export function fetchProgress(): Promise<ProgressResponse> {
  return callFunction("get_progress", { today: localIsoDate() }, ProgressResponseSchema);
}

export function useProgress() {
  return useQuery({ queryKey: PROGRESS_QUERY_KEY, queryFn: fetchProgress });
}
