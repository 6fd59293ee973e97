import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/database";
import { collectLogs, createPostgresDatabase, openTestPGlite, postgresAdminUrl } from "../../test/test-app";
import { jobKey, type JobPayloads, type JobQueue } from "./job-queue";
import { insertJob } from "./jobs.repository";
import { startLocalJobQueue } from "./local-job-queue";
import { startPgBossJobQueue } from "./pg-boss-job-queue";

// The queue itself on both databases (docs/decisions/070): pg-boss on PostgreSQL, the in-process runner on PGlite.
// What the replan-week job does to plans is tested in plans/week-replan.test.ts.

type Payload = JobPayloads["replan-week"];

const targets: Array<"PGlite" | "PostgreSQL"> = postgresAdminUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];

for (const target of targets) {
  describe(`job queue [${target}]`, () => {
    let queue: JobQueue;
    let db: Database | undefined;
    let postgres: { url: string; drop(): Promise<void> } | undefined;
    /** Every run of the handler, in order, by user id; what a run does is set per test. */
    const runs: string[] = [];
    let onRun: (payload: Payload) => Promise<void> = async () => {};
    const logs = collectLogs();
    const log = Fastify({ logger: { level: "info", stream: logs.stream } }).log;
    const handlers = {
      "replan-week": async (payload: Payload) => {
        runs.push(payload.userId);
        await onRun(payload);
      },
    };

    beforeAll(async () => {
      if (target === "PostgreSQL" && postgresAdminUrl) {
        postgres = await createPostgresDatabase(postgresAdminUrl);
        queue = await startPgBossJobQueue({
          connectionString: postgres.url,
          handlers,
          log,
          pollingIntervalSeconds: 0.5,
        });
      } else {
        db = await openTestPGlite();
        queue = await startLocalJobQueue({ db, handlers, log, pollMs: 100 });
      }
    }, 60_000);

    afterAll(async () => {
      await queue.close();
      await db?.destroy();
      await postgres?.drop();
    });

    const runsOf = (userId: string) => runs.filter((id) => id === userId).length;

    it("runs a queued job with its payload", async () => {
      expect(
        await queue.enqueue("replan-week", jobKey("replan-week", "user-a", "1"), { userId: "user-a" }),
      ).toBe(true);
      await vi.waitFor(() => expect(runsOf("user-a")).toBe(1), { timeout: 15_000, interval: 50 });
    });

    it("does not queue a job whose key is already waiting, so the work runs once", async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A job that holds the runner (one job at a time), so the next ones wait in the queue.
      onRun = async ({ userId }) => {
        if (userId === "holder") await held;
      };
      await queue.enqueue("replan-week", jobKey("replan-week", "holder", "1"), { userId: "holder" });
      await vi.waitFor(() => expect(runsOf("holder")).toBe(1), { timeout: 15_000, interval: 50 });

      const key = jobKey("replan-week", "user-b", "7");
      expect(await queue.enqueue("replan-week", key, { userId: "user-b" })).toBe(true);
      expect(await queue.enqueue("replan-week", key, { userId: "user-b" })).toBe(false);
      release();
      await vi.waitFor(() => expect(runsOf("user-b")).toBe(1), { timeout: 15_000, interval: 50 });
      // Time for a second run, were there one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runsOf("user-b")).toBe(1);
    });

    it("retries a job whose first attempt failed, after a delay, and logs the failure", async () => {
      onRun = async ({ userId }) => {
        if (userId === "user-c" && runsOf("user-c") === 1) throw new Error("plan worker restarting");
      };
      const queuedAt = Date.now();
      await queue.enqueue("replan-week", jobKey("replan-week", "user-c", "1"), { userId: "user-c" });
      await vi.waitFor(() => expect(runsOf("user-c")).toBe(2), { timeout: 20_000, interval: 50 });
      // The retry waited its delay (1 s) rather than running at once.
      expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(900);
      await vi.waitFor(() =>
        expect(logs.lines).toContainEqual(
          expect.objectContaining({
            level: 40,
            msg: "background job failed; retrying",
            err: expect.objectContaining({ message: "plan worker restarting" }),
          }),
        ),
      );
    });
  });
}

describe("job queue [PGlite]: across a restart", () => {
  it("runs a job queued before the start, and again one a stopped process left running", async () => {
    const db = await openTestPGlite();
    // As a process that stopped would leave them: one job waiting, one claimed and never finished.
    await insertJob(db, {
      kind: "replan-week",
      key: jobKey("replan-week", "waiting", "1"),
      payload: { userId: "waiting" },
    });
    await insertJob(db, {
      kind: "replan-week",
      key: jobKey("replan-week", "cut-short", "1"),
      payload: { userId: "cut-short" },
    });
    await db
      .updateTable("background_jobs")
      .set({ state: "running" })
      .where("job_key", "like", "%cut-short%")
      .execute();

    const ran: string[] = [];
    const logs = collectLogs();
    const queue = await startLocalJobQueue({
      db,
      handlers: { "replan-week": async ({ userId }) => void ran.push(userId) },
      log: Fastify({ logger: { level: "info", stream: logs.stream } }).log,
    });
    await vi.waitFor(() => expect(ran.sort()).toEqual(["cut-short", "waiting"]), {
      timeout: 15_000,
      interval: 50,
    });
    await queue.close();
    const states = await db.selectFrom("background_jobs").select(["job_key", "state", "attempts"]).execute();
    expect(states.map((row) => [row.state, row.attempts])).toEqual([
      ["done", 1],
      ["done", 1],
    ]);
    await db.destroy();
  });
});
