import type { Database } from "../../db/database";
import {
  JOB_ATTEMPTS,
  JOB_KINDS,
  retryDelayMs,
  runLogged,
  type JobHandlers,
  type JobKind,
  type JobLog,
  type JobQueue,
} from "./job-queue";
import { claimDueJob, failJob, finishJob, insertJob, nextDueInMs, recoverJobs } from "./jobs.repository";

export interface LocalJobQueueOptions {
  db: Database;
  handlers: JobHandlers;
  log: JobLog;
  /** The longest the runner sleeps while a retry waits for its delay; default 1 s. */
  pollMs?: number;
}

const DEFAULT_POLL_MS = 1_000;

function isJobKind(kind: string): kind is JobKind {
  return (JOB_KINDS as readonly string[]).includes(kind);
}

/**
 * The embedded database's runner (docs/decisions/070): pg-boss and graphile-worker need a PostgreSQL server, and the
 * embedded one serves a single process, so jobs run in that process from the background_jobs table: one at a time,
 * woken by each enqueue and, while a retry waits, by a timer. Queued jobs survive a restart; one cut short runs again.
 */
export async function startLocalJobQueue(options: LocalJobQueueOptions): Promise<JobQueue> {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  await recoverJobs(db);
  let closed = false;
  let draining: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const runOne = async (): Promise<boolean> => {
    const job = await claimDueJob(db);
    if (job === undefined) return false;
    try {
      if (!isJobKind(job.kind)) throw new Error(`unknown job kind ${job.kind}`);
      await runLogged(handlers, job.kind, job.payload as never, job.attempts, log);
      await finishJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await failJob(
        db,
        job.id,
        message,
        job.attempts < JOB_ATTEMPTS ? retryDelayMs(job.attempts) : undefined,
      );
    }
    return true;
  };

  // Only this process writes jobs, and each enqueue wakes the runner: the timer is needed only for a retry's delay.
  const schedule = async () => {
    if (closed) return;
    const dueInMs = await nextDueInMs(db);
    clearTimeout(timer);
    if (dueInMs === undefined) return;
    timer = setTimeout(wake, Math.min(pollMs, dueInMs));
    timer.unref();
  };

  // One drain at a time: concurrency 1, so background work takes at most one plan worker's share (decision 070).
  function wake(): void {
    if (closed || draining !== undefined) return;
    draining = (async () => {
      try {
        while (!closed && (await runOne()));
        await schedule();
      } catch (error) {
        log.error({ err: error }, "background job runner failed; trying again shortly");
        if (!closed) timer = setTimeout(wake, pollMs).unref();
      }
    })().finally(() => {
      draining = undefined;
    });
  }

  wake();
  return {
    async enqueue(kind, key, payload) {
      const queued = await insertJob(db, { kind, key, payload });
      if (queued) wake();
      return queued;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await draining;
    },
  };
}
