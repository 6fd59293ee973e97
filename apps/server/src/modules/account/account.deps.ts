import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { User } from "../../db/schema";
import type { AppConfig } from "../../env";
import { HttpError } from "../../http/errors";
import type { PkceFlows } from "../auth/auth.pkce";
import type { AuthService } from "../auth/auth.service";
import type { AccountRepository } from "./account.repository";
import type { EmailLinks } from "./email-links";
import type { OidcClient } from "./oidc.client";
import type { SecretBox } from "./secret-box";

export interface AccountServiceDeps {
  db: Database;
  repo: AccountRepository;
  auth: AuthService;
  links: EmailLinks;
  oidc: OidcClient | null;
  /** PKCE flow states: a Google sign-in started with a code_challenge ends in an auth code, not a session. */
  pkce: PkceFlows;
  /** Seals TOTP secrets at rest, each bound to its factor id. */
  totpSecrets: SecretBox;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Cancels a running paid subscription at the provider before the account goes; throws to stop the deletion. */
  cancelSubscription(userId: string): Promise<void>;
}

/** Seconds since the epoch, as GoTrue writes times in tokens and answers. */
export function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export async function requireUser(deps: Pick<AccountServiceDeps, "repo">, userId: string): Promise<User> {
  const user = await deps.repo.findUserById(userId);
  if (!user) throw new HttpError(404, "user_not_found", "User not found");
  return user;
}
