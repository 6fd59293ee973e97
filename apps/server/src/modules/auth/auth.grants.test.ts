import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { SignJWT, decodeProtectedHeader, generateKeyPair } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, describe, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { buildTestApp, describeWithDatabases, signUpThrough, TEST_PASSWORD } from "../../test/test-app";
import { bearer, claimsOf, pkceGrant } from "./auth.fixture";

// The local OpenID provider the Google sign-in tests use, on loopback: discovery, JWKS, tokens.
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
afterAll(() => provider.stop());

const CLIENT_ID = "fitwise-grants-client";
const ISSUER = (provider.issuer.url ?? "").replace(/\/+$/, "");
const google = { clientId: CLIENT_ID, clientSecret: "test-secret", issuer: ISSUER };

/** Claims the provider puts into the id_token of its next code exchange (the /authorize flow). */
let callbackClaims: Record<string, unknown> = {};
provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, callbackClaims);
});

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
const newVerifier = () => randomBytes(32).toString("base64url");

/** An id_token as Google Identity Services would hand it to the browser, signed by the provider's key. */
function idTokenFor(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  return provider.issuer.buildToken({
    expiresIn: expiresInSeconds,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: CLIENT_ID, email_verified: true }, claims);
    },
  });
}

function googleIdentity(label: string) {
  const email = `${label}-${randomUUID()}@example.com`;
  return { sub: `google-${email}`, email, name: "Gee Oogle" };
}

const idTokenGrant = (app: FastifyInstance, payload: Record<string, unknown>, remoteAddress?: string) =>
  app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=id_token",
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describeWithDatabases(
  "POST /token?grant_type=id_token with a Google ID token (docs/decisions/035)",
  (ctx) => {
    it("verifies the token against the provider's keys and signs in the same account as the callback", async () => {
      const who = googleIdentity("idt");
      const nonce = randomBytes(16).toString("hex");
      const response = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor({ ...who, nonce: sha256Hex(nonce) }),
        nonce,
      });
      expect(response.statusCode).toBe(200);
      const session = response.json<Session>();
      expect(session.user).toMatchObject({
        email: who.email,
        app_metadata: { provider: "google", providers: ["google"] },
        user_metadata: { email: who.email, full_name: "Gee Oogle" },
      });
      expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(["oauth"]);
      const me = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(session.access_token) });
      expect(me.statusCode).toBe(200);
      // No nonce on either side is accepted too (GoTrue: both or neither); the identity is found again.
      const again = await idTokenGrant(ctx.app(), { provider: "google", id_token: await idTokenFor(who) });
      expect(again.statusCode).toBe(200);
      expect(again.json<Session>().user.id).toBe(session.user.id);
    });

    it("links to an existing e-mail account, as the Google callback does", async () => {
      const existing = await ctx.signUp();
      const response = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor({ sub: `google-link-${existing.userId}`, email: existing.email }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Session>().user).toMatchObject({
        id: existing.userId,
        app_metadata: { providers: ["email", "google"] },
      });
      // The address was confirmed at sign-up but never proven (AUTH_CONFIRM_EMAIL off): whoever chose
      // the password loses it and their session (decision 043).
      const squatterSession = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(existing.accessToken) });
      expect(squatterSession.statusCode).toBe(401);
      const password = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email: existing.email, password: TEST_PASSWORD },
      });
      expect(password.statusCode).toBe(400);
    });

    it("refuses a token signed by another key under the provider's kid, or altered after signing", async () => {
      const who = googleIdentity("forged");
      const genuine = await idTokenFor(who);
      const { privateKey } = await generateKeyPair("RS256");
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ ...who, email_verified: true })
        .setProtectedHeader({ alg: "RS256", kid: decodeProtectedHeader(genuine).kid ?? "" })
        .setIssuer(ISSUER)
        .setAudience(CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
      const [header, , signature] = genuine.split(".");
      const altered = [
        header,
        Buffer.from(
          JSON.stringify({
            ...JSON.parse(Buffer.from(genuine.split(".")[1] ?? "", "base64url").toString()),
            email: "victim@example.com",
          }),
        ).toString("base64url"),
        signature,
      ].join(".");
      for (const token of [forged, altered]) {
        const response = await idTokenGrant(ctx.app(), { provider: "google", id_token: token });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 400, error_code: "bad_jwt", msg: "Bad ID token" });
      }
      const row = await ctx
        .db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", who.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("refuses a token for another audience", async () => {
      const response = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor({ ...googleIdentity("aud"), aud: "another-client" }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error_code: "bad_jwt",
        msg: "Unacceptable audience in id_token",
      });
    });

    it("refuses an expired token", async () => {
      // Two minutes past exp: beyond the 30 s clock tolerance.
      const response = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor(googleIdentity("expired"), -120),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "bad_jwt", msg: "Bad ID token" });
    });

    it("refuses a nonce that does not hash to the token's, and a nonce on one side only", async () => {
      const who = googleIdentity("nonce");
      const token = await idTokenFor({ ...who, nonce: sha256Hex("the nonce the client chose") });
      const mismatch = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: token,
        nonce: "another",
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ error_code: "bad_jwt", msg: "Nonces mismatch" });
      // The raw nonce itself in the token does not count: the client must have sent Google its hash.
      const raw = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor({ ...who, nonce: "plain" }),
        nonce: "plain",
      });
      expect(raw.json()).toMatchObject({ error_code: "bad_jwt", msg: "Nonces mismatch" });
      const missing = await idTokenGrant(ctx.app(), { provider: "google", id_token: token });
      expect(missing.json()).toMatchObject({
        error_code: "bad_jwt",
        msg: "Passed nonce and nonce in id_token should either both exist or not.",
      });
      const extra = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor(who),
        nonce: "unexpected",
      });
      expect(extra.statusCode).toBe(400);
    });

    it("refuses an unverified e-mail, another provider and a missing token", async () => {
      const unverified = await idTokenGrant(ctx.app(), {
        provider: "google",
        id_token: await idTokenFor({ ...googleIdentity("unverified"), email_verified: false }),
      });
      expect(unverified.statusCode).toBe(400);
      expect(unverified.json()).toMatchObject({ error_code: "provider_email_needs_verification" });
      const apple = await idTokenGrant(ctx.app(), { provider: "apple", id_token: "x.y.z" });
      expect(apple.json()).toMatchObject({ code: 400, error_code: "provider_disabled" });
      const missing = await idTokenGrant(ctx.app(), { provider: "google" });
      expect(missing.json()).toMatchObject({ code: 400, error_code: "validation_failed" });
      const garbage = await idTokenGrant(ctx.app(), { provider: "google", id_token: "not-a-jwt" });
      expect(garbage.json()).toMatchObject({ code: 400, error_code: "bad_jwt" });
    });
  },
  { config: { google } },
);

describeWithDatabases(
  "POST /token?grant_type=pkce after a Google sign-in started with a code_challenge (docs/decisions/035)",
  (ctx) => {
    /** /authorize with the client's challenge, the provider, and our callback: the redirect into the app. */
    async function signInWithPkce(challenge: string, method = "s256") {
      const start = await ctx.app().inject({
        method: "GET",
        url: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent("http://localhost:3000/auth/callback?next=%2Fdiet")}&code_challenge=${challenge}&code_challenge_method=${method}`,
      });
      expect(start.statusCode).toBe(302);
      const answer = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(answer.headers.get("location") ?? "");
      const callback = await ctx.app().inject({ method: "GET", url: `${back.pathname}${back.search}` });
      expect(callback.statusCode).toBe(303);
      return new URL(callback.headers.location as string);
    }

    it("answers the callback with ?code= and exchanges it once for a session with the verifier", async () => {
      const who = googleIdentity("pkce");
      callbackClaims = { ...who, email_verified: true };
      const verifier = newVerifier();
      const landing = await signInWithPkce(s256(verifier));
      expect(landing.pathname).toBe("/auth/callback");
      expect(landing.searchParams.get("next")).toBe("/diet");
      expect(landing.hash).toBe("");
      const authCode = landing.searchParams.get("code") ?? "";
      expect(authCode).toMatch(/^[0-9a-f-]{36}$/);

      const wrong = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: newVerifier() });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        code: 400,
        error_code: "bad_code_verifier",
        msg: "code challenge does not match previously saved code verifier",
      });

      const exchanged = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: verifier });
      expect(exchanged.statusCode).toBe(200);
      expect(exchanged.headers["cache-control"]).toBe("no-store");
      const session = exchanged.json<Session>();
      expect(session.user.email).toBe(who.email);
      expect(claimsOf(session.access_token).amr.map((entry) => entry.method)).toEqual(["oauth"]);

      const reused = await pkceGrant(ctx.app(), { auth_code: authCode, code_verifier: verifier });
      expect(reused.statusCode).toBe(404);
      expect(reused.json()).toMatchObject({ error_code: "flow_state_not_found" });
    });

    it("gives one session to two exchanges of the same code sent at once", async () => {
      callbackClaims = { ...googleIdentity("race"), email_verified: true };
      const verifier = newVerifier();
      const code = (await signInWithPkce(s256(verifier))).searchParams.get("code");
      const answers = await Promise.all([
        pkceGrant(ctx.app(), { auth_code: code, code_verifier: verifier }),
        pkceGrant(ctx.app(), { auth_code: code, code_verifier: verifier }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    });

    it("accepts the plain method", async () => {
      callbackClaims = { ...googleIdentity("plain"), email_verified: true };
      const verifier = newVerifier();
      const code = (await signInWithPkce(verifier, "plain")).searchParams.get("code");
      const exchanged = await pkceGrant(ctx.app(), { auth_code: code, code_verifier: verifier });
      expect(exchanged.statusCode).toBe(200);
    });

    it("refuses a code past its five minutes", async () => {
      callbackClaims = { ...googleIdentity("late"), email_verified: true };
      const verifier = newVerifier();
      const code = (await signInWithPkce(s256(verifier))).searchParams.get("code") ?? "";
      await ctx
        .db()
        .updateTable("flow_states")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("auth_code_hash", "=", sha256Hex(code))
        .execute();
      const late = await pkceGrant(ctx.app(), { auth_code: code, code_verifier: verifier });
      expect(late.statusCode).toBe(422);
      expect(late.json()).toMatchObject({ error_code: "flow_state_expired" });
      const after = await pkceGrant(ctx.app(), { auth_code: code, code_verifier: verifier });
      expect(after.json()).toMatchObject({ error_code: "flow_state_not_found" });
    });

    it("refuses a missing code or verifier, an unknown code and a malformed challenge", async () => {
      const missing = await pkceGrant(ctx.app(), { auth_code: randomUUID() });
      expect(missing.json()).toMatchObject({ code: 400, error_code: "validation_failed" });
      const unknown = await pkceGrant(ctx.app(), { auth_code: randomUUID(), code_verifier: newVerifier() });
      expect(unknown.statusCode).toBe(404);
      for (const query of [
        "code_challenge=short&code_challenge_method=s256",
        "code_challenge_method=s256",
        `code_challenge=${s256(newVerifier())}&code_challenge_method=md5`,
      ]) {
        const start = await ctx
          .app()
          .inject({ method: "GET", url: `/auth/v1/authorize?provider=google&${query}` });
        expect(start.statusCode).toBe(400);
        expect(start.json()).toMatchObject({ error_code: "validation_failed" });
      }
    });

    it("keeps the implicit flow (session in the fragment) without a code_challenge", async () => {
      callbackClaims = { ...googleIdentity("implicit"), email_verified: true };
      const start = await ctx.app().inject({ method: "GET", url: "/auth/v1/authorize?provider=google" });
      const answer = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(answer.headers.get("location") ?? "");
      const callback = await ctx.app().inject({ method: "GET", url: `${back.pathname}${back.search}` });
      const landing = new URL(callback.headers.location as string);
      expect(landing.searchParams.get("code")).toBeNull();
      expect(new URLSearchParams(landing.hash.slice(1)).get("access_token")).toBeTruthy();
    });
  },
  { config: { google } },
);

describe("the provider's discovery document and keys are fetched once", () => {
  it("keeps verifying ID tokens after the provider went away", async () => {
    const own = new OAuth2Server();
    await own.issuer.keys.generate("RS256");
    await own.start(0, "127.0.0.1");
    const app = await buildTestApp({
      google: { ...google, issuer: (own.issuer.url ?? "").replace(/\/+$/, "") },
    });
    const tokenFor = () =>
      own.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, {
            aud: CLIENT_ID,
            sub: "cached-keys",
            email: "cached@example.com",
            email_verified: true,
          });
        },
      });
    try {
      const first = await idTokenGrant(app, { provider: "google", id_token: await tokenFor() });
      expect(first.statusCode).toBe(200);
      const later = await tokenFor();
      await own.stop();
      // No network from here on: the grant must use the JWKS it already holds.
      const second = await idTokenGrant(app, { provider: "google", id_token: later });
      expect(second.statusCode).toBe(200);
      expect(second.json<Session>().user.id).toBe(first.json<Session>().user.id);
    } finally {
      await app.close();
      if (own.listening) await own.stop();
    }
  });
});

describe("pkce and id_token grants count in the sign-in bucket, not the refresh bucket", () => {
  it("limits them with password sign-ins while refreshes go on", async () => {
    const app = await buildTestApp({
      google,
      rateLimits: {
        token: { max: 3, windowMs: 60_000 },
        signup: { max: 10, windowMs: 60_000 },
        refresh: { max: 10, windowMs: 60_000 },
      },
    });
    try {
      const user = await signUpThrough(app);
      const statuses = [
        (await pkceGrant(app, { auth_code: randomUUID(), code_verifier: newVerifier() })).statusCode,
        (await idTokenGrant(app, { provider: "google", id_token: "not-a-jwt" })).statusCode,
        (await pkceGrant(app, { auth_code: randomUUID(), code_verifier: newVerifier() })).statusCode,
        (await idTokenGrant(app, { provider: "google", id_token: "not-a-jwt" })).statusCode,
      ];
      expect(statuses).toEqual([404, 400, 404, 429]);
      const refresh = await app.inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=refresh_token",
        payload: { refresh_token: user.refreshToken },
      });
      expect(refresh.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
