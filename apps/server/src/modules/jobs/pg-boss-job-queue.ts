import PgBoss from "pg-boss";
import {
  JOB_ATTEMPTS,
  JOB_KINDS,
  JOB_RETRY_DELAY_S,
  runLogged,
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
 * PostgreSQL's queue (docs/decisions/070): pg-boss in its own schema, one queue per kind. A "stately" queue holds at
 * most one waiting job per key, so a duplicate is not queued; each instance works one job at a time.
 */
export async function startPgBossJobQueue(options: PgBossJobQueueOptions): Promise<JobQueue> {
  const { handlers, log } = options;
  // Two connections: the worker's fetch and the sends of requests; the app's own pool is separate.
  const boss = new PgBoss({ connectionString: options.connectionString, max: 2, schedule: false });
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
    const workerId = await boss.work<JobPayloads[typeof kind]>(
      kind,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        if (job === undefined) return;
        await runLogged(handlers, kind, job.data, job.retryCount + 1, log);
      },
    );
    workers.set(kind, workerId);
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
