import { createHash, randomBytes, randomUUID } from "node:crypto";
import { verify as verifyPassword } from "@node-rs/argon2";
import {
  DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS,
  type AuthSettings,
  type ChallengeResponse,
  type EmailLinkType,
  type EnrollFactorResponse,
} from "@fitwise/contracts/account";
import { AUTH_MESSAGES, type Session as SessionResponse } from "@fitwise/contracts/auth";
import type { FastifyBaseLogger } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import type { Database } from "../../db/database";
import type { AmrEntry, User } from "../../db/schema";
import type { AppConfig } from "../../env";
import type { AuthenticatedUser } from "../../http/authenticate";
import { HttpError } from "../../http/errors";
import type { SessionMeta } from "../auth/auth.repository";
import type { AuthService } from "../auth/auth.service";
import type { AccountRepository } from "./account.repository";
import { collectUserData } from "./data-export";
import { EmailLinks, safeRedirect } from "./email-links";
import { OidcError, type OidcClient } from "./oidc.client";
import { SecretBox } from "./secret-box";
import { base32Decode, base32Encode, matchTotp, totpUri } from "./totp";

/** GoTrue's MFA challenge lifetime default (MFA_CHALLENGE_EXPIRY_DURATION): 300 s. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge survives; then a new challenge (and the factor's rate limit) applies. */
export const MFA_MAX_FAILED_ATTEMPTS = 5;
/** A recovery link's session only has to last long enough to choose a new password. */
export const RECOVERY_SESSION_TTL_MS = 15 * 60 * 1000;
/** Time allowed between /authorize and the provider's callback. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

const EmailSchema = z.email();

function base64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The implicit-grant redirect GoTrue makes: the session in the fragment, which browsers never send to servers. */
export function sessionFragment(session: SessionResponse, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    ...extra,
  }).toString();
}

export function errorFragment(errorCode: string, description: string, error = "access_denied"): string {
  return new URLSearchParams({ error, error_code: errorCode, error_description: description }).toString();
}

export interface AccountServiceDeps {
  db: Database;
  repo: AccountRepository;
  auth: AuthService;
  links: EmailLinks;
  oidc: OidcClient | null;
  /** Seals TOTP secrets at rest, each bound to its factor id. */
  totpSecrets: SecretBox;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Cancels a running paid subscription at the provider before the account goes; throws to stop the deletion. */
  cancelSubscription(userId: string): Promise<void>;
}

export class AccountService {
  readonly #deps: AccountServiceDeps;
  /** E-mails being sent after the answer went out; awaited when the app closes. */
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
  }

  get #publicUrl(): string {
    return this.#deps.config.publicUrl;
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  /**
   * Runs e-mail work after the response: whether the address exists then changes neither the
   * answer nor its timing (no account enumeration through /recover, /otp or /resend).
   */
  #inBackground(task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => this.#deps.log.error({ err: error }, "account e-mail failed"))
      .finally(() => this.#pending.delete(promise));
    this.#pending.add(promise);
  }

  settings(): AuthSettings {
    return {
      external: { email: true, google: this.#deps.oidc !== null, phone: false },
      disable_signup: false,
      mailer_autoconfirm: !this.#deps.config.authConfirmEmail,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      mfa_enabled: true,
    };
  }

  #normaliseEmail(email: string): string {
    const normalised = email.trim().toLowerCase();
    if (!EmailSchema.safeParse(normalised).success)
      throw new HttpError(400, "validation_failed", AUTH_MESSAGES.invalidEmail);
    return normalised;
  }

  /** POST /recover: always the same empty 200 answer. */
  recover(rawEmail: string | undefined, redirectTo: string | undefined): Record<string, never> {
    if (!rawEmail) throw new HttpError(400, "validation_failed", "Password recovery requires an email");
    const email = this.#normaliseEmail(rawEmail);
    this.#inBackground(async () => {
      const user = await this.#deps.repo.findUserByEmail(email);
      if (user) await this.#deps.links.send(user, "recovery", redirectTo);
    });
    return {};
  }

  /** POST /otp: a sign-in link for an existing account; unknown addresses get the same answer and no e-mail. */
  otp(input: { email?: string | undefined; phone?: string | undefined; redirect_to?: string | undefined }) {
    if (input.phone && !input.email)
      throw new HttpError(400, "validation_failed", "Unsupported phone provider");
    if (!input.email) throw new HttpError(400, "validation_failed", AUTH_MESSAGES.missingEmailOrPhone);
    const email = this.#normaliseEmail(input.email);
    this.#inBackground(async () => {
      const user = await this.#deps.repo.findUserByEmail(email);
      if (!user) return;
      // An unconfirmed account gets its confirmation link again instead.
      const type = this.#deps.config.authConfirmEmail && !user.email_confirmed_at ? "signup" : "magiclink";
      await this.#deps.links.send(user, type, input.redirect_to);
    });
    return {};
  }

  /** POST /resend: the confirmation link again, when the account still needs one. */
  resend(input: { type?: string | undefined; email?: string | undefined; redirect_to?: string | undefined }) {
    if (input.type !== "signup")
      throw new HttpError(400, "validation_failed", "Missing or unsupported type: use signup");
    if (!input.email) throw new HttpError(400, "validation_failed", AUTH_MESSAGES.missingEmailOrPhone);
    const email = this.#normaliseEmail(input.email);
    this.#inBackground(async () => {
      const user = await this.#deps.repo.findUserByEmail(email);
      if (user && !user.email_confirmed_at) await this.#deps.links.send(user, "signup", input.redirect_to);
    });
    return {};
  }

  /** Spends an e-mail link and starts the session it grants; undefined when the link is invalid or expired. */
  async #sessionFromLink(type: EmailLinkType, token: string, meta: SessionMeta) {
    const now = new Date();
    const linkUser = await this.#deps.links.consume(type, token, now);
    if (!linkUser) return undefined;
    // Following any of these links proves the address is the user's.
    let user = linkUser.email_verified_at ? linkUser : await this.#deps.repo.confirmEmail(linkUser.id, now);
    user = await this.#deps.repo.updateUser(user.id, { lastSignInAt: now }, now);
    const recovery = type === "recovery";
    const method = recovery ? "recovery" : type === "magiclink" ? "magiclink" : "email/signup";
    const session = await this.#deps.auth.startSession(user, meta, now, {
      amr: [{ method, timestamp: seconds(now) }],
      ...(recovery ? { notAfter: new Date(now.getTime() + RECOVERY_SESSION_TTL_MS) } : {}),
    });
    return { session, type: recovery ? "recovery" : type === "magiclink" ? "magiclink" : "signup" };
  }

  /** GET /verify (the link in the e-mail): a redirect to the app with the session or the error in the fragment. */
  async verifyLinkRedirect(
    input: { type?: EmailLinkType | undefined; token?: string | undefined; redirect_to?: string | undefined },
    meta: SessionMeta,
  ): Promise<string> {
    const fallback = input.type === "recovery" ? "/reset-password" : "/signin";
    const target = safeRedirect(this.#publicUrl, input.redirect_to, fallback);
    const result =
      input.type && input.token ? await this.#sessionFromLink(input.type, input.token, meta) : undefined;
    if (!result) return `${target}#${errorFragment("otp_expired", "Email link is invalid or has expired")}`;
    return `${target}#${sessionFragment(result.session, { type: result.type })}`;
  }

  /** POST /verify: the same with the token in the body and the session as JSON. */
  async verifyLink(
    input: { type?: EmailLinkType | undefined; token?: string | undefined; token_hash?: string | undefined },
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    const token = input.token_hash ?? input.token;
    if (!input.type || !token)
      throw new HttpError(400, "validation_failed", "Verify requires a type and a token");
    const result = await this.#sessionFromLink(input.type, token, meta);
    if (!result) throw new HttpError(403, "otp_expired", "Email link is invalid or has expired");
    return result.session;
  }

  // --- Google (OpenID Connect) ---

  #requireOidc(provider: string | undefined): OidcClient {
    if (provider !== "google" || !this.#deps.oidc) {
      throw new HttpError(400, "provider_disabled", "Unsupported provider: provider is not enabled");
    }
    return this.#deps.oidc;
  }

  #callbackUrl(): string {
    return `${this.#publicUrl}/auth/v1/callback`;
  }

  /** GET /authorize?provider=google: the provider's URL with state, nonce and a PKCE S256 challenge. */
  async authorize(provider: string | undefined, redirectTo: string | undefined): Promise<string> {
    const oidc = this.#requireOidc(provider);
    const state = base64url(randomBytes(32));
    // RFC 7636 §4.1: 32 random octets, base64url, give a 43-character verifier.
    const codeVerifier = base64url(randomBytes(32));
    const nonce = base64url(randomBytes(32));
    const now = new Date();
    await this.#deps.repo.insertOidcState({
      stateHash: createHash("sha256").update(state).digest("hex"),
      provider: "google",
      codeVerifier,
      nonce,
      redirectTo: safeRedirect(this.#publicUrl, redirectTo, "/signin"),
      now,
      expiresAt: new Date(now.getTime() + OIDC_STATE_TTL_MS),
    });
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
    },
    meta: SessionMeta,
  ): Promise<string> {
    const signIn = `${new URL(this.#publicUrl).origin}/signin`;
    const row = query.state
      ? await this.#deps.repo.consumeOidcState(createHash("sha256").update(query.state).digest("hex"))
      : undefined;
    if (!row || row.expires_at.getTime() <= Date.now()) {
      return `${signIn}#${errorFragment("bad_oauth_state", "OAuth callback with invalid state", "invalid_request")}`;
    }
    const target = row.redirect_to;
    if (query.error || !query.code) {
      return `${target}#${errorFragment("bad_oauth_callback", query.error_description ?? "No code detected.")}`;
    }
    const oidc = this.#requireOidc(row.provider);
    let claims;
    let tokens;
    try {
      tokens = await oidc.exchangeCode({
        code: query.code,
        codeVerifier: row.code_verifier,
        redirectUri: this.#callbackUrl(),
      });
      claims = await oidc.verifyIdToken(tokens.id_token, row.nonce);
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
    const user = await this.#googleUser({ ...claims, email: claims.email }, new Date());
    const now = new Date();
    const session = await this.#deps.auth.startSession(user, meta, now, {
      amr: [{ method: "oauth", timestamp: seconds(now) }],
    });
    // provider_token is handed to the browser once, as GoTrue does, and never stored here.
    return `${target}#${sessionFragment(session, {
      provider_token: tokens.access_token,
      ...(tokens.refresh_token ? { provider_refresh_token: tokens.refresh_token } : {}),
    })}`;
  }

  /** The account for a verified Google identity: the linked one, else the one with that e-mail, else a new one. */
  async #googleUser(
    claims: { sub: string; email: string; name: string | undefined; picture: string | undefined },
    now: Date,
  ): Promise<User> {
    const { repo } = this.#deps;
    const fullName = claims.name ?? "";
    const identityData = {
      iss: this.#deps.config.google?.issuer ?? "",
      sub: claims.sub,
      provider_id: claims.sub,
      email: claims.email,
      email_verified: true,
      full_name: fullName,
      name: fullName,
      ...(claims.picture ? { avatar_url: claims.picture, picture: claims.picture } : {}),
    };
    const identity = await repo.findIdentity("google", claims.sub);
    if (identity) {
      await repo.touchIdentity(identity.id, identityData, now);
      return repo.updateUser(identity.user_id, { lastSignInAt: now }, now);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const existing = await repo.findUserByEmail(claims.email);
      if (existing) {
        return repo.linkIdentity({
          user: existing,
          provider: "google",
          providerId: claims.sub,
          identityData,
          // Spec §3: Google users carry email and full_name in user_metadata; existing keys stay.
          userMetadata: { email: claims.email, full_name: fullName, ...existing.raw_user_meta_data },
          dropPassword: existing.email_confirmed_at === null && existing.encrypted_password !== null,
          now,
        });
      }
      const created = await repo.createProviderUser({
        email: claims.email,
        provider: "google",
        providerId: claims.sub,
        identityData,
        userMetadata: identityData,
        now,
      });
      if (created) return created;
      // Someone registered the address between the two statements: link to that account instead.
    }
    throw new HttpError(409, "conflict", "Could not sign in with Google, please try again");
  }

  // --- MFA (TOTP) ---

  async enroll(
    actor: AuthenticatedUser,
    input: { friendly_name?: string | undefined; issuer?: string | undefined },
  ): Promise<EnrollFactorResponse> {
    const user = await this.#requireUser(actor.id);
    const factors = await this.#deps.repo.listFactors(user.id);
    if (actor.aal !== "aal2" && factors.some((factor) => factor.status === "verified")) {
      throw new HttpError(403, "insufficient_aal", "AAL2 required to enroll a new factor");
    }
    // RFC 4226 §4 R6: a shared secret of at least 128 bits; 160 bits is the SHA-1 block-friendly length.
    const secret = base32Encode(randomBytes(20));
    const friendlyName = input.friendly_name ?? "";
    const factorId = randomUUID();
    const factor = await this.#deps.repo.insertFactor({
      id: factorId,
      userId: user.id,
      friendlyName,
      sealedSecret: this.#deps.totpSecrets.seal(secret, factorId),
      now: new Date(),
    });
    const uri = totpUri({
      secretBase32: secret,
      issuer: input.issuer ?? this.#deps.config.brandName,
      accountName: user.email,
    });
    const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return {
      id: factor.id,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`, secret, uri },
    };
  }

  async #requireFactor(actor: AuthenticatedUser, factorId: string) {
    const factor = z.uuid().safeParse(factorId).success
      ? await this.#deps.repo.findFactor(actor.id, factorId)
      : undefined;
    if (!factor) throw new HttpError(404, "mfa_factor_not_found", "Factor not found");
    return factor;
  }

  async challenge(actor: AuthenticatedUser, factorId: string, ip: string | null): Promise<ChallengeResponse> {
    const factor = await this.#requireFactor(actor, factorId);
    const now = new Date();
    const challenge = await this.#deps.repo.insertChallenge(factor.id, ip, now);
    return {
      id: challenge.id,
      type: "totp",
      expires_at: seconds(new Date(now.getTime() + MFA_CHALLENGE_TTL_MS)),
    };
  }

  /** Checks the code and, on success, replaces the caller's session with an aal2 one (amr gains totp). */
  async verifyFactor(
    actor: AuthenticatedUser,
    factorId: string,
    input: { challenge_id?: string | undefined; code?: string | undefined },
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    const factor = await this.#requireFactor(actor, factorId);
    if (!input.challenge_id || !input.code)
      throw new HttpError(400, "validation_failed", "challenge_id and code are required");
    const challenge = z.uuid().safeParse(input.challenge_id).success
      ? await this.#deps.repo.findChallenge(factor.id, input.challenge_id)
      : undefined;
    if (!challenge) throw new HttpError(404, "mfa_challenge_not_found", "Challenge not found");
    const now = new Date();
    if (challenge.verified_at)
      throw new HttpError(422, "mfa_challenge_expired", "Challenge has already been verified");
    if (
      now.getTime() - challenge.created_at.getTime() > MFA_CHALLENGE_TTL_MS ||
      challenge.failed_attempts >= MFA_MAX_FAILED_ATTEMPTS
    ) {
      throw new HttpError(
        422,
        "mfa_challenge_expired",
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (challenge.ip_address !== meta.ip) {
      throw new HttpError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    }
    const secret = factor.secret === null ? null : this.#openTotpSecret(factor.id, factor.secret);
    const step = secret ? matchTotp(base32Decode(secret), input.code.trim(), now.getTime()) : null;
    const accepted =
      step !== null &&
      (await this.#deps.repo.acceptCode({ factorId: factor.id, challengeId: challenge.id, step, now }));
    if (!accepted) {
      await this.#deps.repo.countFailedAttempt(challenge.id);
      throw new HttpError(422, "mfa_verification_failed", "Invalid TOTP code entered");
    }
    if (factor.secret !== null && !SecretBox.isSealed(factor.secret)) {
      await this.#deps.repo.sealLegacySecret({
        factorId: factor.id,
        plainSecret: factor.secret,
        sealedSecret: this.#deps.totpSecrets.seal(factor.secret, factor.id),
      });
    }
    const user = await this.#requireUser(actor.id);
    const previous = await this.#deps.db
      .selectFrom("sessions")
      .select("amr")
      .where("id", "=", actor.sessionId)
      .executeTakeFirst();
    const earlier: AmrEntry[] = (previous?.amr ?? []).filter((entry) => entry.method !== "totp");
    const session = await this.#deps.auth.startSession(user, meta, now, {
      aal: "aal2",
      factorId: factor.id,
      amr: [{ method: "totp", timestamp: seconds(now) }, ...earlier],
    });
    // The aal1 session is replaced, so its tokens cannot be used (or refreshed) any more.
    await this.#deps.db.deleteFrom("sessions").where("id", "=", actor.sessionId).execute();
    return session;
  }

  /**
   * The base32 secret of a factor. Rows enrolled before secrets were encrypted hold it in plain text;
   * verifyFactor seals those after their next accepted code. A sealed secret that does not open
   * (JWT_SECRET changed) is a server fault, not a wrong code, so it is not counted against the challenge.
   */
  #openTotpSecret(factorId: string, stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    try {
      return this.#deps.totpSecrets.open(stored, factorId);
    } catch (error) {
      throw new Error(
        `TOTP secret of factor ${factorId} does not decrypt; if JWT_SECRET changed, the factor must be enrolled again`,
        { cause: error },
      );
    }
  }

  async unenroll(actor: AuthenticatedUser, factorId: string): Promise<{ id: string }> {
    const factor = await this.#requireFactor(actor, factorId);
    if (factor.status === "verified" && actor.aal !== "aal2") {
      throw new HttpError(403, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await this.#deps.repo.deleteFactor(actor.id, factor.id);
    return { id: factor.id };
  }

  // --- My data ---

  exportMyData(actor: AuthenticatedUser): Promise<Record<string, unknown>> {
    return collectUserData(this.#deps.db, actor.id);
  }

  /**
   * Password accounts confirm with the password; accounts without one (Google only) need a session
   * signed in during the last five minutes. With MFA on, app.authenticate has already required aal2.
   */
  async deleteMyAccount(
    actor: AuthenticatedUser,
    input: { password?: string | undefined },
  ): Promise<{ deleted: true }> {
    const user = await this.#requireUser(actor.id);
    if (user.encrypted_password) {
      if (!input.password)
        throw new HttpError(400, "validation_failed", "Enter your password to delete your account.");
      const matches = await verifyPassword(user.encrypted_password, input.password).catch(() => false);
      if (!matches) throw new HttpError(400, "invalid_credentials", "The password is not correct.");
    } else {
      const session = await this.#deps.db
        .selectFrom("sessions")
        .select("created_at")
        .where("id", "=", actor.sessionId)
        .executeTakeFirst();
      const ageMs = session ? Date.now() - session.created_at.getTime() : Number.POSITIVE_INFINITY;
      if (ageMs > DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS * 1000) {
        throw new HttpError(
          403,
          "reauthentication_needed",
          "For your security, sign in again (within the last 5 minutes) before deleting your account.",
        );
      }
    }
    await this.#deps.cancelSubscription(user.id);
    await this.#deps.repo.deleteUser(user.id);
    return { deleted: true };
  }

  async #requireUser(userId: string): Promise<User> {
    const user = await this.#deps.repo.findUserById(userId);
    if (!user) throw new HttpError(404, "user_not_found", "User not found");
    return user;
  }
}
