import { ApiError } from "../../../lib/api-client";

export const SAVED = "Changes updated successfully.";
export const SIGN_IN_TO_SAVE = "Please sign in to save changes.";

/**
 * docs/product.md §9 "Settings": a refused save (the server answered, not 200) reads "Failed to update changes";
 * a failure with no answer at all (network, exception) reads "An error occurred. Please try again.".
 */
export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return SIGN_IN_TO_SAVE;
  if (error instanceof ApiError && error.status > 0) return "Failed to update changes";
  return "An error occurred. Please try again.";
}
