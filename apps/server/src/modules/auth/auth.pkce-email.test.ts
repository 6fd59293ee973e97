import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";
import { claimsOf, pkceGrant } from "./auth.fixture";

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const newVerifier = () => randomBytes(32).toString("base64url");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** GET /auth/v1/verify for the link in the newest e-mail to `email` (the GoTrue link form). */
async function followLink(app: () => FastifyInstance, email: string, before: number, redirectTo: string) {
  const link = confirmLinkIn(await smtp.next(email, before));
  const verify = await app().inject({
    method: "GET",
    url: `/auth/v1/verify?${new URLSearchParams({
      token: link.searchParams.get("token_hash") ?? "",
      type: link.searchParams.get("type") ?? "",
      redirect_to: redirectTo,
    }).toString()}`,
  });
  expect(verify.statusCode).toBe(303);
  return new URL(verify.headers.location as string);
}

describeWithDatabases(
  "PKCE for the recovery link of a /recover with a code_challenge (docs/decisions/035)",
  (ctx) => {
    it("ends a recovery link sent with a challenge in ?code=, exchanged for a short recovery session", async () => {
      const user = await ctx.signUp();
      const verifier = newVerifier();
      const before = smtp.messages.length;
      const recover = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/recover",
        payload: { email: user.email, code_challenge: s256(verifier), code_challenge_method: "s256" },
      });
      expect(recover.statusCode).toBe(200);
      const landing = await followLink(ctx.app, user.email, before, "http://localhost:3000/reset-password");
      expect(landing.pathname).toBe("/reset-password");
      expect(landing.hash).toBe("");
      const authCode = landing.searchParams.get("code") ?? "";
      expect(authCode).not.toBe("");

      const exchanged = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: verifier });
      expect(exchanged.statusCode).toBe(200);
      const session = exchanged.json<Session>();
      expect(session.user.id).toBe(user.userId);
      const claims = claimsOf(session.access_token);
      expect(claims.amr.map((entry) => entry.method)).toEqual(["recovery"]);
      // A recovery session ends on its own, whichever way it was obtained.
      const row = await ctx
        .db()
        .selectFrom("sessions")
        .select("not_after")
        .where("id", "=", claims.session_id)
        .executeTakeFirstOrThrow();
      expect(row.not_after).not.toBeNull();
    });

    it("keeps the session in the fragment for a link sent without a challenge", async () => {
      const user = await ctx.signUp();
      const before = smtp.messages.length;
      await ctx.app().inject({ method: "POST", url: "/auth/v1/recover", payload: { email: user.email } });
      const landing = await followLink(ctx.app, user.email, before, "http://localhost:3000/reset-password");
      expect(landing.searchParams.get("code")).toBeNull();
      expect(new URLSearchParams(landing.hash.slice(1)).get("access_token")).toBeTruthy();
    });

    it("refuses a malformed challenge at /recover", async () => {
      const response = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/recover",
        payload: { email: "someone@example.com", code_challenge: "too-short", code_challenge_method: "s256" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "validation_failed" });
    });
  },
  { config: { smtpUrl: smtp.url } },
);

describeWithDatabases(
  "PKCE for the confirmation link of a /signup with a code_challenge (docs/decisions/035)",
  (ctx) => {
    it("ends a confirmation link in ?code= when /signup carried a challenge, for the verifier only", async () => {
      const email = `pkce-signup-${randomUUID()}@example.com`;
      const verifier = newVerifier();
      const before = smtp.messages.length;
      const signUp = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: {
          email,
          password: TEST_PASSWORD,
          code_challenge: s256(verifier),
          code_challenge_method: "S256",
        },
      });
      expect(signUp.statusCode).toBe(200);
      expect(signUp.json()).not.toHaveProperty("access_token");
      const landing = await followLink(ctx.app, email, before, "http://localhost:3000/signin");
      const authCode = landing.searchParams.get("code") ?? "";
      const wrong = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: newVerifier() });
      expect(wrong.json()).toMatchObject({ code: 400, error_code: "bad_code_verifier" });
      const exchanged = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: verifier });
      expect(exchanged.statusCode).toBe(200);
      const session = exchanged.json<Session>();
      expect(session.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
      expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(["email/signup"]);
    });

    it("refuses a malformed challenge at /signup", async () => {
      const response = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: {
          email: `bad-challenge-${randomUUID()}@example.com`,
          password: TEST_PASSWORD,
          code_challenge: "too-short",
          code_challenge_method: "s256",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "validation_failed" });
    });
  },
  { config: { smtpUrl: smtp.url, authConfirmEmail: true } },
);
