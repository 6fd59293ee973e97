import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import {
  GoTrueClient,
  isAuthApiError,
  isAuthSessionMissingError,
  type SupportedStorage,
} from "@supabase/auth-js";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { confirmLinkIn, startSmtpServer } from "../../test/smtp-server.fixture";

/*
 * The official client, @supabase/auth-js, against the real server listening on loopback: what the
 * product's auth calls assume (docs/product.md §8, decision 002). Its requests carry what that client
 * really sends (nulls for unused PKCE fields, gotrue_meta_security, redirect_to in the query), which
 * hand-written inject() payloads elsewhere do not.
 */

const smtp = await startSmtpServer();
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
afterAll(async () => {
  await smtp.close();
  await provider.stop();
});

const CLIENT_ID = "fitwise-peer-client";
let googleClaims: Record<string, unknown> = {};
provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, googleClaims);
});

/** The client's storage (localStorage in a browser): one map per client, as one browser profile. */
function memoryStorage(): SupportedStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const newEmail = () => `peer-${randomUUID()}@example.com`;

describeWithDatabases(
  "@supabase/auth-js against the server on loopback",
  (ctx) => {
    let origin = "";
    beforeAll(async () => {
      await ctx.app().listen({ port: 0, host: "127.0.0.1" });
      origin = `http://127.0.0.1:${(ctx.app().server.address() as AddressInfo).port}`;
    });

    const client = (flowType: "implicit" | "pkce" = "implicit") =>
      new GoTrueClient({
        url: `${origin}/auth/v1`,
        storage: memoryStorage(),
        storageKey: `peer-${randomUUID()}`,
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
        flowType,
      });

    /** A URL the server built from PUBLIC_URL (http://localhost:3000), on the listening server instead. */
    const onServer = (url: string) => {
      const parsed = new URL(url);
      return `${origin}${parsed.pathname}${parsed.search}`;
    };

    it("signs up, signs out, signs in, refreshes and updates the user", async () => {
      const auth = client();
      const email = newEmail();
      const signUp = await auth.signUp({
        email,
        password: TEST_PASSWORD,
        options: { data: { full_name: "Peer" } },
      });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session?.access_token).toBeTruthy();
      expect(signUp.data.user).toMatchObject({ email, user_metadata: { full_name: "Peer" } });

      const me = await auth.getUser();
      expect(me.data.user?.id).toBe(signUp.data.user?.id);

      expect((await auth.signOut()).error).toBeNull();
      expect((await auth.getSession()).data.session).toBeNull();
      const stale = await auth.getUser(signUp.data.session?.access_token);
      // The server answers session_not_found, which the client reads as signed out.
      expect(isAuthSessionMissingError(stale.error)).toBe(true);

      const signIn = await auth.signInWithPassword({ email, password: TEST_PASSWORD });
      expect(signIn.error).toBeNull();
      const firstRefresh = signIn.data.session?.refresh_token;
      const refreshed = await auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).toBeTruthy();
      expect(refreshed.data.session?.refresh_token).not.toBe(firstRefresh);

      const updated = await auth.updateUser({ data: { full_name: "Peer Renamed", theme: "dark" } });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.user_metadata).toMatchObject({ full_name: "Peer Renamed", theme: "dark" });

      const newPassword = `${TEST_PASSWORD} two`;
      expect((await auth.updateUser({ password: newPassword })).error).toBeNull();
      await auth.signOut();
      const old = await auth.signInWithPassword({ email, password: TEST_PASSWORD });
      expect(isAuthApiError(old.error)).toBe(true);
      expect(old.error).toMatchObject({ status: 400, code: "invalid_credentials" });
      expect((await auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
    });

    it("reports GoTrue's error codes through the client", async () => {
      const auth = client();
      const email = newEmail();
      expect((await auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
      const again = await auth.signUp({ email, password: TEST_PASSWORD });
      expect(again.error).toMatchObject({ status: 422, code: "user_already_exists" });
      const weak = await auth.signUp({ email: newEmail(), password: "short" });
      expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
    });

    it("recovers a password through the mailed link with verifyOtp (implicit flow)", async () => {
      const email = newEmail();
      expect((await client().signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
      const auth = client();
      const before = smtp.messages.length;
      const sent = await auth.resetPasswordForEmail(email, {
        redirectTo: "http://localhost:3000/reset-password",
      });
      expect(sent.error).toBeNull();
      const link = confirmLinkIn(await smtp.next(email, before));
      const verified = await auth.verifyOtp({
        type: "recovery",
        token_hash: link.searchParams.get("token_hash") ?? "",
      });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.email).toBe(email);
      const newPassword = `${TEST_PASSWORD} recovered`;
      expect((await auth.updateUser({ password: newPassword })).error).toBeNull();
      expect((await client().signInWithPassword({ email, password: newPassword })).error).toBeNull();
    });

    it("signs in with a mailed link from signInWithOtp", async () => {
      const email = newEmail();
      expect((await client().signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
      const auth = client();
      const before = smtp.messages.length;
      const sent = await auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      expect(sent.error).toBeNull();
      const link = confirmLinkIn(await smtp.next(email, before));
      const verified = await auth.verifyOtp({
        type: "magiclink",
        token_hash: link.searchParams.get("token_hash") ?? "",
      });
      expect(verified.error).toBeNull();
      expect((await auth.getUser()).data.user?.email).toBe(email);
    });

    it("recovers a password with PKCE: the link ends in ?code=, which exchangeCodeForSession spends", async () => {
      const email = newEmail();
      const signUp = await client("pkce").signUp({ email, password: TEST_PASSWORD });
      expect(signUp.error).toBeNull();
      const auth = client("pkce");
      const before = smtp.messages.length;
      expect((await auth.resetPasswordForEmail(email)).error).toBeNull();
      const link = confirmLinkIn(await smtp.next(email, before));
      const verify = await fetch(
        `${origin}/auth/v1/verify?${new URLSearchParams({
          token: link.searchParams.get("token_hash") ?? "",
          type: "recovery",
          redirect_to: "http://localhost:3000/reset-password",
        }).toString()}`,
        { redirect: "manual" },
      );
      expect(verify.status).toBe(303);
      const code = new URL(verify.headers.get("location") ?? "").searchParams.get("code") ?? "";
      expect(code).not.toBe("");
      const exchanged = await auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user?.id).toBe(signUp.data.user?.id);
      // The client tells the app this session is for a new password (its PASSWORD_RECOVERY event).
      expect(exchanged.data).toMatchObject({ redirectType: "recovery" });
      // The code is spent.
      const again = await client("pkce").exchangeCodeForSession(code);
      expect(again.error).not.toBeNull();
    });

    it("signs in with Google through signInWithOAuth and PKCE against a local OpenID provider", async () => {
      const email = newEmail();
      googleClaims = { sub: `google-${email}`, email, email_verified: true, name: "Peer Google" };
      const auth = client("pkce");
      const started = await auth.signInWithOAuth({
        provider: "google",
        options: { redirectTo: "http://localhost:3000/auth/callback", skipBrowserRedirect: true },
      });
      expect(started.error).toBeNull();
      const authorize = await fetch(started.data.url ?? "", { redirect: "manual" });
      expect(authorize.status).toBe(302);
      const atProvider = await fetch(authorize.headers.get("location") ?? "", { redirect: "manual" });
      const callback = await fetch(onServer(atProvider.headers.get("location") ?? ""), {
        redirect: "manual",
      });
      expect(callback.status).toBe(303);
      const landing = new URL(callback.headers.get("location") ?? "");
      expect(landing.hash).toBe("");
      const exchanged = await auth.exchangeCodeForSession(landing.searchParams.get("code") ?? "");
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user).toMatchObject({
        email,
        app_metadata: { provider: "google" },
        user_metadata: { full_name: "Peer Google" },
      });
      expect((await auth.signOut()).error).toBeNull();
    });
  },
  {
    config: {
      smtpUrl: smtp.url,
      google: {
        clientId: CLIENT_ID,
        clientSecret: "test-secret",
        issuer: (provider.issuer.url ?? "").replace(/\/+$/, ""),
      },
    },
  },
);
