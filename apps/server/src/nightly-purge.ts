import type { FastifyInstance } from "fastify";
import type { Database } from "./db/database";
import type { SessionLimits } from "./env";
import { MFA_CHALLENGE_TTL_MS } from "./modules/account/account.mfa";
import { AccountRepository } from "./modules/account/account.repository";
import { EMAIL_LINK_TTL_MS } from "./modules/account/email-links";
import { deleteExpiredAnalyticsEvents } from "./modules/analytics/analytics.repository";
import { PkceFlows } from "./modules/auth/auth.pkce";

// The nightly maintenance (docs/decisions/077): what has expired in several modules, deleted in one pass. It reads
// tables of analytics, auth and account, so it is composed here beside app.ts rather than in any one module.

/**
 * A row is deleted a day after it stopped working, not at once: for that day an answer about it stays the one
 * it gave before (an MFA challenge "expired", not "not found"), whatever time of day the purge runs.
 */
export const PURGE_GRACE_MS = 86_400_000;

/** How many rows of each kind one purge deleted. */
export interface PurgeCounts {
  analyticsEvents: number;
  sessions: number;
  emailLinks: number;
  mfaChallenges: number;
  pkceFlows: number;
  googleSignIns: number;
}

/**
 * Deletes, as of `now`: analytics events past their retention (analytics.repository.ts), sessions that had ended
 * (with their refresh tokens), e-mail link tokens and MFA challenges past their lifetime, and expired PKCE flows and
 * Google sign-in states. Each delete is by a cutoff in time, so running it again, or on two instances at once,
 * deletes nothing more.
 */
export async function purgeExpired(
  db: Database,
  now: Date,
  sessionLimits: SessionLimits,
): Promise<PurgeCounts> {
  const endedBy = new Date(now.getTime() - PURGE_GRACE_MS);
  const accounts = new AccountRepository(db);
  return {
    analyticsEvents: await deleteExpiredAnalyticsEvents(db, now),
    sessions: await accounts.deleteEndedSessions(endedBy, sessionLimits),
    emailLinks: await accounts.deleteOneTimeTokensIssuedBefore(
      new Date(endedBy.getTime() - EMAIL_LINK_TTL_MS),
    ),
    mfaChallenges: await accounts.deleteMfaChallengesMadeBefore(
      new Date(endedBy.getTime() - MFA_CHALLENGE_TTL_MS),
    ),
    pkceFlows: await new PkceFlows(db).deleteExpired(endedBy),
    googleSignIns: await accounts.deleteExpiredOidcStates(endedBy),
  };
}

/** Retention is counted in days, so a daily purge is precise enough. */
const PURGE_INTERVAL_MS = 86_400_000;

/**
 * Without the job queue (BACKGROUND_JOBS=false) each instance purges at start and then every day on a timer, as the
 * analytics retention did before decision 077; the deletes are idempotent, so instances doing it twice is harmless.
 */
export function purgeOnTimer(app: FastifyInstance, purge: () => Promise<void>): void {
  const run = async () => {
    try {
      await purge();
    } catch (error) {
      app.log.error({ err: error }, "the purge of expired rows failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let purging: Promise<void> = Promise.resolve();
  // Not awaited at start-up: on a large table the delete may take a while, and nothing waits on it.
  app.addHook("onReady", async () => {
    purging = run();
    timer = setInterval(() => {
      purging = run();
    }, PURGE_INTERVAL_MS);
    // A daily chore must not keep a stopping process alive.
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await purging;
  });
}
