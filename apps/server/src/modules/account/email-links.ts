import { createHash, randomBytes } from "node:crypto";
import type { EmailLinkType } from "@fitwise/contracts/account";
import type { User } from "../../db/schema";
import type { AppConfig } from "../../env";
import type { PkceChallenge, PkceFlows } from "../auth/auth.pkce";
import type { AccountRepository, OneTimeTokenType } from "./account.repository";
import { linkMessage, type Mailer } from "./mailer";

/** GoTrue's MAILER_OTP_EXP default: an e-mail link works for one hour. */
export const EMAIL_LINK_TTL_MS = 60 * 60 * 1000;

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Which one_time_tokens row a link type uses; magic links share the recovery slot, as in GoTrue. */
export function tokenTypesFor(type: EmailLinkType): OneTimeTokenType[] {
  if (type === "recovery" || type === "magiclink") return ["recovery_token"];
  if (type === "email_change") return ["email_change_token_new"];
  if (type === "signup") return ["confirmation_token"];
  // "email": either kind of e-mail OTP link (GoTrue's generic type).
  return ["confirmation_token", "recovery_token"];
}

/**
 * A redirect target inside the app: same origin as PUBLIC_URL, else the fallback path there.
 * Anything else (another host, javascript:, a protocol-relative URL) would make us an open redirect.
 */
export function safeRedirect(
  publicUrl: string,
  redirectTo: string | undefined,
  fallbackPath: string,
): string {
  const origin = new URL(publicUrl).origin;
  if (redirectTo) {
    try {
      const target = new URL(redirectTo, origin);
      if (target.origin === origin) {
        target.hash = "";
        return target.toString();
      }
    } catch {
      // Unparsable targets fall through to the fallback.
    }
  }
  return `${origin}${fallbackPath}`;
}

/**
 * The `next` path of an e-mail link: the path and query of the safe redirect. A path that begins with
 * two slashes (http://app//evil.example is same-origin) would read as another host once it stands
 * alone, so it gets the fallback too.
 */
export function safeNextPath(
  publicUrl: string,
  redirectTo: string | undefined,
  fallbackPath: string,
): string {
  const target = new URL(safeRedirect(publicUrl, redirectTo, fallbackPath));
  return target.pathname.startsWith("//") ? fallbackPath : `${target.pathname}${target.search}`;
}

/** Issues single-use e-mail links (stored as SHA-256 only) and sends them. */
export class EmailLinks {
  readonly #repo: AccountRepository;
  readonly #mailer: Mailer;
  readonly #config: AppConfig;

  constructor(repo: AccountRepository, mailer: Mailer, config: AppConfig) {
    this.#repo = repo;
    this.#mailer = mailer;
    this.#config = config;
  }

  /**
   * With `pkce` (a /signup or /recover that carried a code_challenge) the link is bound to a PKCE
   * flow: GET /verify then answers with an auth code for the browser holding the verifier.
   */
  async send(
    user: User,
    type: "signup" | "recovery" | "magiclink",
    redirectTo: string | undefined,
    pkce?: { flows: PkceFlows; challenge: PkceChallenge },
  ): Promise<void> {
    const token = randomBytes(32).toString("base64url");
    const now = new Date();
    const tokenType: OneTimeTokenType = type === "signup" ? "confirmation_token" : "recovery_token";
    await this.#repo.putOneTimeToken(user.id, tokenType, sha256Hex(token), user.email, now, type);
    if (pkce) {
      await pkce.flows.start({
        challenge: pkce.challenge,
        providerType: "email",
        authenticationMethod: type === "signup" ? "email/signup" : type,
        userId: user.id,
        linkTokenHash: sha256Hex(token),
        now,
        expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
      });
    }
    const fallback = type === "recovery" ? "/reset-password" : "/signin";
    // A page of the app, not GET /auth/v1/verify: mail scanners fetch links before the user does, and
    // only the page's button spends the token (POST /auth/v1/verify).
    const link = new URL(`${this.#config.publicUrl}/auth/confirm`);
    link.search = new URLSearchParams({
      token_hash: token,
      type,
      next: safeNextPath(this.#config.publicUrl, redirectTo, fallback),
    }).toString();
    const brand = this.#config.brandName;
    const texts = {
      signup: {
        subject: `Confirm your ${brand} account`,
        intro: `Welcome to ${brand}! Please confirm your e-mail address to finish creating your account.`,
        action: "Confirm my e-mail address",
      },
      recovery: {
        subject: `Reset your ${brand} password`,
        intro: `Someone (hopefully you) asked to reset the password of your ${brand} account.`,
        action: "Choose a new password",
      },
      magiclink: {
        subject: `Your ${brand} sign-in link`,
        intro: `Use this link to sign in to ${brand}.`,
        action: "Sign in",
      },
    }[type];
    await this.#mailer.send(
      linkMessage({
        to: user.email,
        ...texts,
        link: link.toString(),
        outro: `The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.`,
      }),
    );
  }

  /**
   * GoTrue's e-mail change, confirmed at the new address only: a link to `newEmail` that, once opened, makes
   * it the account's address (AccountEmail). A new request voids the previous link (one row per user and type).
   */
  async sendEmailChange(user: User, newEmail: string): Promise<void> {
    const token = randomBytes(32).toString("base64url");
    const now = new Date();
    await this.#repo.putOneTimeToken(
      user.id,
      "email_change_token_new",
      sha256Hex(token),
      newEmail,
      now,
      null,
    );
    const link = new URL(`${this.#config.publicUrl}/auth/confirm`);
    link.search = new URLSearchParams({
      token_hash: token,
      type: "email_change",
      next: "/updatemyinfo",
    }).toString();
    const brand = this.#config.brandName;
    await this.#mailer.send(
      linkMessage({
        to: newEmail,
        subject: `Confirm your new ${brand} e-mail address`,
        intro: `Someone (hopefully you) asked to use this address for the ${brand} account of ${user.email}. Your account keeps its current address until you confirm.`,
        action: "Use this e-mail address",
        link: link.toString(),
        outro: `The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.`,
      }),
    );
  }

  /** The user of an unexpired e-mail change link and the address it confirms, spending it. */
  async consumeEmailChange(token: string, now: Date): Promise<{ user: User; newEmail: string } | undefined> {
    const row = await this.#repo.consumeOneTimeToken(sha256Hex(token), ["email_change_token_new"], false);
    if (!row || now.getTime() - row.created_at.getTime() > EMAIL_LINK_TTL_MS) return undefined;
    const user = await this.#repo.findUserById(row.user_id);
    return user === undefined ? undefined : { user, newEmail: row.relates_to };
  }

  /** The user of an unexpired link, spending it; undefined when the link is unknown, used or expired. */
  async consume(type: EmailLinkType, token: string, now: Date): Promise<User | undefined> {
    const row = await this.#repo.consumeOneTimeToken(
      sha256Hex(token),
      tokenTypesFor(type),
      type === "recovery",
    );
    if (!row || now.getTime() - row.created_at.getTime() > EMAIL_LINK_TTL_MS) return undefined;
    const user = await this.#repo.findUserById(row.user_id);
    // A link sent to an address the account no longer has is void.
    if (!user || user.email !== row.relates_to) return undefined;
    return user;
  }
}
