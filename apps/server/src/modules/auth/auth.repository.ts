import type { Database } from "../../db/database";
import type { AmrEntry, AppMetadata, RefreshToken, Session, User } from "../../db/schema";
import type { SessionLimits } from "../../env";

export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
}

/** How a session was authenticated; the defaults are a password sign-in at aal1 with no time limit. */
export interface SessionOptions {
  aal?: "aal1" | "aal2";
  amr?: AmrEntry[];
  factorId?: string;
  /** The session ends at this instant (e.g. a recovery session). */
  notAfter?: Date;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

/** Every SQL statement of the auth module; the service holds the rules. */
export class AuthRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  findUserByEmail(email: string): Promise<User | undefined> {
    return this.#db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  }

  findUserById(id: string): Promise<User | undefined> {
    return this.#db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Creates the user and its email identity together; undefined when the email is taken. */
  async createUser(input: {
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    now: Date;
    /** False when the address must first be confirmed by e-mail (AUTH_CONFIRM_EMAIL). */
    emailConfirmed?: boolean;
    /** The column's default (e-mail provider) when left out. */
    appMetadata?: AppMetadata;
  }): Promise<User | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email: input.email,
          encrypted_password: input.passwordHash,
          email_confirmed_at: input.emailConfirmed === false ? null : input.now,
          raw_user_meta_data: JSON.stringify(input.userMetadata),
          ...(input.appMetadata ? { raw_app_meta_data: JSON.stringify(input.appMetadata) } : {}),
          created_at: input.now,
          updated_at: input.now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) return undefined;
      await trx
        .insertInto("identities")
        .values({
          user_id: user.id,
          provider: "email",
          provider_id: user.id,
          identity_data: JSON.stringify({ sub: user.id, email: user.email }),
          last_sign_in_at: input.now,
          created_at: input.now,
          updated_at: input.now,
        })
        .execute();
      return user;
    });
  }

  async updateUser(
    id: string,
    changes: { passwordHash?: string; userMetadata?: Record<string, unknown>; lastSignInAt?: Date },
    now: Date,
  ): Promise<User> {
    return this.#db
      .updateTable("users")
      .set({
        updated_at: now,
        ...(changes.passwordHash !== undefined ? { encrypted_password: changes.passwordHash } : {}),
        ...(changes.userMetadata !== undefined
          ? { raw_user_meta_data: JSON.stringify(changes.userMetadata) }
          : {}),
        ...(changes.lastSignInAt !== undefined ? { last_sign_in_at: changes.lastSignInAt } : {}),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  createSession(
    userId: string,
    meta: SessionMeta,
    now: Date,
    options: SessionOptions = {},
  ): Promise<Session> {
    const amr = options.amr ?? [{ method: "password", timestamp: Math.floor(now.getTime() / 1000) }];
    return this.#db
      .insertInto("sessions")
      .values({
        user_id: userId,
        user_agent: meta.userAgent,
        ip: meta.ip,
        aal: options.aal ?? "aal1",
        amr: JSON.stringify(amr),
        factor_id: options.factorId ?? null,
        not_after: options.notAfter ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The user's MFA factors, oldest first, without their secrets. */
  listFactors(userId: string): Promise<FactorRow[]> {
    return this.#db
      .selectFrom("mfa_factors")
      .select(["id", "friendly_name", "factor_type", "status", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
  }

  /** A session that set a new password (e.g. a short-lived recovery session) becomes an ordinary one. */
  async clearSessionNotAfter(id: string, now: Date): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set({ not_after: null, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  findSession(id: string): Promise<Session | undefined> {
    return this.#db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set({ refreshed_at: now, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  /** Deleting a session also deletes its refresh tokens (foreign key cascade). */
  async deleteSession(id: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("id", "=", id).execute();
  }

  /**
   * Deletes the sessions that had ended by `endedBy` (their not_after, or the limits AuthService.#liveSession applies)
   * with their refresh tokens (cascade); a refresh would have deleted each, had its device come back. Returns how many.
   */
  async deleteEndedSessions(endedBy: Date, limits: SessionLimits): Promise<number> {
    const result = await this.#db
      .deleteFrom("sessions")
      .where((eb) =>
        eb.or([
          eb("not_after", "<=", endedBy),
          eb("created_at", "<=", new Date(endedBy.getTime() - limits.maxAgeMs)),
          eb(eb.fn.coalesce("refreshed_at", "created_at"), "<=", new Date(endedBy.getTime() - limits.idleMs)),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteUserSessions(userId: string, exceptSessionId?: string): Promise<void> {
    let query = this.#db.deleteFrom("sessions").where("user_id", "=", userId);
    if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
    await query.execute();
  }

  /** Inserts a refresh token; a token already present (a concurrent rotation) is left alone. */
  async insertRefreshToken(input: {
    tokenHash: string;
    userId: string;
    sessionId: string;
    parent: string | null;
    now: Date;
  }): Promise<void> {
    await this.#db
      .insertInto("refresh_tokens")
      .values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        session_id: input.sessionId,
        parent: input.parent,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.column("token_hash").doNothing())
      .execute();
  }

  /** Marks an unspent token as used in one statement, so two racing requests cannot both win. */
  spendRefreshToken(tokenHash: string, now: Date): Promise<RefreshToken | undefined> {
    return this.#db
      .updateTable("refresh_tokens")
      .set({ revoked: true, used_at: now, updated_at: now })
      .where("token_hash", "=", tokenHash)
      .where("revoked", "=", false)
      .returningAll()
      .executeTakeFirst();
  }

  findRefreshToken(tokenHash: string): Promise<RefreshToken | undefined> {
    return this.#db
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }
}
