import { UserSchema } from "../../../lib/auth-schemas";
import * as z from "zod/mini";
import { AuthError, exchangeCodeForSession, setSession } from "../../../lib/auth-session";
import type { PkceFlow } from "../../../lib/pkce";

export type RedirectOutcome = { ok: true; type: string | null } | { ok: false; message: string };

/** The auth library texts of docs/product.md §9 for a callback that carries no usable session. */
export const NO_SESSION_IN_URL = "No session defined in URL";
export const TOKEN_VERIFICATION_FAILED = "An error occurred on token verification.";
export const NOT_A_PKCE_FLOW_URL = "Not a valid PKCE flow url.";
export const NO_CODE_DETECTED = "No code detected.";

/**
 * Finishes a PKCE redirect (`?code=` after Google sign-in started with a challenge): exchanges the
 * code with the verifier this tab stored and keeps the session. Without a stored flow the URL is not
 * one this tab started, whatever it carries.
 */
export async function completeCodeRedirect(
  authCode: string,
  flow: PkceFlow | null,
): Promise<RedirectOutcome> {
  if (!flow) return { ok: false, message: NOT_A_PKCE_FLOW_URL };
  if (!authCode) return { ok: false, message: NO_CODE_DETECTED };
  try {
    await exchangeCodeForSession(authCode, flow.verifier);
    return { ok: true, type: null };
  } catch (error) {
    return { ok: false, message: error instanceof AuthError ? error.message : TOKEN_VERIFICATION_FAILED };
  }
}

/**
 * Reads the session (or the error) the server put in the URL fragment after Google sign-in or an
 * e-mail link (GoTrue's implicit redirect), checks the token with GET /auth/v1/user, and stores it.
 */
export async function completeRedirect(fragment: URLSearchParams): Promise<RedirectOutcome> {
  if (fragment.has("error") || fragment.has("error_code")) {
    return { ok: false, message: fragment.get("error_description") || TOKEN_VERIFICATION_FAILED };
  }
  const accessToken = fragment.get("access_token");
  const refreshToken = fragment.get("refresh_token");
  const expiresIn = Number(fragment.get("expires_in"));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresIn))
    return { ok: false, message: NO_SESSION_IN_URL };
  let response: Response;
  try {
    response = await fetch("/auth/v1/user", {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    });
  } catch {
    return { ok: false, message: TOKEN_VERIFICATION_FAILED };
  }
  const user = z.safeParse(UserSchema, await response.json().catch(() => null));
  if (!response.ok || !user.success) return { ok: false, message: TOKEN_VERIFICATION_FAILED };
  const expiresAt = Number(fragment.get("expires_at")) || Math.floor(Date.now() / 1000) + expiresIn;
  setSession({
    access_token: accessToken,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: user.data,
  });
  return { ok: true, type: fragment.get("type") };
}
