import { describe, expect, it } from "vitest";
import { makeSession } from "../../../lib/test-support";
import { assuranceLevel, needsSecondFactor, verifiedTotpFactor } from "./second-factor";

/** An unsigned JWT-shaped token with these claims (the browser never checks signatures; the server does). */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part(claims)}.signature`;
}

const FACTOR = {
  id: "0d9c1b6e-6c4f-4a55-9c49-2f1f4d3c2b1a",
  factor_type: "totp",
  status: "verified",
  friendly_name: "",
  created_at: "2026-11-22T00:00:00.000Z",
  updated_at: "2026-11-22T00:00:00.000Z",
};

function sessionWith(aal: string, factors: unknown[]) {
  const session = makeSession(Date.now(), 3600, { access: tokenWith({ aal, sub: "x" }), refresh: "r" });
  return { ...session, user: { ...session.user, factors } };
}

describe("second factor at sign-in", () => {
  it("reads the aal claim, also from base64url payloads without padding", () => {
    expect(assuranceLevel(tokenWith({ aal: "aal2", name: "ü?>" }))).toBe("aal2");
    expect(assuranceLevel("not-a-jwt")).toBeNull();
    expect(assuranceLevel("a.%%%.c")).toBeNull();
  });

  it("asks for a code only when a verified TOTP factor exists and the session is aal1", () => {
    expect(needsSecondFactor(sessionWith("aal1", [FACTOR]))).toBe(true);
    expect(needsSecondFactor(sessionWith("aal2", [FACTOR]))).toBe(false);
    expect(needsSecondFactor(sessionWith("aal1", []))).toBe(false);
    expect(needsSecondFactor(sessionWith("aal1", [{ ...FACTOR, status: "unverified" }]))).toBe(false);
    expect(verifiedTotpFactor(sessionWith("aal1", ["junk", FACTOR]))?.id).toBe(FACTOR.id);
  });
});
