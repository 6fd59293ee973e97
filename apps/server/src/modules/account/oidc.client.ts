import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import * as oidc from "openid-client";
import { z } from "zod";
import type { GoogleConfig } from "../../env";
import { HttpError } from "../../http/errors";

/** What a sign-in needs from the provider's tokens: the provider's own tokens are handed to the browser once. */
export interface OidcTokens {
  access_token: string;
  refresh_token: string | undefined;
}

const IdTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Google sends a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  nonce: z.string().optional(),
});
export interface IdTokenClaims {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/** The id_token's claims as this module reads them, with the nonce it was issued for. */
function claimsOf(payload: unknown): IdTokenClaims & { nonce: string | undefined } {
  const claims = IdTokenClaimsSchema.parse(payload);
  return {
    sub: claims.sub,
    email: claims.email?.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: claims.name,
    picture: claims.picture,
    nonce: claims.nonce,
  };
}

/**
 * RFC 6749 §2.3.1: client_secret_basic, each part form-urlencoded first. Ours rather than
 * openid-client's ClientSecretBasic, which also escapes characters such as "-" (%2D): a valid
 * encoding, but one the loopback provider of account.oidc.test.ts does not decode, so the id_token's
 * aud would no longer be our client id there.
 */
function clientSecretBasic(clientSecret: string): oidc.ClientAuth {
  return (_server, client, _body, headers) => {
    const basic = Buffer.from(
      `${encodeURIComponent(client.client_id)}:${encodeURIComponent(clientSecret)}`,
    ).toString("base64");
    headers.set("authorization", `Basic ${basic}`);
  };
}

/** Each request to the provider (discovery, token endpoint, keys). */
const HTTP_TIMEOUT_S = 10;
/** Leeway for exp/iat against a provider's clock. */
const CLOCK_TOLERANCE_S = 30;

/** Why an id_token was refused; the grant_type=id_token answer names the reason as GoTrue does. */
export type IdTokenRefusal = "invalid" | "audience" | "nonce";

export class OidcError extends Error {
  readonly reason: IdTokenRefusal;

  constructor(message: string, reason: IdTokenRefusal = "invalid") {
    super(message);
    this.reason = reason;
  }
}

/**
 * The provider did not answer (refused, timed out, answered 5xx or garbage): the user did nothing
 * wrong and may try again, so 503 in GoTrue's shape, which @supabase/auth-js reads as retryable
 * (AuthRetryableFetchError), rather than a 500 that looks like our bug.
 */
export function issuerUnavailable(cause: unknown): HttpError {
  const error = new HttpError(
    503,
    "unexpected_failure",
    "Google sign-in is unavailable right now. Please try again shortly.",
  );
  error.cause = cause;
  return error;
}

/**
 * grant_type=id_token gets the raw nonce from the client, which gave the provider its SHA-256 in hex
 * (GoTrue's rule, so a token obtained for another request cannot be replayed here).
 */
export interface NonceCheck {
  sha256HexOf: string | undefined;
}

/** The parts of the discovery document this client relies on; a document without them is garbage. */
interface Endpoints {
  config: oidc.Configuration;
  jwksUri: string;
}

/**
 * An OpenID Connect relying party for one provider (Google by default). openid-client does the
 * discovery (issuer checked against the one asked for, OpenID Connect Discovery 1.0 §4.3), the
 * authorization URL and the code exchange with every check of OpenID Connect Core 1.0 §3.1.3.7: state,
 * PKCE, iss, aud (and azp), exp/iat, nonce, and the id_token's signature by a key of the provider's
 * JWKS (enableNonRepudiationChecks; without it the library trusts the TLS channel to the token
 * endpoint instead). The id_token a client brings itself (grant_type=id_token) has no such library
 * call, so verifyIdToken stays ours, on jose (docs/decisions/071).
 */
export class OidcClient {
  readonly #config: GoogleConfig;
  #endpoints: Promise<Endpoints> | undefined;
  #jwks: JWTVerifyGetKey | undefined;

  constructor(config: GoogleConfig) {
    this.#config = config;
  }

  /** The discovery document, fetched once; a failed fetch is retried on the next call. */
  #discover(): Promise<Endpoints> {
    this.#endpoints ??= (async () => {
      const issuer = new URL(this.#config.issuer);
      let config: oidc.Configuration;
      try {
        config = await oidc.discovery(
          issuer,
          this.#config.clientId,
          { [oidc.clockTolerance]: CLOCK_TOLERANCE_S },
          clientSecretBasic(this.#config.clientSecret),
          {
            timeout: HTTP_TIMEOUT_S,
            // GOOGLE_ISSUER may be http (a provider on loopback, env.ts allows it); Google itself is https.
            execute: [
              oidc.enableNonRepudiationChecks,
              ...(issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : []),
            ],
          },
        );
      } catch (error) {
        if (error instanceof oidc.ClientError && error.code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED")
          throw new OidcError("discovery issuer mismatch");
        throw issuerUnavailable(error);
      }
      const metadata = config.serverMetadata();
      if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri)
        throw issuerUnavailable(new Error("discovery document without its endpoints"));
      return { config, jwksUri: metadata.jwks_uri };
    })().catch((error: unknown) => {
      this.#endpoints = undefined;
      throw error;
    });
    return this.#endpoints;
  }

  async authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<string> {
    const { config } = await this.#discover();
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        scope: "openid email profile",
        state: input.state,
        nonce: input.nonce,
        code_challenge: input.codeChallenge,
        code_challenge_method: "S256",
        // docs/decisions/009: Google with offline access and the consent prompt (so a refresh token is issued).
        access_type: "offline",
        prompt: "consent",
      })
      .toString();
  }

  /**
   * The provider's answer at our callback: the code exchanged with the PKCE verifier, and the
   * id_token checked (signature, iss, aud, exp/iat, and the nonce this request sent). `response`
   * carries the callback's code, state and, where the provider sends one, iss (RFC 9207).
   */
  async signInWithCode(input: {
    response: URL;
    state: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<{ tokens: OidcTokens; claims: IdTokenClaims }> {
    const { config } = await this.#discover();
    const result = await oidc
      .authorizationCodeGrant(config, input.response, {
        expectedState: input.state,
        expectedNonce: input.nonce,
        pkceCodeVerifier: input.codeVerifier,
        idTokenExpected: true,
      })
      .catch((error: unknown) => {
        // A refused answer or token (the library's own errors) is the provider's or an attacker's doing, not ours.
        if (
          error instanceof oidc.ClientError ||
          error instanceof oidc.AuthorizationResponseError ||
          error instanceof oidc.ResponseBodyError
        )
          throw Object.assign(new OidcError(`sign-in refused: ${error.message}`), { cause: error });
        throw error;
      });
    const payload = result.claims();
    if (!payload) throw new OidcError("token endpoint answered without an id_token");
    return {
      tokens: { access_token: result.access_token, refresh_token: result.refresh_token },
      claims: claimsOf(payload),
    };
  }

  /** A client's own id_token: signature by a key of the provider's JWKS, iss, aud = our client id, exp/iat, and the nonce. */
  async verifyIdToken(idToken: string, nonce: NonceCheck): Promise<IdTokenClaims> {
    const { config, jwksUri } = await this.#discover();
    // createRemoteJWKSet caches the keys and refetches them only for an unknown kid (with a cooldown).
    this.#jwks ??= createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: HTTP_TIMEOUT_S * 1000 });
    // Google documents both forms of its issuer in id_tokens (its sign-in SDKs send the bare one).
    const issuers =
      this.#config.issuer === "https://accounts.google.com"
        ? ["https://accounts.google.com", "accounts.google.com"]
        : [config.serverMetadata().issuer];
    const { payload } = await jwtVerify(idToken, this.#jwks, {
      issuer: issuers,
      audience: this.#config.clientId,
      algorithms: ["RS256", "ES256", "PS256", "EdDSA"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: CLOCK_TOLERANCE_S,
    }).catch((error: unknown) => {
      // Keys that could not be fetched (network error, timeout, or jose's generic "Expected 200 OK"
      // from the key set) say nothing about the token: the issuer is unreachable.
      if (
        !(error instanceof joseErrors.JOSEError) ||
        error instanceof joseErrors.JWKSTimeout ||
        error.code === joseErrors.JOSEError.code
      )
        throw issuerUnavailable(error);
      const audience = error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "aud";
      throw new OidcError(
        `id_token refused: ${error instanceof Error ? error.message : "invalid"}`,
        audience ? "audience" : "invalid",
      );
    });
    const claims = claimsOf(payload);
    if ((claims.nonce !== undefined) !== (nonce.sha256HexOf !== undefined)) {
      throw new OidcError("Passed nonce and nonce in id_token should either both exist or not.", "nonce");
    } else if (
      nonce.sha256HexOf !== undefined &&
      createHash("sha256").update(nonce.sha256HexOf).digest("hex") !== claims.nonce
    ) {
      throw new OidcError("Nonces mismatch", "nonce");
    }
    return claims;
  }
}

const clients = new WeakMap<GoogleConfig, OidcClient>();

/** One client per configuration, so the routes that verify id_tokens share its discovery and JWKS cache. */
export function oidcClientFor(config: GoogleConfig): OidcClient {
  let client = clients.get(config);
  if (!client) {
    client = new OidcClient(config);
    clients.set(config, client);
  }
  return client;
}
