/** docs/product.md §6.5: the user data is refreshed from the server at most once every 24 hours. */
export const PROFILE_REFRESH_INTERVAL_MS = 86_400_000;

/** Due when it never ran (no lastExecutionTimestamp stored) or ran 24 hours ago or more. */
export function isProfileRefreshDue(lastRunMs: number | null, nowMs: number): boolean {
  return lastRunMs === null || nowMs - lastRunMs >= PROFILE_REFRESH_INTERVAL_MS;
}
