import PgBoss from "pg-boss";
import {
  DAILY_JOBS,
  JOB_ATTEMPTS,
  JOB_KINDS,
  JOB_RETRY_DELAY_S,
  runLogged,
  SECRET_PAYLOAD_KINDS,
  type JobHandlers,
  type JobLog,
  type JobPayloads,
  type JobQueue,
} from "./job-queue";

export interface PgBossJobQueueOptions {
  connectionString: string;
  handlers: JobHandlers;
  log: JobLog;
  /** How often an idle worker asks for due jobs (retries, other instances' jobs); pg-boss's least is 0.5 s. */
  pollingIntervalSeconds?: number;
}

/**
 * PostgreSQL's queue (docs/decisions/070, 077): pg-boss in its own schema, one queue per kind. A "stately" queue holds
 * at most one waiting job per key, so a duplicate is not queued; each instance works one job of a kind at a time.
 * Daily kinds are pg-boss schedules: every instance registers the same one (an upsert by name), and pg-boss's clock
 * lets one instance a minute look at the schedules and sends each due job once (a singleton per minute), so one runs a
 * day however many instances there are. pg-boss keeps a completed job 12 hours in its job table and then 7 days in its
 * archive (its defaults); a job of a secret kind is deleted by its worker when it ends instead.
 */
export async function startPgBossJobQueue(options: PgBossJobQueueOptions): Promise<JobQueue> {
  const { handlers, log } = options;
  // Two connections: the workers' fetches and the sends of requests; the app's own pool is separate.
  const boss = new PgBoss({ connectionString: options.connectionString, max: 2 });
  boss.on("error", (error) => log.error({ err: error }, "pg-boss error"));
  await boss.start();
  const workers = new Map<string, string>();
  for (const kind of JOB_KINDS) {
    await boss.createQueue(kind, {
      name: kind,
      policy: "stately",
      retryLimit: JOB_ATTEMPTS - 1,
      retryDelay: JOB_RETRY_DELAY_S,
      retryBackoff: true,
    });
    const secret = SECRET_PAYLOAD_KINDS.includes(kind);
    const workerId = await boss.work<JobPayloads[typeof kind]>(
      kind,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        if (job === undefined) return;
        const attempt = job.retryCount + 1;
        // Deleted before pg-boss marks it done or failed (which then finds nothing to mark), so the secret is
        // neither kept in the job table nor copied to the archive. A failure to delete leaves it to the archive.
        const forget = async () => {
          if (!secret) return;
          await boss.deleteJob(kind, job.id).catch((error: unknown) => {
            log.error({ err: error, job: kind }, "could not delete a finished job holding a secret");
          });
        };
        try {
          await runLogged(handlers, kind, job.data, attempt, log);
        } catch (error) {
          if (attempt >= JOB_ATTEMPTS) await forget();
          throw error;
        }
        await forget();
      },
    );
    workers.set(kind, workerId);
    const daily = DAILY_JOBS[kind];
    if (daily !== undefined) await boss.schedule(kind, `0 ${daily.hourUtc} * * *`, {}, { tz: "UTC" });
  }
  let closed = false;
  return {
    async enqueue(kind, key, payload) {
      if (closed) return false;
      const id = await boss.send(kind, payload, { singletonKey: key });
      // Without LISTEN/NOTIFY pg-boss finds new jobs by polling: this instance's worker is told at once.
      const workerId = workers.get(kind);
      if (id !== null && workerId !== undefined) boss.notifyWorker(workerId);
      return id !== null;
    },
    async close() {
      closed = true;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
