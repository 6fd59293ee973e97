import { sql } from "kysely";
import type { Database } from "../../db/database";

// The embedded database's job table (migration 023); only local-job-queue.ts uses it.

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Inserts a job, due now or at `runAfter`, unless one with its key is still waiting; true when inserted. */
export async function insertJob(
  db: Database,
  job: { kind: string; key: string; payload: Record<string, unknown>; runAfter?: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto("background_jobs")
    .values({
      kind: job.kind,
      job_key: job.key,
      payload: JSON.stringify(job.payload),
      ...(job.runAfter === undefined ? {} : { run_after: job.runAfter }),
    })
    .onConflict((conflict) => conflict.column("job_key").where("state", "=", "queued").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes the oldest due job and marks it running with one more attempt; undefined when none is due. */
export async function claimDueJob(db: Database): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob>`
    update background_jobs set state = 'running', attempts = attempts + 1
    where id = (
      select id from background_jobs where state = 'queued' and run_after <= now()
      order by run_after, id limit 1 for update skip locked
    )
    returning id, kind, payload, attempts`.execute(db);
  return result.rows[0];
}

export async function finishJob(db: Database, id: number): Promise<void> {
  await db
    .updateTable("background_jobs")
    .set({ state: "done", finished_at: new Date(), last_error: null })
    .where("id", "=", id)
    .execute();
}

/**
 * A failed attempt: queued again after `retryInMs`, or failed for good when `retryInMs` is undefined or a job with
 * the same key was queued while this one ran (that one does the same work).
 */
export async function failJob(
  db: Database,
  id: number,
  error: string,
  retryInMs: number | undefined,
): Promise<void> {
  const retryAt = retryInMs === undefined ? null : new Date(Date.now() + retryInMs);
  await sql`
    with given_up as (
      select ${retryAt}::timestamptz is null or exists (
        select 1 from background_jobs other
        where other.job_key = job.job_key and other.state = 'queued' and other.id <> job.id
      ) as final
      from background_jobs job where job.id = ${id}
    )
    update background_jobs as job set
      state = case when given_up.final then 'failed' else 'queued' end,
      run_after = case when given_up.final then job.run_after else ${retryAt}::timestamptz end,
      finished_at = case when given_up.final then now() else null end,
      last_error = ${error}
    from given_up
    where job.id = ${id}`.execute(db);
}

/** Deletes a job that has ended (done or failed for good); one queued for a retry stays. */
export async function forgetEndedJob(db: Database, id: number): Promise<void> {
  await db
    .deleteFrom("background_jobs")
    .where("id", "=", id)
    .where("state", "in", ["done", "failed"])
    .execute();
}

/**
 * At start: a job left running was cut short by the process ending (the embedded database has one process, so no
 * other runner holds it); it runs again. Finished jobs older than a week are dropped.
 */
export async function recoverJobs(db: Database): Promise<void> {
  // One whose key was queued again meanwhile is left to that job (only one may wait per key).
  await sql`
    update background_jobs as job set
      state = case when exists (
        select 1 from background_jobs other where other.job_key = job.job_key and other.state = 'queued'
      ) then 'failed' else 'queued' end,
      finished_at = case when exists (
        select 1 from background_jobs other where other.job_key = job.job_key and other.state = 'queued'
      ) then now() else null end
    where job.state = 'running'`.execute(db);
  await db
    .deleteFrom("background_jobs")
    .where("state", "in", ["done", "failed"])
    .where("finished_at", "<", new Date(Date.now() - 7 * 86_400_000))
    .execute();
}

/** Milliseconds until the next queued job is due, or undefined when none is queued. */
export async function nextDueInMs(db: Database): Promise<number | undefined> {
  const row = await db
    .selectFrom("background_jobs")
    .select((eb) => eb.fn.min("run_after").as("next"))
    .where("state", "=", "queued")
    .executeTakeFirst();
  const next = row?.next;
  if (next === null || next === undefined) return undefined;
  return Math.max(0, new Date(next).getTime() - Date.now());
}
