import { ApiError } from "../../../lib/api-client";

/**
 * A refused request (4xx) carries the server's own specific message; a network or server failure
 * does not say anything the user can act on, so the screen's fallback is shown instead.
 */
export function userFacingError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}
