import type { IdTokenGrantRequest, Session as SessionResponse } from "@fitwise/contracts/auth";
import type { FastifyBaseLogger } from "fastify";
import { ZodError } from "zod";
import { HttpError } from "../../http/errors";
import type { AccountRepository } from "./account.repository";
import { googleUser } from "./google-user";
import { OidcError, type IdTokenClaims, type OidcClient } from "./oidc.client";
import type { SessionMeta } from "../auth/auth.repository";
import type { AuthService } from "../auth/auth.service";

export interface IdTokenGrantDeps {
  /** Null when Google sign-in is not configured: the grant then answers provider_disabled. */
  oidc: OidcClient | null;
  /** The configured OIDC issuer, recorded in the identity as the callback records it. */
  issuer: string;
  repo: AccountRepository;
  auth: AuthService;
  log: FastifyBaseLogger;
}

/** GoTrue's answers (token_oidc.go) for an id_token it will not accept, all 400. */
const REFUSALS = {
  invalid: "Bad ID token",
  audience: "Unacceptable audience in id_token",
} as const;

/**
 * POST /token?grant_type=id_token {provider: "google", id_token, nonce?}: a Google ID token the
 * client obtained itself (Google Identity Services, a native SDK), verified against the issuer's
 * JWKS (signature, iss, aud = our client id, exp) and the nonce; then the same account as the
 * /authorize callback would give, and a session whose amr says oauth.
 */
export class IdTokenGrant {
  readonly #deps: IdTokenGrantDeps;

  constructor(deps: IdTokenGrantDeps) {
    this.#deps = deps;
  }

  async #verify(oidc: OidcClient, idToken: string, nonce: string | undefined): Promise<IdTokenClaims> {
    try {
      return await oidc.verifyIdToken(idToken, { sha256HexOf: nonce || undefined });
    } catch (error) {
      if (error instanceof OidcError) {
        this.#deps.log.warn({ reason: error.reason }, "id_token grant refused");
        throw new HttpError(
          400,
          "bad_jwt",
          error.reason === "nonce" ? error.message : REFUSALS[error.reason],
        );
      }
      // A signed token whose claims have the wrong types.
      if (error instanceof ZodError) throw new HttpError(400, "bad_jwt", REFUSALS.invalid);
      throw error;
    }
  }

  async signIn(input: IdTokenGrantRequest, meta: SessionMeta): Promise<SessionResponse> {
    const { oidc } = this.#deps;
    if (input.provider !== "google" || !oidc) {
      throw new HttpError(400, "provider_disabled", "Unsupported provider: provider is not enabled");
    }
    if (!input.id_token) throw new HttpError(400, "validation_failed", "id_token required");
    const claims = await this.#verify(oidc, input.id_token, input.nonce);
    if (!claims.email || !claims.emailVerified) {
      throw new HttpError(
        400,
        "provider_email_needs_verification",
        "Your Google e-mail address is not verified.",
      );
    }
    const now = new Date();
    const user = await googleUser(
      this.#deps.repo,
      this.#deps.issuer,
      { ...claims, email: claims.email },
      now,
    );
    return this.#deps.auth.startSession(user, meta, now, {
      amr: [{ method: "oauth", timestamp: Math.floor(now.getTime() / 1000) }],
    });
  }
}
