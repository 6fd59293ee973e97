import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/database";
import {
  collectLogs,
  createPostgresDatabase,
  openTestPGlite,
  postgresAdminUrl,
  queryOnce,
} from "../../test/test-app";
import {
  jobKey,
  nextDailyRun,
  type EmailToSend,
  type JobHandlers,
  type JobPayloads,
  type JobQueue,
} from "./job-queue";
import { queuedJobs } from "./jobs.fixture";
import { insertJob } from "./jobs.repository";
import { dailyJobKey, startLocalJobQueue } from "./local-job-queue";
import { startPgBossJobQueue } from "./pg-boss-job-queue";

// The queue itself on both databases (docs/decisions/070, 077): pg-boss on PostgreSQL, the in-process runner on
// PGlite. What the jobs do is tested where they are wired: plans/week-replan.test.ts, account/account.email-jobs.test.ts
// and nightly-purge.test.ts.

type Payload = JobPayloads["replan-week"];

const email = (to: string): EmailToSend => ({
  to,
  subject: "Hello",
  text: "Hi",
  html: "<p>Hi</p>",
  link: `x:${to}`,
});

/** Handlers that only count: replan-week and send-email as given, purge-expired into `purges`. */
function countingHandlers(
  replan: (payload: Payload) => Promise<void>,
  send: (to: string) => Promise<void> = async () => {},
  purges: { count: number } = { count: 0 },
): JobHandlers {
  return {
    "replan-week": replan,
    "purge-expired": async () => {
      purges.count += 1;
    },
    "send-email": ({ email: { to } }) => send(to),
  };
}

const targets: Array<"PGlite" | "PostgreSQL"> = postgresAdminUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];

for (const target of targets) {
  describe(`job queue [${target}]`, () => {
    let queue: JobQueue;
    let db: Database | undefined;
    let postgres: { url: string; drop(): Promise<void> } | undefined;
    /** Every run of the handler, in order, by user id; what a run does is set per test. */
    const runs: string[] = [];
    let onRun: (payload: Payload) => Promise<void> = async () => {};
    /** Every try of send-email, in order, by address; a try of an address in `smtpDown` fails. */
    const sends: string[] = [];
    const smtpDown = new Set<string>();
    const logs = collectLogs();
    const log = Fastify({ logger: { level: "info", stream: logs.stream } }).log;
    const handlers = countingHandlers(
      async (payload) => {
        runs.push(payload.userId);
        await onRun(payload);
      },
      async (to) => {
        sends.push(to);
        if (smtpDown.has(to)) throw new Error("SMTP 451 try again later");
      },
    );

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

    /** The stored rows of send-email jobs: the runner's table on PGlite, pg-boss's job table and archive. */
    const storedEmailJobs = async (): Promise<number> => {
      if (db) {
        const rows = await db
          .selectFrom("background_jobs")
          .select("id")
          .where("kind", "=", "send-email")
          .execute();
        return rows.length;
      }
      const url = postgres?.url ?? "";
      const rows = (
        await queryOnce<{ count: string }>(
          url,
          `select (select count(*) from pgboss.job where name = 'send-email')
           + (select count(*) from pgboss.archive where name = 'send-email') as count`,
        )
      ).rows;
      return Number(rows[0]?.count);
    };

    it("keeps no send-email job, with its link, once it is sent or has failed for good", async () => {
      smtpDown.add("down@example.com");
      await queue.enqueue("send-email", "send-email:sent", { email: email("up@example.com") });
      await queue.enqueue("send-email", "send-email:failing", { email: email("down@example.com") });
      await vi.waitFor(() => expect(sends.filter((to) => to === "down@example.com")).toHaveLength(3), {
        timeout: 20_000,
        interval: 50,
      });
      expect(sends.filter((to) => to === "up@example.com")).toHaveLength(1);
      await vi.waitFor(async () => expect(await storedEmailJobs()).toBe(0), {
        timeout: 10_000,
        interval: 100,
      });
      await vi.waitFor(() =>
        expect(logs.lines).toContainEqual(
          expect.objectContaining({ level: 50, msg: "background job failed for good" }),
        ),
      );
    });

    it("schedules the daily purge once, however many instances start", async () => {
      const local = db;
      if (local) {
        const second = await startLocalJobQueue({
          db: local,
          handlers: countingHandlers(async () => {}),
          log,
        });
        await vi.waitFor(async () => {
          expect(await queuedJobs(local, "purge-expired")).toEqual([
            { job_key: dailyJobKey("purge-expired"), run_after: nextDailyRun(new Date(), 3) },
          ]);
        });
        await second.close();
      } else {
        const url = postgres?.url ?? "";
        const second = await startPgBossJobQueue({ connectionString: url, handlers, log });
        const schedules = (await queryOnce(url, "select name, cron, timezone from pgboss.schedule")).rows;
        expect(schedules).toEqual([{ name: "purge-expired", cron: "0 3 * * *", timezone: "UTC" }]);
        await second.close();
      }
    }, 30_000);
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
      handlers: countingHandlers(async ({ userId }) => void ran.push(userId)),
      log: Fastify({ logger: { level: "info", stream: logs.stream } }).log,
    });
    await vi.waitFor(() => expect(ran.sort()).toEqual(["cut-short", "waiting"]), {
      timeout: 15_000,
      interval: 50,
    });
    await queue.close();
    const states = await db
      .selectFrom("background_jobs")
      .select(["job_key", "state", "attempts"])
      .where("kind", "=", "replan-week")
      .execute();
    expect(states.map((row) => [row.state, row.attempts])).toEqual([
      ["done", 1],
      ["done", 1],
    ]);
    await db.destroy();
  });

  it("runs a daily purge that was due while the process was down once, and queues the next day's", async () => {
    const db = await openTestPGlite();
    const now = new Date();
    // As a process that was down at 03:00 UTC left it: yesterday's run still waiting.
    await insertJob(db, {
      kind: "purge-expired",
      key: dailyJobKey("purge-expired"),
      payload: {},
      runAfter: new Date(nextDailyRun(now, 3).getTime() - 2 * 86_400_000),
    });
    const purges = { count: 0 };
    const log = Fastify({ logger: false }).log;
    const start = () =>
      startLocalJobQueue({ db, handlers: countingHandlers(async () => {}, undefined, purges), log });
    const waiting = async () =>
      (await queuedJobs(db, "purge-expired")).map(({ run_after }) => ({ run_after }));

    let queue = await start();
    await vi.waitFor(async () => expect(await waiting()).toEqual([{ run_after: nextDailyRun(now, 3) }]), {
      timeout: 15_000,
      interval: 50,
    });
    expect(purges.count).toBe(1);
    // A restart later that day finds the next run waiting: nothing runs, nothing more is queued.
    await queue.close();
    queue = await start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await queue.close();
    expect(purges.count).toBe(1);
    expect(await waiting()).toEqual([{ run_after: nextDailyRun(now, 3) }]);
    await db.destroy();
  });
});
