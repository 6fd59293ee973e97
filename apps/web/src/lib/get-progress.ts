import { useQuery } from "@tanstack/react-query";
import type { ProgressResponse } from "@fitwise/contracts/progress";
import { callFunction } from "./call-function";
import { localIsoDate } from "./local-date";
import { queryKeys } from "./query-keys";

/** `get_progress` for the user's own today. */
export function fetchProgress(): Promise<ProgressResponse> {
  return callFunction("get_progress", { today: localIsoDate() });
}

export function useProgress() {
  return useQuery({ queryKey: queryKeys.progress(), queryFn: fetchProgress });
}
