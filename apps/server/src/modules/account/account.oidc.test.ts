import { createServer, type AddressInfo } from "node:net";
import { generateKeyPair, SignJWT } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { bearer } from "../auth/auth.fixture";
import { enrolTotp } from "./account.fixture";

const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
afterAll(() => provider.stop());

const CLIENT_ID = "fitwise-test-client";
/** Claims the provider puts into its next tokens; each test sets them. */
let claims: Record<string, unknown> = {};
provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims);
});

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

describeWithDatabases(
  "Sign in with Google against a local OpenID provider (docs/decisions/009)",
  (ctx) => {
    /**
     * Follows /authorize to the provider and back; returns the provider's redirect to our callback.
     * `remoteAddress` keeps a test's requests out of the per-address limit the other tests share.
     */
    async function authorize(redirectTo = "http://localhost:3000/signin", remoteAddress?: string) {
      const start = await ctx.app().inject({
        method: "GET",
        url: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      expect(start.statusCode).toBe(302);
      const providerUrl = new URL(start.headers.location as string);
      const answer = await fetch(providerUrl, { redirect: "manual" });
      const callback = new URL(answer.headers.get("location") ?? "");
      return { providerUrl, callback };
    }

    async function callback(url: URL, remoteAddress?: string) {
      const response = await ctx.app().inject({
        method: "GET",
        url: `${url.pathname}${url.search}`,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      expect(response.statusCode).toBe(303);
      return response.headers.location as string;
    }

    it("sends the browser to the provider with PKCE S256, state, nonce, offline access and consent", async () => {
      const { providerUrl, callback: back } = await authorize();
      expect(providerUrl.origin).toBe(new URL(provider.issuer.url ?? "").origin);
      const params = providerUrl.searchParams;
      expect(params.get("client_id")).toBe(CLIENT_ID);
      expect(params.get("response_type")).toBe("code");
      expect(params.get("code_challenge_method")).toBe("S256");
      expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
      expect(params.get("state")).toMatch(/^[\w-]{43}$/);
      expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
      expect(params.get("access_type")).toBe("offline");
      expect(params.get("prompt")).toBe("consent");
      expect(params.get("redirect_uri")).toBe("http://localhost:3000/auth/v1/callback");
      expect(back.searchParams.get("state")).toBe(params.get("state"));
    });

    it("creates an account with the Google user_metadata and puts the session and provider_token in the fragment", async () => {
      const email = `google-${Date.now()}@example.com`;
      claims = { sub: `google-${email}`, email, email_verified: true, name: "Gee Oogle" };
      const { callback: back } = await authorize("http://localhost:3000/auth/callback");
      const location = await callback(back);
      expect(location.startsWith("http://localhost:3000/auth/callback#")).toBe(true);
      const fragment = fragmentOf(location);
      expect(fragment.get("token_type")).toBe("bearer");
      expect(fragment.get("expires_in")).toBe("3600");
      expect(fragment.get("provider_token")).toBeTruthy();
      expect(fragment.get("refresh_token")).toBeTruthy();
      const user = await ctx.app().inject({
        method: "GET",
        url: "/auth/v1/user",
        headers: bearer(fragment.get("access_token") ?? ""),
      });
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({
        email,
        app_metadata: { provider: "google", providers: ["google"] },
        user_metadata: { email, full_name: "Gee Oogle" },
      });
      const row = await ctx
        .db()
        .selectFrom("users")
        .select("encrypted_password")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row.encrypted_password).toBeNull();
    });

    it("links Google to an existing account whose e-mail was proven, keeping its password", async () => {
      const existing = await ctx.signUp();
      // As following a mailed link does (account.repository.ts confirmEmail).
      await ctx
        .db()
        .updateTable("users")
        .set({ email_verified_at: new Date() })
        .where("id", "=", existing.userId)
        .execute();
      claims = {
        sub: `google-link-${existing.userId}`,
        email: existing.email,
        email_verified: true,
        name: "Linked",
      };
      const location = await callback((await authorize()).callback);
      const fragment = fragmentOf(location);
      const user = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(fragment.get("access_token") ?? "") });
      expect(user.json()).toMatchObject({
        id: existing.userId,
        app_metadata: { provider: "email", providers: ["email", "google"] },
        user_metadata: { user_full_name: "Test User", email: existing.email },
      });
      const identities = await ctx
        .db()
        .selectFrom("identities")
        .select("provider")
        .where("user_id", "=", existing.userId)
        .execute();
      expect(identities.map((row) => row.provider).sort()).toEqual(["email", "google"]);
      // Signing in with Google again finds the linked identity.
      const again = await callback((await authorize()).callback);
      expect(fragmentOf(again).get("access_token")).toBeTruthy();
      // The proven owner's password and session still work.
      const password = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email: existing.email, password: TEST_PASSWORD },
      });
      expect(password.statusCode).toBe(200);
      const old = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(existing.accessToken) });
      expect(old.statusCode).toBe(200);
    });

    it("ends every credential of an auto-confirmed but unproven account before linking (pre-account takeover)", async () => {
      // The default configuration (AUTH_CONFIRM_EMAIL off): the squatter's sign-up is confirmed at once.
      const squatter = await ctx.signUp();
      const { session: aal2 } = await enrolTotp(ctx.app(), squatter.accessToken);
      await ctx.app().inject({
        method: "PUT",
        url: "/auth/v1/user",
        headers: bearer(aal2.access_token),
        payload: { data: { avatar_url: "https://attacker.example/pixel.png", full_name: "Squatter" } },
      });
      const before = await ctx
        .db()
        .selectFrom("users")
        .select(["email_confirmed_at", "email_verified_at"])
        .where("id", "=", squatter.userId)
        .executeTakeFirstOrThrow();
      expect(before.email_confirmed_at).not.toBeNull();
      expect(before.email_verified_at).toBeNull();

      claims = {
        sub: `google-owner-${squatter.userId}`,
        email: squatter.email,
        email_verified: true,
        name: "Owner",
      };
      const fragment = fragmentOf(await callback((await authorize()).callback));
      const ownerToken = fragment.get("access_token") ?? "";
      const owner = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(ownerToken) });
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({
        id: squatter.userId,
        email_confirmed_at: expect.any(String),
        user_metadata: { full_name: "Owner", email: squatter.email },
        factors: [],
      });
      // The owner is not asked for the squatter's second factor (that would be 403 insufficient_aal):
      // the answer is the one for an account without a profile yet.
      const profile = await ctx.app().inject({
        method: "POST",
        url: "/functions/v1/get_user_data",
        headers: bearer(ownerToken),
        payload: { table: "my_users" },
      });
      expect(profile.statusCode).toBe(404);

      const row = await ctx
        .db()
        .selectFrom("users")
        .select(["encrypted_password", "email_verified_at"])
        .where("id", "=", squatter.userId)
        .executeTakeFirstOrThrow();
      expect(row.encrypted_password).toBeNull();
      expect(row.email_verified_at).not.toBeNull();
      for (const token of [squatter.accessToken, aal2.access_token]) {
        const old = await ctx.app().inject({ method: "GET", url: "/auth/v1/user", headers: bearer(token) });
        expect(old.statusCode).toBe(401);
      }
      for (const refreshToken of [squatter.refreshToken, aal2.refresh_token]) {
        const refresh = await ctx.app().inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=refresh_token",
          payload: { refresh_token: refreshToken },
        });
        expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
      }
      const password = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email: squatter.email, password: TEST_PASSWORD },
      });
      expect(password.statusCode).toBe(400);
      const factors = await ctx
        .db()
        .selectFrom("mfa_factors")
        .select("id")
        .where("user_id", "=", squatter.userId)
        .execute();
      expect(factors).toEqual([]);
    });

    it("refuses an unverified Google e-mail", async () => {
      const email = `unverified-${Date.now()}@example.com`;
      claims = { sub: `google-${email}`, email, email_verified: false };
      const fragment = fragmentOf(await callback((await authorize()).callback));
      expect(fragment.get("access_token")).toBeNull();
      expect(fragment.get("error_code")).toBe("provider_email_needs_verification");
      const row = await ctx
        .db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("refuses a bad or missing state", async () => {
      claims = { sub: "someone", email: "someone@example.com", email_verified: true };
      const { callback: back } = await authorize();
      back.searchParams.set("state", "forged-state-value");
      const fragment = fragmentOf(await callback(back));
      expect(fragment.get("error_code")).toBe("bad_oauth_state");
      expect(fragment.get("access_token")).toBeNull();
      const missing = fragmentOf(await callback(new URL("http://localhost:3000/auth/v1/callback?code=abc")));
      expect(missing.get("error_code")).toBe("bad_oauth_state");
    });

    it("refuses a replayed callback (state and code used once) and an expired state", async () => {
      const email = `replay-${Date.now()}@example.com`;
      claims = { sub: `google-${email}`, email, email_verified: true };
      const { callback: back } = await authorize();
      expect(fragmentOf(await callback(back)).get("access_token")).toBeTruthy();
      const replay = fragmentOf(await callback(back));
      expect(replay.get("error_code")).toBe("bad_oauth_state");
      expect(replay.get("access_token")).toBeNull();

      const { callback: late } = await authorize();
      await ctx
        .db()
        .updateTable("oidc_states")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute();
      expect(fragmentOf(await callback(late)).get("error_code")).toBe("bad_oauth_state");
    });

    it("refuses an id_token for another audience or with another nonce", async () => {
      claims = { sub: "aud-test", email: "aud@example.com", email_verified: true, aud: "someone-else" };
      const wrongAudience = fragmentOf(await callback((await authorize()).callback));
      expect(wrongAudience.get("error_description")).toBe("An error occurred on token verification.");
      claims = {
        sub: "nonce-test",
        email: "nonce@example.com",
        email_verified: true,
        nonce: "replayed-nonce",
      };
      const wrongNonce = fragmentOf(await callback((await authorize()).callback));
      expect(wrongNonce.get("error_description")).toBe("An error occurred on token verification.");
      expect(wrongNonce.get("access_token")).toBeNull();
    });

    it("refuses an id_token not signed by a key of the provider's JWKS", async () => {
      const email = `forged-${Date.now()}@example.com`;
      claims = { sub: `google-${email}`, email, email_verified: true };
      const address = "192.0.2.71";
      const { providerUrl, callback: back } = await authorize(undefined, address);
      const { privateKey } = await generateKeyPair("RS256");
      // What the provider would sign for this request (iss, aud, nonce, exp all right), signed by another key.
      const forged = await new SignJWT({ ...claims, nonce: providerUrl.searchParams.get("nonce") })
        .setProtectedHeader({ alg: "RS256", kid: provider.issuer.keys.get()?.kid ?? "" })
        .setIssuer(provider.issuer.url ?? "")
        .setAudience(CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(privateKey);
      provider.service.once("beforeResponse", (response: { body: Record<string, unknown> }) => {
        response.body.id_token = forged;
      });
      const fragment = fragmentOf(await callback(back, address));
      expect(fragment.get("error_description")).toBe("An error occurred on token verification.");
      expect(fragment.get("access_token")).toBeNull();
      const row = await ctx
        .db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("reports the provider's own error and a missing code without signing in", async () => {
      const { callback: back } = await authorize();
      back.searchParams.delete("code");
      const fragment = fragmentOf(await callback(back));
      expect(fragment.get("error_description")).toBe("No code detected.");
    });

    it("only redirects inside the app", async () => {
      const start = await ctx.app().inject({
        method: "GET",
        url: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent("https://evil.example/x")}`,
      });
      const state = new URL(start.headers.location as string).searchParams.get("state");
      const row = await ctx
        .db()
        .selectFrom("oidc_states")
        .select("redirect_to")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(row.redirect_to).toBe("http://localhost:3000/signin");
      expect(state).toBeTruthy();
      const settings = await ctx.app().inject({ method: "GET", url: "/auth/v1/settings" });
      expect(settings.json()).toMatchObject({ external: { google: true } });
    });

    it("lets a fresh Google-only session delete its account, not an old one", async () => {
      const email = `delete-${Date.now()}@example.com`;
      claims = { sub: `google-${email}`, email, email_verified: true };
      const token = fragmentOf(await callback((await authorize()).callback)).get("access_token") ?? "";
      const user = await ctx.app().inject({ method: "GET", url: "/auth/v1/user", headers: bearer(token) });
      const userId = user.json<Session["user"]>().id;
      await ctx
        .db()
        .updateTable("sessions")
        .set({ created_at: new Date(Date.now() - 6 * 60_000) })
        .where("user_id", "=", userId)
        .execute();
      const stale = await ctx.app().inject({
        method: "POST",
        url: "/functions/v1/delete_my_account",
        headers: bearer(token),
        payload: {},
      });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ error: { code: "reauthentication_needed" } });
      const freshToken = fragmentOf(await callback((await authorize()).callback)).get("access_token") ?? "";
      const fresh = await ctx.app().inject({
        method: "POST",
        url: "/functions/v1/delete_my_account",
        headers: bearer(freshToken),
        payload: {},
      });
      expect(fresh.statusCode).toBe(200);
    });
  },
  {
    config: {
      google: {
        clientId: CLIENT_ID,
        clientSecret: "test-secret",
        issuer: (provider.issuer.url ?? "").replace(/\/+$/, ""),
      },
    },
  },
);

/** A loopback port nobody listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const unreachableIssuer = `http://127.0.0.1:${await closedPort()}`;

describeWithDatabases(
  "Google sign-in while the issuer is unreachable",
  (ctx) => {
    it("answers 503 in GoTrue's shape on /authorize and grant_type=id_token, not 500", async () => {
      const authorize = await ctx.app().inject({
        method: "GET",
        url: "/auth/v1/authorize?provider=google&redirect_to=http%3A%2F%2Flocalhost%3A3000%2Fsignin",
      });
      const grant = await ctx.app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=id_token",
        payload: { provider: "google", id_token: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln" },
      });
      for (const response of [authorize, grant]) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          code: 503,
          error_code: "unexpected_failure",
          msg: "Google sign-in is unavailable right now. Please try again shortly.",
        });
      }
    });
  },
  { config: { google: { clientId: CLIENT_ID, clientSecret: "test-secret", issuer: unreachableIssuer } } },
);
