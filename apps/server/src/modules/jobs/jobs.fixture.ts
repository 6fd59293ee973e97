import type { Database } from "../../db/database";
import type { JobKind } from "./job-queue";

/** The local runner's waiting jobs of one kind (docs/decisions/077): what a daily kind's schedule left queued. */
export function queuedJobs(db: Database, kind: JobKind): Promise<{ job_key: string; run_after: Date }[]> {
  return db
    .selectFrom("background_jobs")
    .select(["job_key", "run_after"])
    .where("kind", "=", kind)
    .where("state", "=", "queued")
    .execute();
}
