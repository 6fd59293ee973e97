import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { HttpError, registerErrorHandler } from "../../http/errors";
import { WARM_UP_JOBS, type PlanJob } from "./plan-jobs";
import { createWorkerPlanPool, PlanningBusyError, PlanningLimitError, type PlanPool } from "./plan-pool";
import { buildApp } from "../../app";
import { describeWithDatabases, openTestPGlite, signUpThrough, testConfig } from "../../test/test-app";
import { callFunction, callOk, errorOf, PROFILE } from "../../test/plan-journey.fixture";
import { busySummary, REFUSAL_HOLD_MS } from "./plans.routes";

const mealJob = WARM_UP_JOBS.find((job) => job.kind === "meal-plan") as PlanJob;

describe("fair, bounded planning", () => {
  let pool: PlanPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("lets one user have one solve at a time, without holding anyone else back", async () => {
    pool = createWorkerPlanPool({ size: 1, perOwnerConcurrent: 1 });
    await pool.warm();
    const first = pool.run(mealJob, "flooder");
    const second = pool.run(mealJob, "flooder");
    const other = pool.run(mealJob, "someone-else");
    await expect(second).rejects.toBeInstanceOf(PlanningLimitError);
    expect((await first).ok).toBe(true);
    expect((await other).ok).toBe(true);
    expect((await pool.run(mealJob, "flooder")).ok).toBe(true);
  });

  it("limits one user's solves per minute and tells them when to come back", async () => {
    let nowMs = 1_000_000;
    pool = createWorkerPlanPool({ size: 1, perOwnerPerMinute: 2, now: () => nowMs });
    await pool.warm();
    await pool.run(mealJob, "user");
    await pool.run(mealJob, "user");
    nowMs += 45_000;
    const refused = await pool.run(mealJob, "user").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlanningLimitError);
    expect((refused as PlanningLimitError).retryAfterS).toBe(15);
    expect((await pool.run(mealJob, "other")).ok).toBe(true);
    nowMs += 15_000;
    expect((await pool.run(mealJob, "user")).ok).toBe(true);
  });

  it("refuses at once past the bounded queue, and refuses a job that waited too long rather than run it late", async () => {
    let nowMs = 0;
    pool = createWorkerPlanPool({ size: 1, maxQueue: 1, maxQueueWaitMs: 1_000, now: () => nowMs });
    await pool.warm();
    const running = pool.run(mealJob, "a");
    const queued = pool.run(mealJob, "b");
    const overflow = await pool.run(mealJob, "c").catch((error: unknown) => error);
    expect(overflow).toMatchObject({ reason: "queue_full" });
    expect(overflow).toBeInstanceOf(PlanningBusyError);
    nowMs = 5_000;
    expect((await running).ok).toBe(true);
    await expect(queued).rejects.toMatchObject({ reason: "waited_too_long" });
  });
});

describe("planning_busy in the log", () => {
  it("sums refused solves in one warn line per period", async () => {
    const lines: Array<{ fields: unknown; message: string }> = [];
    const summary = busySummary(
      { warn: ((fields: unknown, message: string) => lines.push({ fields, message })) as never },
      20,
    );
    for (let i = 0; i < 50; i += 1) summary.record("planning_busy");
    summary.record("planning_rate_limited");
    for (let attempt = 0; attempt < 200 && lines.length === 0; attempt += 1)
      await new Promise((done) => setTimeout(done, 10));
    summary.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      message: "planning_busy: solves refused",
      fields: { refused: { planning_busy: 50, planning_rate_limited: 1 } },
    });
  });

  it("is not logged at error level per request by the error handler", async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: "info", stream: { write: (line: string) => logged.push(line) } },
    });
    registerErrorHandler(app);
    app.get("/busy", async () => {
      throw new HttpError(503, "planning_busy", "Planning is busy, please retry");
    });
    app.get("/broken", async () => {
      throw new Error("bug");
    });
    expect((await app.inject({ method: "GET", url: "/busy" })).statusCode).toBe(503);
    expect(logged.filter((line) => line.includes('"level":50'))).toHaveLength(0);
    expect((await app.inject({ method: "GET", url: "/broken" })).statusCode).toBe(500);
    expect(logged.filter((line) => line.includes('"level":50'))).toHaveLength(1);
    await app.close();
  });
});

describeWithDatabases("plan requests per user", ({ app, signUp }) => {
  it("answers a user's third plan request in flight 429 before any database work, and serves others", async () => {
    const flooder = await signUp();
    const other = await signUp();
    await callOk(app(), "write_user_data", PROFILE, flooder.accessToken);
    await callOk(app(), "write_user_data", PROFILE, other.accessToken);
    const ask = (token: string) => callFunction(app(), "openai_get_meal_plan", { currentDay: 1 }, token);
    const timedAsk = async (token: string) => {
      const started = performance.now();
      const response = await ask(token);
      return Object.assign(response, { elapsedMs: performance.now() - started });
    };
    const flood = await Promise.all(Array.from({ length: 6 }, () => timedAsk(flooder.accessToken)));
    const statuses = flood.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    const limited = flood.find((response) => response.statusCode === 429);
    expect(limited?.headers["retry-after"]).toBe("1");
    expect(errorOf(limited!).code).toBe("planning_rate_limited");
    // Held before it is sent, so a client that ignores Retry-After asks about once a second
    // (timers may fire up to a millisecond early).
    expect(limited!.elapsedMs).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 1);
    expect((await ask(other.accessToken)).statusCode).toBe(200);
    // Once the answers are out, the flooder is served again.
    expect((await ask(flooder.accessToken)).statusCode).toBe(200);
  }, 120_000);
});

describe("plan requests while the pool is full", () => {
  it("refuses a reset 503 with Retry-After before any work for it, after the hold", async () => {
    let runs = 0;
    const fullPool: PlanPool = {
      run: () => {
        runs += 1;
        return Promise.reject(new PlanningBusyError("queue_full"));
      },
      warm: async () => {},
      close: async () => {},
      saturated: () => true,
      capacity: () => 1,
      mode: () => "workers",
    };
    const app = await buildApp(testConfig(), {
      logger: false,
      database: await openTestPGlite(),
      planPool: fullPool,
    });
    try {
      const user = await signUpThrough(app, "full-pool@example.com");
      await callOk(app, "write_user_data", PROFILE, user.accessToken);
      const started = performance.now();
      const reset = await callFunction(
        app,
        "openai_get_meal_plan",
        { currentDay: 1, buttonPress: true },
        user.accessToken,
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 1);
      expect(reset.statusCode).toBe(503);
      expect(reset.headers["retry-after"]).toBe("2");
      expect(errorOf(reset).code).toBe("planning_busy");
      expect(runs).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});
