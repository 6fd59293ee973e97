import type { FastifyBaseLogger } from "fastify";

// Bulk work off the request path (docs/decisions/070, 077): what a job is, how often it is tried, and the queue both
// runners (pg-boss on PostgreSQL, local-job-queue on the embedded database) offer the modules that enqueue.

/** An e-mail as it is sent; `link` is the action link inside (the outbox file and tests read it). */
export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** What each kind of job is given. A handler must be idempotent: a retry or a duplicate may run it again. */
export interface JobPayloads {
  /** Bring the user's stored plans in line with their profile (days left stale by a change, docs/decisions/070). */
  "replan-week": { userId: string };
  /** Delete what has expired (analytics past retention, ended sessions, spent links; docs/decisions/077). */
  "purge-expired": Record<string, never>;
  /** Send one account e-mail (docs/decisions/077); it holds a sign-in link, see SECRET_PAYLOAD_KINDS. */
  "send-email": { email: EmailToSend };
}

export type JobKind = keyof JobPayloads;

export const JOB_KINDS: readonly JobKind[] = ["replan-week", "purge-expired", "send-email"];

/**
 * Kinds the queue runs by itself once a day, at this hour (UTC), rather than when enqueued; one run a day however
 * many instances share the database (docs/decisions/077). 03:00 UTC is night in Europe and evening in the Americas.
 */
export const DAILY_JOBS: { readonly [K in JobKind]?: { hourUtc: number } } = {
  "purge-expired": { hourUtc: 3 },
};

/**
 * Kinds whose payload holds a secret (an e-mail's sign-in link, good for an hour): the job is deleted once it ends,
 * done or failed for good, instead of being kept for inspection like the others (docs/decisions/077).
 */
export const SECRET_PAYLOAD_KINDS: readonly JobKind[] = ["send-email"];

/** The first run of a daily kind strictly after `now`: today at its hour if that is still ahead, else tomorrow. */
export function nextDailyRun(now: Date, hourUtc: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K]) => Promise<void> };

/**
 * Tries per job: the first run and two retries, 1 s and then 2 s later (doubling). A re-plan fails for reasons that
 * pass (a busy or restarting plan worker); one still failing after three tries is logged and left, and the days it
 * would have re-planned are re-planned when they are next read. An e-mail failing three times is logged and not sent
 * (the person asks for another link); a purge failing three times is done by the next day's (docs/decisions/077).
 */
export const JOB_ATTEMPTS = 3;
export const JOB_RETRY_DELAY_S = 1;

export function retryDelayMs(failedAttempts: number): number {
  return JOB_RETRY_DELAY_S * 1000 * 2 ** Math.max(0, failedAttempts - 1);
}

export interface JobQueue {
  /**
   * Queues a job unless one with the same key is still waiting to run (true when queued). The key names the user,
   * the kind and the version of the inputs, so a repeated request does not queue the same work twice.
   */
  enqueue<K extends JobKind>(kind: K, key: string, payload: JobPayloads[K]): Promise<boolean>;
  close(): Promise<void>;
}

export type JobLog = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** Runs one job's handler, logging a failure with its attempt, and rethrows so the runner retries it. */
export async function runLogged<K extends JobKind>(
  handlers: JobHandlers,
  kind: K,
  payload: JobPayloads[K],
  attempt: number,
  log: JobLog,
): Promise<void> {
  try {
    await handlers[kind](payload);
  } catch (error) {
    const last = attempt >= JOB_ATTEMPTS;
    log[last ? "error" : "warn"](
      { err: error, job: kind, attempt, attempts: JOB_ATTEMPTS },
      last ? "background job failed for good" : "background job failed; retrying",
    );
    throw error;
  }
}

/**
 * A queue that is still starting: enqueues wait for it, and a start that failed is logged once and makes each enqueue
 * fail (the callers log it; stale days are re-planned when read). pg-boss's first start creates its schema, about half
 * a second that the server's start need not wait for.
 */
export function startingQueue(starting: Promise<JobQueue>, log: JobLog): JobQueue {
  const ready = starting.catch((error: unknown) => {
    log.error({ err: error }, "the background job queue did not start");
    throw error;
  });
  // Heard here as well, so a failed start is not an unhandled rejection while nothing is enqueued.
  ready.catch(() => {});
  return {
    async enqueue(kind, key, payload) {
      return (await ready).enqueue(kind, key, payload);
    },
    async close() {
      const queue = await ready.catch(() => undefined);
      await queue?.close();
    },
  };
}

/** The key of a job: who it is for, what it does and which version of its inputs it brings the plans to. */
export function jobKey(kind: JobKind, userId: string, version: string): string {
  return `${kind}:${userId}:${version}`;
}
