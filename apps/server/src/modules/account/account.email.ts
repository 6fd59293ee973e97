import type { EmailLinkType } from "@fitwise/contracts/account";
import { AUTH_MESSAGES, type Session as SessionResponse } from "@fitwise/contracts/auth";
import { z } from "zod";
import { HttpError } from "../../http/errors";
import type { SessionMeta } from "../auth/auth.repository";
import { withAuthCode, type PkceChallenge } from "../auth/auth.pkce";
import { sessionOptionsFor } from "../auth/auth.service";
import type { AccountServiceDeps } from "./account.deps";
import { errorFragment, sessionFragment } from "./account.fragments";
import { safeRedirect, sha256Hex } from "./email-links";

const EmailSchema = z.email();

/** E-mail links: password recovery, sign-in links, confirmation again, and following any of them. */
export class AccountEmail {
  readonly #deps: AccountServiceDeps;
  /** E-mails being sent after the answer went out; awaited when the app closes. */
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
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

  #normaliseEmail(email: string): string {
    const normalised = email.trim().toLowerCase();
    if (!EmailSchema.safeParse(normalised).success)
      throw new HttpError(400, "validation_failed", AUTH_MESSAGES.invalidEmail);
    return normalised;
  }

  /** POST /recover: always the same empty 200 answer. */
  recover(
    rawEmail: string | undefined,
    redirectTo: string | undefined,
    challenge?: PkceChallenge,
  ): Record<string, never> {
    if (!rawEmail) throw new HttpError(400, "validation_failed", "Password recovery requires an email");
    const email = this.#normaliseEmail(rawEmail);
    this.#inBackground(async () => {
      const user = await this.#deps.repo.findUserByEmail(email);
      const pkce = challenge ? { flows: this.#deps.pkce, challenge } : undefined;
      if (user) await this.#deps.links.send(user, "recovery", redirectTo, pkce);
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

  /**
   * Spends an e-mail change link: the account's address becomes the one the link was mailed to, unless another
   * account took that address in the meantime (then the link is void, as an expired one).
   */
  async #userFromEmailChange(token: string, now: Date) {
    const change = await this.#deps.links.consumeEmailChange(token, now);
    if (!change) return undefined;
    const holder = await this.#deps.repo.findUserByEmail(change.newEmail);
    if (holder !== undefined && holder.id !== change.user.id) return undefined;
    const changed = await this.#deps.repo.changeEmail(change.user.id, change.newEmail, now);
    const user = await this.#deps.repo.updateUser(changed.id, { lastSignInAt: now }, now);
    return { user, method: "email_change", type: "email_change" } as const;
  }

  /** Spends an e-mail link: its user (now confirmed and signed in); undefined when invalid or expired. */
  async #userFromLink(type: EmailLinkType, token: string, now: Date) {
    if (type === "email_change") return this.#userFromEmailChange(token, now);
    const linkUser = await this.#deps.links.consume(type, token, now);
    if (!linkUser) return undefined;
    // Following any of these links proves the address is the user's.
    let user = linkUser.email_verified_at ? linkUser : await this.#deps.repo.confirmEmail(linkUser.id, now);
    user = await this.#deps.repo.updateUser(user.id, { lastSignInAt: now }, now);
    const recovery = type === "recovery";
    const method = recovery ? "recovery" : type === "magiclink" ? "magiclink" : "email/signup";
    return { user, method, type: recovery ? "recovery" : type === "magiclink" ? "magiclink" : "signup" };
  }

  /** Spends an e-mail link and starts the session it grants; undefined when the link is invalid or expired. */
  async #sessionFromLink(type: EmailLinkType, token: string, meta: SessionMeta) {
    const now = new Date();
    const link = await this.#userFromLink(type, token, now);
    if (!link) return undefined;
    const session = await this.#deps.auth.startSession(
      link.user,
      meta,
      now,
      sessionOptionsFor(link.method, now),
    );
    return { session, type: link.type };
  }

  /** GET /verify (the link in the e-mail): a redirect to the app with the session or the error in the fragment. */
  async verifyLinkRedirect(
    input: { type?: EmailLinkType | undefined; token?: string | undefined; redirect_to?: string | undefined },
    meta: SessionMeta,
  ): Promise<string> {
    const fallback = input.type === "recovery" ? "/reset-password" : "/signin";
    const target = safeRedirect(this.#deps.config.publicUrl, input.redirect_to, fallback);
    if (!input.type || !input.token) {
      return `${target}#${errorFragment("otp_expired", "Email link is invalid or has expired")}`;
    }
    // A link sent with a PKCE challenge answers with an auth code (GoTrue: ?code=), not a session.
    const now = new Date();
    const flow = await this.#deps.pkce.forLink(sha256Hex(input.token));
    if (flow) {
      const link = await this.#userFromLink(input.type, input.token, now);
      const authCode = link ? await this.#deps.pkce.issueAuthCode(flow.id, link.user.id, now) : undefined;
      if (!authCode)
        return `${target}#${errorFragment("otp_expired", "Email link is invalid or has expired")}`;
      return withAuthCode(target, authCode);
    }
    const result = await this.#sessionFromLink(input.type, input.token, meta);
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
}
