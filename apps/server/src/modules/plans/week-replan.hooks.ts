import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { jobKey, type JobQueue } from "../jobs/job-queue";
import { findProfile } from "../profile/profile.repository";
import { hasStalePlans } from "./week-replan.service";

/** The writes that change what plans are made from: the profile (a goal, a diet) and an accepted adaptive target. */
const CHANGES_PLAN_INPUTS = new Set([
  "/functions/v1/write_user_data",
  "/functions/v1/accept_suggested_target",
]);

/**
 * After such a write is answered, plans it left stale are queued for re-planning (docs/decisions/070), keyed by the
 * profile's version (its updated_at), so the same write seen twice queues one job. Off the answer's path: the hook
 * runs once the reply is sent, and a failure to queue costs nothing but the head start (reads re-plan stale days).
 */
export function queueReplanAfterPlanInputChanges(app: FastifyInstance, db: Database, jobs: JobQueue): void {
  app.addHook("onResponse", async (request, reply) => {
    const userId = request.user?.id;
    if (reply.statusCode !== 200 || userId === undefined) return;
    if (!CHANGES_PLAN_INPUTS.has(request.routeOptions.url ?? "")) return;
    try {
      if (!(await hasStalePlans(db, userId))) return;
      const version = (await findProfile(db, userId))?.updated_at.getTime() ?? 0;
      await jobs.enqueue("replan-week", jobKey("replan-week", userId, String(version)), { userId });
    } catch (error) {
      request.log.error({ err: error }, "could not queue the re-plan of stale plans");
    }
  });
}
