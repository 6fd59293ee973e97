import type { Database } from "../../db/database";
import {
  DAILY_JOBS,
  JOB_ATTEMPTS,
  JOB_KINDS,
  nextDailyRun,
  retryDelayMs,
  SECRET_PAYLOAD_KINDS,
  runLogged,
  type JobHandlers,
  type JobKind,
  type JobLog,
  type JobQueue,
} from "./job-queue";
import {
  claimDueJob,
  failJob,
  finishJob,
  forgetEndedJob,
  insertJob,
  nextDueInMs,
  recoverJobs,
} from "./jobs.repository";

export interface LocalJobQueueOptions {
  db: Database;
  handlers: JobHandlers;
  log: JobLog;
  /** The longest the runner sleeps while a job waits for its time; default 1 minute. */
  pollMs?: number;
}

/**
 * The runner sleeps until the next job is due, a retry's delay or the daily purge's hour, but at most this long: a
 * clock that jumped (a laptop waking) is noticed within a minute, and a daily job always waiting costs no more than
 * one query a minute.
 */
const DEFAULT_POLL_MS = 60_000;

function isJobKind(kind: string): kind is JobKind {
  return (JOB_KINDS as readonly string[]).includes(kind);
}

/** The one waiting job of a daily kind has this key, so a restart finds it rather than adding another. */
export function dailyJobKey(kind: JobKind): string {
  return `${kind}:daily`;
}

/**
 * Queues each daily kind's next run unless one is waiting already (a restart, or a run of today's that is still
 * retrying): one that was due while the process was down is still waiting and runs at start, so none is lost.
 */
async function scheduleDailyJobs(db: Database): Promise<void> {
  for (const kind of JOB_KINDS) {
    const daily = DAILY_JOBS[kind];
    if (daily === undefined) continue;
    await insertJob(db, {
      kind,
      key: dailyJobKey(kind),
      payload: {},
      runAfter: nextDailyRun(new Date(), daily.hourUtc),
    });
  }
}

/**
 * The embedded database's runner (docs/decisions/070): pg-boss and graphile-worker need a PostgreSQL server, and the
 * embedded one serves a single process, so jobs run in that process from the background_jobs table: one at a time,
 * woken by each enqueue and, while a job waits for its time, by a timer. Queued jobs survive a restart; one cut short
 * runs again. A daily kind (DAILY_JOBS) always has its next run queued, which is queued anew when it ends.
 */
export async function startLocalJobQueue(options: LocalJobQueueOptions): Promise<JobQueue> {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  await recoverJobs(db);
  let closed = false;
  let draining: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // True at start and after a daily job ended: its next run is queued when the drain ends.
  let dailyToSchedule = true;

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
    if ((SECRET_PAYLOAD_KINDS as readonly string[]).includes(job.kind)) await forgetEndedJob(db, job.id);
    if (isJobKind(job.kind) && DAILY_JOBS[job.kind] !== undefined) dailyToSchedule = true;
    return true;
  };

  // Only this process writes jobs, and each enqueue wakes the runner: the timer is for a job that waits for its time.
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
        if (!closed && dailyToSchedule) {
          await scheduleDailyJobs(db);
          dailyToSchedule = false;
        }
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
