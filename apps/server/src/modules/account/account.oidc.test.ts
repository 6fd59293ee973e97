import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { describeWithDatabases } from "../../test/test-app";
import { bearer } from "./test-helpers";

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
    /** Follows /authorize to the provider and back; returns the provider's redirect to our callback. */
    async function authorize(redirectTo = "http://localhost:3000/signin") {
      const start = await ctx.app().inject({
        method: "GET",
        url: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`,
      });
      expect(start.statusCode).toBe(302);
      const providerUrl = new URL(start.headers.location as string);
      const answer = await fetch(providerUrl, { redirect: "manual" });
      const callback = new URL(answer.headers.get("location") ?? "");
      return { providerUrl, callback };
    }

    async function callback(url: URL) {
      const response = await ctx.app().inject({ method: "GET", url: `${url.pathname}${url.search}` });
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

    it("links Google to an existing account with the same verified e-mail", async () => {
      const existing = await ctx.signUp();
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
    });

    it("takes an unconfirmed account over from whoever set its password (pre-account takeover)", async () => {
      const squatter = await ctx.signUp();
      await ctx
        .db()
        .updateTable("users")
        .set({ email_confirmed_at: null })
        .where("id", "=", squatter.userId)
        .execute();
      claims = {
        sub: `google-owner-${squatter.userId}`,
        email: squatter.email,
        email_verified: true,
        name: "Owner",
      };
      const fragment = fragmentOf(await callback((await authorize()).callback));
      const owner = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(fragment.get("access_token") ?? "") });
      expect(owner.json()).toMatchObject({ id: squatter.userId, email_confirmed_at: expect.any(String) });
      const row = await ctx
        .db()
        .selectFrom("users")
        .select("encrypted_password")
        .where("id", "=", squatter.userId)
        .executeTakeFirstOrThrow();
      expect(row.encrypted_password).toBeNull();
      const oldSession = await ctx
        .app()
        .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(squatter.accessToken) });
      expect(oldSession.statusCode).toBe(401);
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
