import type { FastifyInstance } from "fastify";
import type { Session } from "@fitwise/contracts/auth";
import { base32Decode, totpStep } from "./totp";
import { bearer } from "../auth/auth.fixture";
import { hotp } from "./totp.fixture";

/** A code for the time step `offset` steps from now (offset 1 is still inside the ±1 window). */
export function codeFor(secretBase32: string, offset = 0): string {
  return hotp(base32Decode(secretBase32), totpStep(Date.now()) + offset);
}

/**
 * Enrols a TOTP factor and verifies it: the user then has MFA, and the returned session is aal2.
 * `usedCode` is the code spent on it, for replay tests (recomputing it could land in the next 30 s step).
 */
export async function enrolTotp(app: FastifyInstance, accessToken: string) {
  const enrol = await app.inject({
    method: "POST",
    url: "/auth/v1/factors",
    headers: bearer(accessToken),
    payload: { factor_type: "totp", friendly_name: "Phone" },
  });
  if (enrol.statusCode !== 200) throw new Error(`enrol failed: ${enrol.body}`);
  const factor = enrol.json<{ id: string; totp: { secret: string; qr_code: string; uri: string } }>();
  const usedCode = codeFor(factor.totp.secret);
  const session = await verifyTotp(app, accessToken, factor.id, usedCode);
  return { factor, session, usedCode };
}

export async function challengeOf(app: FastifyInstance, accessToken: string, factorId: string) {
  const response = await app.inject({
    method: "POST",
    url: `/auth/v1/factors/${factorId}/challenge`,
    headers: bearer(accessToken),
  });
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.body}`);
  return response.json<{ id: string; type: string; expires_at: number }>();
}

export async function verifyTotp(app: FastifyInstance, accessToken: string, factorId: string, code: string) {
  const challenge = await challengeOf(app, accessToken, factorId);
  const response = await app.inject({
    method: "POST",
    url: `/auth/v1/factors/${factorId}/verify`,
    headers: bearer(accessToken),
    payload: { challenge_id: challenge.id, code },
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  return response.json<Session>();
}
