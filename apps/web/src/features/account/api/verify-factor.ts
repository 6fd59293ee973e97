import { SessionSchema } from "../../../lib/auth-schemas";
import { apiFetch } from "../../../lib/api-client";
import { setSession, type AuthSession } from "../../../lib/auth-session";
import { challengeFactor } from "./challenge-factor";

/**
 * Challenges the factor and answers with the code (POST /factors/{id}/challenge then /verify).
 * The server replaces the session with an aal2 one, which becomes the stored session.
 */
export async function verifyTotpCode(factorId: string, code: string): Promise<AuthSession> {
  const challenge = await challengeFactor(factorId);
  const session = await apiFetch(`/auth/v1/factors/${encodeURIComponent(factorId)}/verify`, {
    method: "POST",
    body: { challenge_id: challenge.id, code: code.replace(/\s+/g, "") },
    schema: SessionSchema,
  });
  setSession(session);
  return session;
}
