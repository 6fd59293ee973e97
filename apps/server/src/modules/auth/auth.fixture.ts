import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function claimsOf(accessToken: string) {
  return decodeJwt(accessToken) as {
    aal: string;
    amr: Array<{ method: string }>;
    session_id: string;
    sub: string;
  };
}

/** POST /auth/v1/token?grant_type=pkce with any body, well-formed or not (`auth_code`, `code_verifier`). */
export const pkceGrant = (app: FastifyInstance, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/auth/v1/token?grant_type=pkce", payload });
