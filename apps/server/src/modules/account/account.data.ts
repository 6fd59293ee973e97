import { verify as verifyPassword } from "@node-rs/argon2";
import { DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS } from "@fitwise/contracts/account";
import type { AuthenticatedUser } from "../../http/authenticate";
import { HttpError } from "../../http/errors";
import { requireUser, type AccountServiceDeps } from "./account.deps";
import { collectUserData } from "./data-export";

/** The user's own data: export it, or delete the account with it. */
export class AccountData {
  readonly #deps: AccountServiceDeps;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
  }

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
    const user = await requireUser(this.#deps, actor.id);
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
}
