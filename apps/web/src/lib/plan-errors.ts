import { ApiError } from "./api-client";

/** The server's error code (e.g. PLAN_ERROR_CODES.proRequired), or null for a fault without one. */
export function apiErrorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * Why a plan could not be loaded. The engine's and the server's refusals (4xx) name their cause;
 * anything else is a connection or server fault, told with `fallback`.
 */
export function planLoadErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
