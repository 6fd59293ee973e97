import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/database";
import type { DB, OneTimeTokensTable, User } from "../../db/schema";
import { AuthRepository } from "../auth/auth.repository";

export type OneTimeTokenType = OneTimeTokensTable["token_type"];

/**
 * Every SQL statement of the account module; the service holds the rules. The user, session and factor
 * queries it shares with sign-in come from AuthRepository, so each is written once.
 */
export class AccountRepository extends AuthRepository {
  readonly #db: Database;

  constructor(db: Database) {
    super(db);
    this.#db = db;
  }

  /** One live token per user and type (unique key): issuing a new link voids the previous one. */
  async putOneTimeToken(
    userId: string,
    type: OneTimeTokenType,
    tokenHash: string,
    relatesTo: string,
    now: Date,
    /** null: an e-mail change, which its token_type names. */
    linkType: "signup" | "recovery" | "magiclink" | null,
  ) {
    await this.#db
      .insertInto("one_time_tokens")
      .values({
        user_id: userId,
        token_type: type,
        token_hash: tokenHash,
        relates_to: relatesTo,
        link_type: linkType,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "token_type"]).doUpdateSet({
          token_hash: tokenHash,
          relates_to: relatesTo,
          link_type: linkType,
          created_at: now,
          updated_at: now,
        }),
      )
      .execute();
  }

  /**
   * Deletes and returns the token in one statement, so a link can be used once even by racing requests.
   * Without `asRecovery`, a mailed recovery link (or a row that does not say) is not found: it must
   * give a recovery session, which ends unless it sets a new password (migration 013).
   */
  consumeOneTimeToken(tokenHash: string, types: OneTimeTokenType[], asRecovery: boolean) {
    return this.#db
      .deleteFrom("one_time_tokens")
      .where("token_hash", "=", tokenHash)
      .where("token_type", "in", types)
      .$if(!asRecovery, (query) =>
        query.where((eb) =>
          eb.or([eb("token_type", "<>", "recovery_token"), eb("link_type", "=", "magiclink")]),
        ),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Following an e-mail link proves the address: confirmed (if it was not) and verified. */
  async confirmEmail(userId: string, now: Date): Promise<User> {
    return this.#db
      .updateTable("users")
      .set((eb) => ({
        email_confirmed_at: eb.fn.coalesce("email_confirmed_at", eb.val(now)),
        email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)),
        updated_at: now,
      }))
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The account's address becomes `email` (an e-mail change link was opened, which proves it), in the
   * account, its metadata and its profile row, in one transaction.
   */
  async changeEmail(userId: string, email: string, now: Date): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const user = await trx
        .updateTable("users")
        .set((eb) => ({
          email,
          email_confirmed_at: eb.fn.coalesce("email_confirmed_at", eb.val(now)),
          email_verified_at: now,
          raw_user_meta_data: sql`raw_user_meta_data || ${JSON.stringify({ user_email: email })}::jsonb`,
          updated_at: now,
        }))
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable("my_users").set({ user_email: email }).where("user_id", "=", userId).execute();
      return user;
    });
  }

  async insertOidcState(row: {
    stateHash: string;
    provider: string;
    codeVerifier: string;
    nonce: string;
    redirectTo: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.deleteExpiredOidcStates(row.now);
    await this.#db
      .insertInto("oidc_states")
      .values({
        state_hash: row.stateHash,
        provider: row.provider,
        code_verifier: row.codeVerifier,
        nonce: row.nonce,
        redirect_to: row.redirectTo,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Abandoned sign-ins would otherwise pile up; expired rows are useless to anyone. Returns how many went. */
  async deleteExpiredOidcStates(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom("oidc_states").where("expires_at", "<", now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** E-mail link tokens issued before `before` (expired ones: consume refuses them); returns how many went. */
  async deleteOneTimeTokensIssuedBefore(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom("one_time_tokens")
      .where("created_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** MFA challenges made before `before` (expired ones: verifyFactor refuses them); returns how many went. */
  async deleteMfaChallengesMadeBefore(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom("mfa_challenges")
      .where("created_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  consumeOidcState(stateHash: string) {
    return this.#db
      .deleteFrom("oidc_states")
      .where("state_hash", "=", stateHash)
      .returningAll()
      .executeTakeFirst();
  }

  findIdentity(provider: string, providerId: string) {
    return this.#db
      .selectFrom("identities")
      .selectAll()
      .where("provider", "=", provider)
      .where("provider_id", "=", providerId)
      .executeTakeFirst();
  }

  async touchIdentity(id: string, identityData: Record<string, unknown>, now: Date): Promise<void> {
    await this.#db
      .updateTable("identities")
      .set({ identity_data: JSON.stringify(identityData), last_sign_in_at: now, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  /** A user who only signs in with a provider: no password, e-mail confirmed by the provider. */
  async createProviderUser(input: {
    email: string;
    provider: string;
    providerId: string;
    identityData: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
    now: Date;
  }): Promise<User | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email: input.email,
          encrypted_password: null,
          email_confirmed_at: input.now,
          email_verified_at: input.now,
          last_sign_in_at: input.now,
          raw_app_meta_data: JSON.stringify({ provider: input.provider, providers: [input.provider] }),
          raw_user_meta_data: JSON.stringify(input.userMetadata),
          created_at: input.now,
          updated_at: input.now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!user) return undefined;
      await insertIdentity(trx, user.id, input);
      return user;
    });
  }

  /**
   * Adds a provider identity to an existing user. `dropCredentials` (an address nobody had proven)
   * also removes the password, every session with its refresh tokens, every MFA factor and pending
   * e-mail link or PKCE flow, since whoever set them never proved the address (decision 043). The
   * account's data stays: it is most likely the owner's own.
   */
  async linkIdentity(input: {
    user: User;
    provider: string;
    providerId: string;
    identityData: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
    dropCredentials: boolean;
    now: Date;
  }): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const providers = [...new Set([...input.user.raw_app_meta_data.providers, input.provider])];
      const user = await trx
        .updateTable("users")
        .set({
          raw_app_meta_data: JSON.stringify({ ...input.user.raw_app_meta_data, providers }),
          raw_user_meta_data: JSON.stringify(input.userMetadata),
          email_confirmed_at: input.user.email_confirmed_at ?? input.now,
          // Only providers that vouch for the address are linked (Google's email_verified).
          email_verified_at: input.user.email_verified_at ?? input.now,
          last_sign_in_at: input.now,
          updated_at: input.now,
          ...(input.dropCredentials ? { encrypted_password: null } : {}),
        })
        .where("id", "=", input.user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (input.dropCredentials) {
        await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
        await trx.deleteFrom("mfa_factors").where("user_id", "=", user.id).execute();
        await trx.deleteFrom("one_time_tokens").where("user_id", "=", user.id).execute();
        await trx.deleteFrom("flow_states").where("user_id", "=", user.id).execute();
      }
      await insertIdentity(trx, user.id, input);
      return user;
    });
  }

  listIdentities(userId: string) {
    return this.#db
      .selectFrom("identities")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
  }

  // --- MFA ---

  findFactor(userId: string, factorId: string) {
    return this.#db
      .selectFrom("mfa_factors")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", factorId)
      .executeTakeFirst();
  }

  /**
   * Unverified factors are half-finished enrolments; a new one replaces them. The id comes from the
   * caller because the sealed secret is bound to it.
   */
  async insertFactor(input: {
    id: string;
    userId: string;
    friendlyName: string;
    sealedSecret: string;
    now: Date;
  }) {
    await this.#db
      .deleteFrom("mfa_factors")
      .where("user_id", "=", input.userId)
      .where("status", "=", "unverified")
      .execute();
    return this.#db
      .insertInto("mfa_factors")
      .values({
        id: input.id,
        user_id: input.userId,
        friendly_name: input.friendlyName,
        factor_type: "totp",
        secret: input.sealedSecret,
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Replaces a secret stored before encryption with its sealed form; only while the row still holds
   * that plain value, so a concurrent rewrite is never overwritten.
   */
  async sealLegacySecret(input: { factorId: string; plainSecret: string; sealedSecret: string }) {
    await this.#db
      .updateTable("mfa_factors")
      .set({ secret: input.sealedSecret })
      .where("id", "=", input.factorId)
      .where("secret", "=", input.plainSecret)
      .execute();
  }

  async deleteFactor(userId: string, factorId: string): Promise<boolean> {
    const deleted = await this.#db
      .deleteFrom("mfa_factors")
      .where("user_id", "=", userId)
      .where("id", "=", factorId)
      .returning("id")
      .executeTakeFirst();
    return deleted !== undefined;
  }

  async insertChallenge(factorId: string, ip: string | null, now: Date) {
    await this.#db
      .updateTable("mfa_factors")
      .set({ last_challenged_at: now })
      .where("id", "=", factorId)
      .execute();
    return this.#db
      .insertInto("mfa_challenges")
      .values({ factor_id: factorId, ip_address: ip, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findChallenge(factorId: string, challengeId: string) {
    return this.#db
      .selectFrom("mfa_challenges")
      .selectAll()
      .where("factor_id", "=", factorId)
      .where("id", "=", challengeId)
      .executeTakeFirst();
  }

  async countFailedAttempt(challengeId: string): Promise<number> {
    const row = await this.#db
      .updateTable("mfa_challenges")
      .set({ failed_attempts: sql<number>`failed_attempts + 1` })
      .where("id", "=", challengeId)
      .returning("failed_attempts")
      .executeTakeFirst();
    return row?.failed_attempts ?? 0;
  }

  /**
   * Accepts a code's time step only if it is later than the last accepted one and the challenge is
   * still open, in one statement each, so a code cannot be used twice even by racing requests.
   */
  async acceptCode(input: {
    factorId: string;
    challengeId: string;
    step: number;
    now: Date;
  }): Promise<boolean> {
    return this.#db
      .transaction()
      .execute(async (trx) => {
        const challenge = await trx
          .updateTable("mfa_challenges")
          .set({ verified_at: input.now })
          .where("id", "=", input.challengeId)
          .where("verified_at", "is", null)
          .returning("id")
          .executeTakeFirst();
        if (!challenge) return false;
        const factor = await trx
          .updateTable("mfa_factors")
          .set({ last_totp_step: input.step, status: "verified", updated_at: input.now })
          .where("id", "=", input.factorId)
          .where((eb) => eb.or([eb("last_totp_step", "is", null), eb("last_totp_step", "<", input.step)]))
          .returning("id")
          .executeTakeFirst();
        if (!factor) {
          // Roll back the challenge too: a replayed code must not use up the challenge.
          throw new ReplayedCode();
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ReplayedCode) return false;
        throw error;
      });
  }

  // --- Account deletion ---

  /**
   * Removes the user. Every table of migrations 001-004 holding a user id references users with
   * ON DELETE CASCADE, except analytics_events and webhook_events (ON DELETE SET NULL, keeping
   * anonymous counts); the subscription id kept in webhook_events is cleared here as well.
   */
  async deleteUser(userId: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable("webhook_events")
        .set({ subscription_id: null, user_id: null })
        .where("user_id", "=", userId)
        .execute();
      await trx
        .updateTable("analytics_events")
        .set({ user_id: null })
        .where("user_id", "=", userId)
        .execute();
      await trx.deleteFrom("users").where("id", "=", userId).execute();
    });
  }
}

class ReplayedCode extends Error {}

/** The provider identity that createProviderUser and linkIdentity both record. */
async function insertIdentity(
  trx: Transaction<DB>,
  userId: string,
  input: { provider: string; providerId: string; identityData: Record<string, unknown>; now: Date },
): Promise<void> {
  await trx
    .insertInto("identities")
    .values({
      user_id: userId,
      provider: input.provider,
      provider_id: input.providerId,
      identity_data: JSON.stringify(input.identityData),
      last_sign_in_at: input.now,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
}
