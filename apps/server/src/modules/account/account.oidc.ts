import { createHash, randomBytes } from "node:crypto";
import { HttpError } from "../../http/errors";
import type { SessionMeta } from "../auth/auth.repository";
import { withAuthCode, type PkceChallenge } from "../auth/auth.pkce";
import { seconds, type AccountServiceDeps } from "./account.deps";
import { errorFragment, sessionFragment } from "./account.fragments";
import { safeRedirect } from "./email-links";
import { googleUser } from "./google-user";
import { OidcError, type OidcClient } from "./oidc.client";

/** Time allowed between /authorize and the provider's callback. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

function base64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

/** Google sign-in (OpenID Connect, authorization code with PKCE): the redirect out and the callback. */
export class AccountGoogle {
  readonly #deps: AccountServiceDeps;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
  }

  #requireOidc(provider: string | undefined): OidcClient {
    if (provider !== "google" || !this.#deps.oidc) {
      throw new HttpError(400, "provider_disabled", "Unsupported provider: provider is not enabled");
    }
    return this.#deps.oidc;
  }

  #callbackUrl(): string {
    return `${this.#deps.config.publicUrl}/auth/v1/callback`;
  }

  /**
   * GET /authorize?provider=google: the provider's URL with state, nonce and a PKCE S256 challenge.
   * With the client's own code_challenge (flow_type pkce) the callback answers with an auth code.
   */
  async authorize(
    provider: string | undefined,
    redirectTo: string | undefined,
    clientChallenge?: PkceChallenge,
  ): Promise<string> {
    const oidc = this.#requireOidc(provider);
    const state = base64url(randomBytes(32));
    // RFC 7636 §4.1: 32 random octets, base64url, give a 43-character verifier.
    const codeVerifier = base64url(randomBytes(32));
    const nonce = base64url(randomBytes(32));
    const now = new Date();
    const stateHash = createHash("sha256").update(state).digest("hex");
    await this.#deps.repo.insertOidcState({
      stateHash,
      provider: "google",
      codeVerifier,
      nonce,
      redirectTo: safeRedirect(this.#deps.config.publicUrl, redirectTo, "/signin"),
      now,
      expiresAt: new Date(now.getTime() + OIDC_STATE_TTL_MS),
    });
    if (clientChallenge) {
      await this.#deps.pkce.start({
        challenge: clientChallenge,
        providerType: "google",
        authenticationMethod: "oauth",
        oidcStateHash: stateHash,
        now,
        expiresAt: new Date(now.getTime() + OIDC_STATE_TTL_MS),
      });
    }
    return oidc.authorizationUrl({
      redirectUri: this.#callbackUrl(),
      state,
      nonce,
      codeChallenge: base64url(createHash("sha256").update(codeVerifier).digest()),
    });
  }

  /** GET /callback: always a redirect into the app, with the session or an error in the fragment. */
  async callback(
    query: {
      state?: string | undefined;
      code?: string | undefined;
      error?: string | undefined;
      error_description?: string | undefined;
      iss?: string | undefined;
    },
    meta: SessionMeta,
  ): Promise<string> {
    const signIn = `${new URL(this.#deps.config.publicUrl).origin}/signin`;
    const stateHash = query.state ? createHash("sha256").update(query.state).digest("hex") : undefined;
    const row = stateHash ? await this.#deps.repo.consumeOidcState(stateHash) : undefined;
    if (!row || row.expires_at.getTime() <= Date.now()) {
      return `${signIn}#${errorFragment("bad_oauth_state", "OAuth callback with invalid state", "invalid_request")}`;
    }
    const target = row.redirect_to;
    if (query.error || !query.code) {
      return `${target}#${errorFragment("bad_oauth_callback", query.error_description ?? "No code detected.")}`;
    }
    const oidc = this.#requireOidc(row.provider);
    // The provider's answer as it reached us: the library checks it and sends the callback URL on as redirect_uri.
    const response = new URL(this.#callbackUrl());
    response.searchParams.set("code", query.code);
    response.searchParams.set("state", query.state ?? "");
    if (query.iss !== undefined) response.searchParams.set("iss", query.iss);
    let claims;
    let tokens;
    try {
      ({ claims, tokens } = await oidc.signInWithCode({
        response,
        state: query.state ?? "",
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
      }));
    } catch (error) {
      this.#deps.log.warn(
        { err: error instanceof OidcError ? error.message : error },
        "google sign-in refused",
      );
      return `${target}#${errorFragment("bad_oauth_callback", "An error occurred on token verification.", "server_error")}`;
    }
    if (!claims.email || !claims.emailVerified) {
      return `${target}#${errorFragment("provider_email_needs_verification", "Your Google e-mail address is not verified.")}`;
    }
    const user = await googleUser(
      this.#deps.repo,
      this.#deps.config.google?.issuer ?? "",
      { ...claims, email: claims.email },
      new Date(),
    );
    const now = new Date();
    const flow = stateHash ? await this.#deps.pkce.forOidcState(stateHash) : undefined;
    if (flow) {
      // GoTrue's PKCE answer: ?code= for POST /token?grant_type=pkce. The provider's tokens are not
      // kept for the exchange (nothing here uses them), so a PKCE session comes without provider_token.
      const authCode = await this.#deps.pkce.issueAuthCode(flow.id, user.id, now);
      return authCode
        ? withAuthCode(target, authCode)
        : `${target}#${errorFragment("flow_state_not_found", "invalid flow state, no valid flow state found")}`;
    }
    const session = await this.#deps.auth.startSession(user, meta, now, {
      amr: [{ method: "oauth", timestamp: seconds(now) }],
    });
    // provider_token is handed to the browser once, as GoTrue does, and never stored here.
    return `${target}#${sessionFragment(session, {
      provider_token: tokens.access_token,
      ...(tokens.refresh_token ? { provider_refresh_token: tokens.refresh_token } : {}),
    })}`;
  }
}
