import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type LogoutScope,
  type Session as SessionResponse,
  type User as UserResponse,
} from "@fitwise/contracts/auth";
import { z } from "zod";
import type { AppMetadata, Session, User } from "../../db/schema";
import { SESSION_LIMITS_DEFAULT, type SessionLimits } from "../../env";
import { HttpError } from "../../http/errors";
import { jsonDepth } from "../../http/json-depth";
import type { AuthenticatedUser } from "../../http/authenticate";
import type { PkceChallenge } from "./auth.pkce";
import type { AuthRepository, FactorRow, SessionMeta, SessionOptions } from "./auth.repository";
import { guessablePassword } from "./common-passwords";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "../../http/access-token";

/** OWASP Password Storage Cheat Sheet, argon2id minimum: m=19456 KiB (19 MiB), t=2, p=1. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A spent refresh token re-presented within this window gets the session's current token (tab races). */
export const REFRESH_TOKEN_REUSE_GRACE_MS = 10_000;

/** A recovery link's session only has to last long enough to choose a new password. */
export const RECOVERY_SESSION_TTL_MS = 15 * 60 * 1000;

/**
 * The session an e-mail link or a completed PKCE flow grants, by its RFC 8176 method: the method
 * in amr, and a recovery session that ends after RECOVERY_SESSION_TTL_MS.
 */
export function sessionOptionsFor(method: string, now: Date): SessionOptions {
  return {
    amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
    ...(method === "recovery" ? { notAfter: new Date(now.getTime() + RECOVERY_SESSION_TTL_MS) } : {}),
  };
}

/** Bounds the walk down a chain of rotations that all happened inside the grace window. */
const MAX_GRACE_CHAIN = 20;

const EmailSchema = z.email();

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

function requirePasswordPolicy(password: string, email: string | undefined): void {
  // Length in code points, so a password is never judged (or truncated) by its UTF-16 length.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) throw new HttpError(422, "weak_password", AUTH_MESSAGES.weakPassword);
  if (length > PASSWORD_MAX_LENGTH)
    throw new HttpError(422, "validation_failed", AUTH_MESSAGES.passwordTooLong);
  if (guessablePassword(password, email) !== undefined)
    throw new HttpError(422, "weak_password", AUTH_MESSAGES.guessablePassword);
}

/**
 * user_metadata travels in every sign-in, refresh and /user answer and in the access token's
 * neighbours: an unbounded one let 20 requests of 900 KB make one account's every answer 18 MB.
 * GoTrue has no limit; 8 KB holds the product's keys (docs/product.md §3) many times over.
 */
export const USER_METADATA_MAX_BYTES = 8_192;
export const USER_METADATA_MAX_DEPTH = 8;

function requireMetadataLimits(metadata: Record<string, unknown>): void {
  if (jsonDepth(metadata, USER_METADATA_MAX_DEPTH) > USER_METADATA_MAX_DEPTH)
    throw new HttpError(
      400,
      "validation_failed",
      `user_metadata nests deeper than ${USER_METADATA_MAX_DEPTH} levels`,
    );
  if (Buffer.byteLength(JSON.stringify(metadata), "utf8") > USER_METADATA_MAX_BYTES)
    throw new HttpError(
      400,
      "validation_failed",
      `user_metadata is larger than ${USER_METADATA_MAX_BYTES / 1024} KB`,
    );
}

function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!EmailSchema.safeParse(normalised).success) {
    throw new HttpError(400, "validation_failed", AUTH_MESSAGES.invalidEmail);
  }
  return normalised;
}

/** GoTrue's factor shape inside the user object; never the secret. */
function toFactorResponse(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? "",
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
  };
}

export function toUserResponse(user: User, factors: FactorRow[] = []): UserResponse {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: { ...user.raw_app_meta_data },
    user_metadata: user.raw_user_meta_data,
    factors: factors.map(toFactorResponse),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}

export interface AuthServiceOptions {
  jwtSecret: string;
  /** How long a session may be refreshed (absent: SESSION_LIMITS_DEFAULT, decision 056). */
  sessionLimits?: SessionLimits;
  /** JWT `iss`: `${publicUrl}/auth/v1`. */
  issuer: string;
  /**
   * AUTH_CONFIRM_EMAIL: sign-up returns the user without a session and calls `sendConfirmation`;
   * password sign-in is refused until the address is confirmed.
   */
  emailConfirmation?: {
    /** With a PKCE challenge from /signup, the link is bound to that flow. */
    send(user: User, challenge: PkceChallenge | undefined): Promise<void>;
    /** Someone signed up with an address that has an account: the owner gets mail, the caller the usual answer. */
    sendToExisting(user: User): Promise<void>;
  };
  /**
   * What a new account's app_metadata records from the sign-up's data beyond the provider: the trial a
   * guest from a public plan was promised (docs/decisions/054). Only the server writes app_metadata.
   */
  signUpOffer?(data: Record<string, unknown> | undefined): Promise<Partial<AppMetadata> | undefined>;
  /** Mails the link that confirms a new address (PUT /user with `email`); absent: e-mail changes are refused. */
  emailChange?: { send(user: User, newEmail: string): Promise<void> };
}

export class AuthService {
  readonly #repo: AuthRepository;
  readonly #options: AuthServiceOptions;
  #dummyHash: Promise<string> | undefined;

  constructor(repo: AuthRepository, options: AuthServiceOptions) {
    this.#repo = repo;
    this.#options = options;
  }

  /** Verifying against this when the email is unknown makes that answer cost as much as a wrong password. */
  #dummyPasswordHash(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    return this.#dummyHash;
  }

  /** Child tokens are derived, not stored: a spent token re-sent in the grace window can be given the same child. */
  #childToken(parentToken: string): string {
    return createHmac("sha256", this.#options.jwtSecret)
      .update(`refresh-token-child:${parentToken}`)
      .digest("base64url");
  }

  async #issueSession(user: User, session: Session, refreshToken: string): Promise<SessionResponse> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await signAccessToken(
      {
        userId: user.id,
        email: user.email,
        sessionId: session.id,
        aal: session.aal,
        // Sessions from before migration 005 have no methods recorded; they were password sign-ins.
        amr:
          session.amr.length > 0
            ? session.amr
            : [{ method: "password", timestamp: Math.floor(session.created_at.getTime() / 1000) }],
      },
      this.#options.jwtSecret,
      this.#options.issuer,
      nowSeconds,
    );
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toUserResponse(user, await this.#repo.listFactors(user.id)),
    };
  }

  /** Creates a session with its first refresh token; other modules (Google, e-mail links, MFA) start theirs here. */
  async startSession(
    user: User,
    meta: SessionMeta,
    now: Date,
    options: SessionOptions = {},
  ): Promise<SessionResponse> {
    const session = await this.#repo.createSession(user.id, meta, now, options);
    const refreshToken = randomBytes(32).toString("base64url");
    await this.#repo.insertRefreshToken({
      tokenHash: sha256(refreshToken),
      userId: user.id,
      sessionId: session.id,
      parent: null,
      now,
    });
    return this.#issueSession(user, session, refreshToken);
  }

  /** grant_type=pkce: the session a completed flow stands for, once its code and verifier checked out. */
  async startSessionFor(
    userId: string,
    meta: SessionMeta,
    now: Date,
    options: SessionOptions,
  ): Promise<SessionResponse> {
    return this.startSession(await this.#requireUser(userId), meta, now, options);
  }

  async signUp(
    input: {
      email?: string | undefined;
      password?: string | undefined;
      data?: Record<string, unknown> | undefined;
    },
    meta: SessionMeta,
    challenge?: PkceChallenge,
  ): Promise<SessionResponse | UserResponse> {
    if (!input.email || !input.password) {
      throw new HttpError(400, "validation_failed", AUTH_MESSAGES.missingCredentials);
    }
    const email = normaliseEmail(input.email);
    requirePasswordPolicy(input.password, email);
    const fullName = typeof input.data?.full_name === "string" ? input.data.full_name.trim() : "";
    const userMetadata = { ...input.data, full_name: fullName, user_full_name: fullName, user_email: email };
    requireMetadataLimits(userMetadata);
    const now = new Date();
    const offer = await this.#options.signUpOffer?.(input.data);
    const user = await this.#repo.createUser({
      email,
      passwordHash: await hashPassword(input.password),
      userMetadata,
      now,
      emailConfirmed: !this.#options.emailConfirmation,
      ...(offer ? { appMetadata: { provider: "email", providers: ["email"], ...offer } } : {}),
    });
    if (!user) {
      // GoTrue's rule: with confirmation on, a registered address gets the same answer as a new one
      // (a user that is never stored), and the mail goes to the address's owner. With auto-confirm a
      // new address gets a working session, which no answer for a registered one can imitate.
      if (!this.#options.emailConfirmation) {
        throw new HttpError(422, "user_already_exists", AUTH_MESSAGES.userAlreadyExists);
      }
      const existing = await this.#repo.findUserByEmail(email);
      if (existing) await this.#options.emailConfirmation.sendToExisting(existing);
      return toUserResponse({
        id: randomUUID(),
        aud: "authenticated",
        role: "authenticated",
        email,
        encrypted_password: null,
        email_confirmed_at: null,
        email_verified_at: null,
        last_sign_in_at: null,
        raw_app_meta_data: { provider: "email", providers: ["email"] },
        raw_user_meta_data: userMetadata,
        created_at: now,
        updated_at: now,
      });
    }
    if (this.#options.emailConfirmation) {
      // GoTrue's answer while confirmation is pending: the user, no session.
      await this.#options.emailConfirmation.send(user, challenge);
      return toUserResponse(user);
    }
    const signedIn = await this.#repo.updateUser(user.id, { lastSignInAt: now }, now);
    return this.startSession(signedIn, meta, now);
  }

  async signInWithPassword(
    input: { email?: string | undefined; password?: string | undefined },
    meta: SessionMeta,
  ): Promise<SessionResponse> {
    if (!input.email || !input.password) {
      throw new HttpError(400, "validation_failed", AUTH_MESSAGES.missingCredentials);
    }
    const user = await this.#repo.findUserByEmail(input.email.trim().toLowerCase());
    const passwordHash = user?.encrypted_password ?? (await this.#dummyPasswordHash());
    const matches = await verify(passwordHash, input.password).catch(() => false);
    if (!user?.encrypted_password || !matches) {
      throw new HttpError(400, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
    }
    // Only someone who knows the password learns that the address is unconfirmed.
    if (this.#options.emailConfirmation && !user.email_confirmed_at) {
      throw new HttpError(400, "email_not_confirmed", AUTH_MESSAGES.emailNotConfirmed);
    }
    const now = new Date();
    const signedIn = await this.#repo.updateUser(user.id, { lastSignInAt: now }, now);
    // With a verified factor this is an aal1 session listing the factors; the client then asks for a code.
    return this.startSession(signedIn, meta, now);
  }

  async refresh(refreshToken: string | undefined): Promise<SessionResponse> {
    if (!refreshToken) throw new HttpError(400, "validation_failed", "refresh_token required");
    const now = new Date();
    const tokenHash = sha256(refreshToken);
    const spent = await this.#repo.spendRefreshToken(tokenHash, now);
    if (spent) {
      const session = await this.#liveSession(spent.session_id, now);
      const child = this.#childToken(refreshToken);
      await this.#repo.insertRefreshToken({
        tokenHash: sha256(child),
        userId: spent.user_id,
        sessionId: session.id,
        parent: tokenHash,
        now,
      });
      await this.#repo.touchSession(session.id, now);
      return this.#issueSession(await this.#requireUser(spent.user_id), session, child);
    }

    const existing = await this.#repo.findRefreshToken(tokenHash);
    if (!existing) throw new HttpError(400, "refresh_token_not_found", AUTH_MESSAGES.refreshTokenNotFound);
    const session = await this.#liveSession(existing.session_id, now);
    // Walk to the session's current token: each spent link must itself have been spent within the grace window.
    let link = existing;
    let token = refreshToken;
    for (let step = 0; step < MAX_GRACE_CHAIN; step += 1) {
      if (!link.used_at || now.getTime() - link.used_at.getTime() > REFRESH_TOKEN_REUSE_GRACE_MS) break;
      const child = this.#childToken(token);
      const childHash = sha256(child);
      const childRow = await this.#repo.findRefreshToken(childHash);
      if (!childRow || !childRow.revoked) {
        // A racing request spent the parent but may not have stored the child yet.
        await this.#repo.insertRefreshToken({
          tokenHash: childHash,
          userId: link.user_id,
          sessionId: session.id,
          parent: sha256(token),
          now,
        });
        return this.#issueSession(await this.#requireUser(link.user_id), session, child);
      }
      link = childRow;
      token = child;
    }
    // A spent token replayed after the grace window: assume it was stolen and end the session.
    await this.#repo.deleteSession(session.id);
    throw new HttpError(400, "refresh_token_already_used", AUTH_MESSAGES.refreshTokenAlreadyUsed);
  }

  async #liveSession(sessionId: string, now: Date): Promise<Session> {
    const session = await this.#repo.findSession(sessionId);
    if (!session) throw new HttpError(400, "refresh_token_not_found", AUTH_MESSAGES.refreshTokenNotFound);
    const limits = this.#options.sessionLimits ?? SESSION_LIMITS_DEFAULT;
    const lastUsed = session.refreshed_at ?? session.created_at;
    const ended =
      (session.not_after !== null && session.not_after.getTime() <= now.getTime()) ||
      now.getTime() - session.created_at.getTime() >= limits.maxAgeMs ||
      now.getTime() - lastUsed.getTime() >= limits.idleMs;
    if (ended) {
      // Its refresh tokens go with it (foreign key cascade), so none of them works again.
      await this.#repo.deleteSession(session.id);
      throw new HttpError(400, "session_expired", "Session has expired");
    }
    return session;
  }

  async #requireUser(userId: string): Promise<User> {
    const user = await this.#repo.findUserById(userId);
    if (!user) throw new HttpError(404, "user_not_found", "User not found");
    return user;
  }

  async getUser(userId: string): Promise<UserResponse> {
    return toUserResponse(await this.#requireUser(userId), await this.#repo.listFactors(userId));
  }

  /**
   * GoTrue's e-mail change: checks the new address and mails it a link; the account keeps its address until
   * the link is opened (AccountEmail). Undefined when no change was asked for.
   */
  async #requestEmailChange(user: User, rawEmail: string | undefined, now: Date) {
    if (rawEmail === undefined) return undefined;
    const email = normaliseEmail(rawEmail);
    if (email === user.email) throw new HttpError(422, "same_email", AUTH_MESSAGES.sameEmail);
    if (!this.#options.emailChange)
      throw new HttpError(400, "validation_failed", "Changing the e-mail address is not available");
    if (await this.#repo.findUserByEmail(email))
      throw new HttpError(422, "email_exists", AUTH_MESSAGES.emailExists);
    await this.#options.emailChange.send(user, email);
    return { new_email: email, email_change_sent_at: now.toISOString() };
  }

  async updateUser(
    actor: AuthenticatedUser,
    input: {
      data?: Record<string, unknown> | undefined;
      password?: string | undefined;
      email?: string | undefined;
    },
  ): Promise<UserResponse> {
    const user = await this.#requireUser(actor.id);
    const userMetadata = input.data ? { ...user.raw_user_meta_data, ...input.data } : undefined;
    if (userMetadata) requireMetadataLimits(userMetadata);
    const now = new Date();
    let passwordHash: string | undefined;
    const factors = await this.#repo.listFactors(user.id);
    // GoTrue's rule: with MFA on, a stolen aal1 session (or a recovery link alone) cannot change the password
    // or the address that password resets go to.
    if (
      (input.password !== undefined || input.email !== undefined) &&
      actor.aal !== "aal2" &&
      factors.some((factor) => factor.status === "verified")
    ) {
      throw new HttpError(403, "insufficient_aal", AUTH_MESSAGES.aal2RequiredForPassword);
    }
    const emailChange = await this.#requestEmailChange(user, input.email, now);
    if (input.password !== undefined) {
      requirePasswordPolicy(input.password, user.email);
      passwordHash = await hashPassword(input.password);
    }
    const updated = await this.#repo.updateUser(
      user.id,
      {
        ...(passwordHash ? { passwordHash } : {}),
        ...(userMetadata ? { userMetadata } : {}),
      },
      now,
    );
    // Whoever knew the old password must not stay signed in elsewhere.
    if (passwordHash) {
      await this.#repo.deleteUserSessions(user.id, actor.sessionId);
      await this.#repo.clearSessionNotAfter(actor.sessionId, now);
    }
    return { ...toUserResponse(updated, factors), ...emailChange };
  }

  async logout(actor: AuthenticatedUser, scope: LogoutScope): Promise<void> {
    if (scope === "local") await this.#repo.deleteSession(actor.sessionId);
    else if (scope === "others") await this.#repo.deleteUserSessions(actor.id, actor.sessionId);
    else await this.#repo.deleteUserSessions(actor.id);
  }
}
