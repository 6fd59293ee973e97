import { createHash } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { GoogleConfig } from "../../env";

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const TokenResponseSchema = z.object({
  access_token: z.string(),
  id_token: z.string(),
  refresh_token: z.string().optional(),
  token_type: z.string().optional(),
});
export type OidcTokens = z.infer<typeof TokenResponseSchema>;

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

const HTTP_TIMEOUT_MS = 10_000;

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
 * How the nonce binds the id_token to our request: the callback compares the nonce it sent itself;
 * grant_type=id_token gets the raw nonce from the client, which gave the provider its SHA-256 in hex
 * (GoTrue's rule, so a token obtained for another request cannot be replayed here).
 */
export type NonceCheck = { equals: string } | { sha256HexOf: string | undefined };

/**
 * An OpenID Connect relying party for one provider (Google by default): discovery, the
 * authorization URL, the code exchange and id_token verification (OpenID Connect Core 1.0 §3.1.3.7).
 */
export class OidcClient {
  readonly #config: GoogleConfig;
  #discovery: Promise<Discovery> | undefined;
  #jwks: JWTVerifyGetKey | undefined;

  constructor(config: GoogleConfig) {
    this.#config = config;
  }

  /** The discovery document, fetched once; a failed fetch is retried on the next call. */
  #discover(): Promise<Discovery> {
    this.#discovery ??= (async () => {
      const response = await fetch(`${this.#config.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new OidcError(`discovery answered ${response.status}`);
      const document = DiscoverySchema.parse(await response.json());
      // OpenID Connect Discovery 1.0 §4.3: the issuer in the document must be the one asked for.
      if (document.issuer.replace(/\/+$/, "") !== this.#config.issuer)
        throw new OidcError("discovery issuer mismatch");
      return document;
    })().catch((error: unknown) => {
      this.#discovery = undefined;
      throw error;
    });
    return this.#discovery;
  }

  async authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<string> {
    const { authorization_endpoint: endpoint } = await this.#discover();
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      client_id: this.#config.clientId,
      redirect_uri: input.redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: "S256",
      // docs/decisions/009: Google with offline access and the consent prompt (so a refresh token is issued).
      access_type: "offline",
      prompt: "consent",
    }).toString();
    return url.toString();
  }

  async exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<OidcTokens> {
    const { token_endpoint: endpoint } = await this.#discover();
    // RFC 6749 §2.3.1: client_secret_basic, each part form-urlencoded first.
    const basic = Buffer.from(
      `${encodeURIComponent(this.#config.clientId)}:${encodeURIComponent(this.#config.clientSecret)}`,
    ).toString("base64");
    const response = await fetch(endpoint, {
      method: "POST",
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }).toString(),
    });
    if (!response.ok) throw new OidcError(`token endpoint answered ${response.status}`);
    return TokenResponseSchema.parse(await response.json());
  }

  /** Signature by a key of the provider's JWKS, iss, aud = our client id, exp/iat, and the nonce. */
  async verifyIdToken(idToken: string, nonce: string | NonceCheck): Promise<IdTokenClaims> {
    const discovery = await this.#discover();
    // createRemoteJWKSet caches the keys and refetches them only for an unknown kid (with a cooldown).
    this.#jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS });
    // Google documents both forms of its issuer in id_tokens.
    const issuers =
      this.#config.issuer === "https://accounts.google.com"
        ? ["https://accounts.google.com", "accounts.google.com"]
        : [discovery.issuer];
    const { payload } = await jwtVerify(idToken, this.#jwks, {
      issuer: issuers,
      audience: this.#config.clientId,
      algorithms: ["RS256", "ES256", "PS256", "EdDSA"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }).catch((error: unknown) => {
      const audience = error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "aud";
      throw new OidcError(
        `id_token refused: ${error instanceof Error ? error.message : "invalid"}`,
        audience ? "audience" : "invalid",
      );
    });
    const claims = IdTokenClaimsSchema.parse(payload);
    const check = typeof nonce === "string" ? { equals: nonce } : nonce;
    if ("equals" in check) {
      if (claims.nonce !== check.equals) throw new OidcError("id_token nonce mismatch", "nonce");
    } else if ((claims.nonce !== undefined) !== (check.sha256HexOf !== undefined)) {
      throw new OidcError("Passed nonce and nonce in id_token should either both exist or not.", "nonce");
    } else if (
      check.sha256HexOf !== undefined &&
      createHash("sha256").update(check.sha256HexOf).digest("hex") !== claims.nonce
    ) {
      throw new OidcError("Nonces mismatch", "nonce");
    }
    return {
      sub: claims.sub,
      email: claims.email?.toLowerCase(),
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      name: claims.name,
      picture: claims.picture,
    };
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
