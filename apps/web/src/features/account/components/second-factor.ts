import type { AuthSession } from "../../../lib/auth-session";

interface FactorLike {
  id: string;
  factor_type: string;
  status: string;
}

function isFactor(value: unknown): value is FactorLike {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === "string" &&
    typeof record.factor_type === "string" &&
    typeof record.status === "string"
  );
}

/** The user's verified TOTP factor, if any (GoTrue lists factors in the user object). */
export function verifiedTotpFactor(session: AuthSession): FactorLike | undefined {
  return session.user.factors
    .filter(isFactor)
    .find((factor) => factor.factor_type === "totp" && factor.status === "verified");
}

/** The `aal` claim of the access token; the server checks it, this only decides what to show. */
export function assuranceLevel(accessToken: string): string | null {
  const payload = accessToken.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === "string" ? claims.aal : null;
  } catch {
    return null;
  }
}

/** Signed in with the password (or Google) alone while a second factor is enrolled. */
export function needsSecondFactor(session: AuthSession): boolean {
  return verifiedTotpFactor(session) !== undefined && assuranceLevel(session.access_token) !== "aal2";
}
