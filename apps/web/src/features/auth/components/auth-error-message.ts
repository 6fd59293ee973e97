import { AuthError } from "../../../lib/auth-session";

/** The provider's own message (GoTrue `msg`) is what the forms show (docs/product.md §9 Auth). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return "Something went wrong. Please try again.";
}
