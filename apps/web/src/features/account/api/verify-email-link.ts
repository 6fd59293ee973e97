import type { EmailLinkType } from "@fitwise/contracts/account";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { SessionSchema } from "../../../lib/auth-schemas";
import { setSession, type AuthSession } from "../../../lib/auth-session";

/**
 * POST /auth/v1/verify {type, token_hash}: spends the e-mail link and stores the session it gives.
 * Called from the confirm page's button only, never on load, so a mail scanner's fetch spends nothing.
 */
export async function verifyEmailLink(type: EmailLinkType, tokenHash: string): Promise<AuthSession> {
  const session = await apiFetch("/auth/v1/verify", {
    method: "POST",
    auth: false,
    body: { type, token_hash: tokenHash },
    schema: SessionSchema,
  });
  setSession(session);
  return session;
}

/** The server's answer for a link that is unknown, already used or older than one hour. */
export function isSpentLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === "otp_expired";
}
