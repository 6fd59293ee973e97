import { AuthError } from "../../../lib/auth-session";

/** The provider's own message (GoTrue `msg`) is what the forms show (spec §8 Auth). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return "Something went wrong. Please try again.";
}
