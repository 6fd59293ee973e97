import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors";
import { parsePkceChallenge, verifierMatches, withAuthCode } from "./auth.pkce";

// RFC 7636 Appendix B: the worked example's verifier and its S256 challenge.
const RFC_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const RFC_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

function refusal(input: { code_challenge?: string; code_challenge_method?: string }): string {
  try {
    parsePkceChallenge(input);
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.code}: ${error.message}`;
  }
  return "accepted";
}

describe("PKCE challenges and verifiers (RFC 7636)", () => {
  it("reads no challenge as the implicit flow and accepts either method in any case", () => {
    expect(parsePkceChallenge({})).toBeUndefined();
    expect(parsePkceChallenge({ code_challenge: RFC_CHALLENGE, code_challenge_method: "S256" })).toEqual({
      codeChallenge: RFC_CHALLENGE,
      method: "s256",
    });
    expect(parsePkceChallenge({ code_challenge: RFC_VERIFIER, code_challenge_method: "Plain" })).toEqual({
      codeChallenge: RFC_VERIFIER,
      method: "plain",
    });
  });

  it("refuses half a challenge, another method and a challenge of the wrong size or alphabet", () => {
    expect(refusal({ code_challenge: RFC_CHALLENGE })).toMatch(/^400 validation_failed: PKCE flow requires/);
    expect(refusal({ code_challenge_method: "s256" })).toMatch(/^400 validation_failed: PKCE flow requires/);
    expect(refusal({ code_challenge: RFC_CHALLENGE, code_challenge_method: "md5" })).toMatch(
      /method not supported/,
    );
    for (const challenge of ["x".repeat(42), "x".repeat(129), `${"x".repeat(42)}/`]) {
      expect(refusal({ code_challenge: challenge, code_challenge_method: "plain" })).toMatch(
        /between 43 and 128 characters/,
      );
    }
    expect(refusal({ code_challenge: "x".repeat(128), code_challenge_method: "plain" })).toBe("accepted");
  });

  it("matches the RFC's verifier to its challenge, and nothing else", () => {
    expect(verifierMatches({ codeChallenge: RFC_CHALLENGE, method: "s256" }, RFC_VERIFIER)).toBe(true);
    expect(verifierMatches({ codeChallenge: RFC_CHALLENGE, method: "s256" }, `${RFC_VERIFIER}x`)).toBe(false);
    // S256 is not plain: the challenge itself is no verifier.
    expect(verifierMatches({ codeChallenge: RFC_CHALLENGE, method: "s256" }, RFC_CHALLENGE)).toBe(false);
    expect(verifierMatches({ codeChallenge: RFC_VERIFIER, method: "plain" }, RFC_VERIFIER)).toBe(true);
    expect(verifierMatches({ codeChallenge: RFC_VERIFIER, method: "plain" }, "")).toBe(false);
  });

  it("puts the auth code in the query of the target, keeping its own query and dropping a fragment", () => {
    const url = new URL(withAuthCode("http://localhost:3000/auth/callback?next=%2Fdiet#stale", "the-code"));
    expect(url.pathname).toBe("/auth/callback");
    expect(url.searchParams.get("next")).toBe("/diet");
    expect(url.searchParams.get("code")).toBe("the-code");
    expect(url.hash).toBe("");
  });
});
