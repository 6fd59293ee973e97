import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { toWireMealItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import {
  MEAL_PLAN_DAY_HEADER,
  PLAN_CHANGE_HEADER,
  PLAN_ERROR_CODES,
  UNRECOGNISED_AVOIDANCES_HEADER,
  encodeHeaderJson,
  encodeHeaderList,
} from "@fitwise/contracts/plans";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { verifyAccessToken } from "../../http/access-token";
import { createWorkerPlanPool, type PlanPool } from "./plan-pool";
import {
  getMealPlan,
  getWorkoutPlan,
  listDietReplacements,
  PlanningLimitHttpError,
  replaceDietItem,
  replaceWorkout,
  workoutAlternativesFor,
  type PlansDeps,
} from "./plans.service";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";

export interface PlansRoutesOptions {
  db: Database;
  /** Injected by tests; by default a worker-thread pool owned (and closed) by this plugin. */
  pool?: PlanPool;
  now?: () => Date;
}

/** Plan requests one user may have in flight: a meal and a workout plan at once, not a flood. */
const PLAN_REQUESTS_PER_USER = 2;

/** Seconds a client should wait before retrying a 503 planning_busy. */
const RETRY_AFTER_S = 2;

/**
 * A refused plan request (429 over the user's share, 503 planning busy) is answered after this
 * long rather than at once. The refusal costs no database work and no solve either way; what the
 * wait changes is a client that ignores Retry-After: answered at once, 100 connections of such
 * retries keep a 2-core machine's event loop busy refusing them (bench:load measured everyone's reads
 * 23–91× slower) and take the CPU from the solves being made. Held, each connection asks about
 * once a second. A client that honours Retry-After (1–2 s) loses nothing. docs/decisions/036.
 */
export const REFUSAL_HOLD_MS = 1_000;
/** Refusals held at once; past it they are answered at once, so a flood of connections cannot pile up timers. */
const MAX_HELD_REFUSALS = 1_000;

/** Routes that always run a solve: refused before any database work while the pool's queue is full. */
const ALWAYS_SOLVES = new Set([
  "/functions/v1/replace_diet_item",
  "/functions/v1/list_diet_replacements",
  "/functions/v1/replace_workout_item",
  "/functions/v1/workout_alternatives",
]);

function certainToSolve(request: FastifyRequest): boolean {
  if (ALWAYS_SOLVES.has(request.routeOptions.url ?? "")) return true;
  const body = request.body as { buttonPress?: unknown } | undefined;
  return body?.buttonPress === true;
}

/** How often refused solves are summed up in the log (one warn line, not one per request). */
const BUSY_SUMMARY_EVERY_MS = 10_000;

/**
 * Counts refused solves and logs them at warn level once per period: under overload every request
 * is refused, and a line each would bury the log (the error handler does not log these 503s).
 */
export function busySummary(log: Pick<FastifyBaseLogger, "warn">, everyMs = BUSY_SUMMARY_EVERY_MS) {
  const counts = new Map<string, number>();
  const timer = setInterval(() => {
    if (counts.size === 0) return;
    const refused = Object.fromEntries(counts);
    counts.clear();
    log.warn({ refused, periodMs: everyMs }, "planning_busy: solves refused");
  }, everyMs);
  timer.unref();
  return {
    record: (code: string) => counts.set(code, (counts.get(code) ?? 0) + 1),
    close: () => clearInterval(timer),
  };
}

/** Adds Retry-After to a busy or over-limit answer and counts it; every other error passes through unchanged. */
async function withRetryAfter<T>(
  reply: FastifyReply,
  summary: ReturnType<typeof busySummary>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlanningLimitHttpError) {
      reply.header("retry-after", String(error.retryAfterS));
      summary.record(error.code);
    } else if (error instanceof HttpError && error.statusCode === 503) {
      reply.header("retry-after", String(RETRY_AFTER_S));
      summary.record(error.code);
    }
    throw error;
  }
}

/** The plan functions of docs/product.md §8 under /functions/v1. */
export async function plansRoutes(app: FastifyInstance, options: PlansRoutesOptions): Promise<void> {
  const ownsPool = options.pool === undefined;
  const pool = options.pool ?? createWorkerPlanPool({ events: app.log });
  if (ownsPool) {
    // The worker (its own engine, food catalogue and HiGHS: ~50 MB) starts with the first request to
    // these routes, not when the server starts listening: an idle server stays within the start-up
    // memory budget (docs/decisions/037), and a user's first solve waits at most a worker's start (~1 s).
    let warming = false;
    app.addHook("onRequest", async () => {
      if (warming) return;
      warming = true;
      void pool.warm();
    });
    app.addHook("onClose", async () => {
      await pool.close();
    });
  }
  const summary = busySummary(app.log);
  app.addHook("onClose", async () => summary.close());

  // Before any database work: a user with PLAN_REQUESTS_PER_USER plan requests already in flight is
  // answered 429 at the cost of a signature check, so one user's flood does not queue everyone's
  // reads behind its session and profile queries. The token is verified (a forged `sub` could
  // otherwise block someone else); the full check (session alive) still runs in app.authenticate.
  const inFlight = new Map<string, number>();
  const counted = new WeakMap<FastifyRequest, string>();
  const issuer = `${app.config.publicUrl}/auth/v1`;
  app.addHook("onRequest", async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) return;
    const userId = await verifyAccessToken(match[1], app.config.jwtSecret, issuer).then(
      (claims) => claims.sub,
      () => undefined,
    );
    if (!userId) return;
    const count = inFlight.get(userId) ?? 0;
    if (count >= PLAN_REQUESTS_PER_USER) {
      summary.record("planning_rate_limited");
      reply.header("retry-after", "1");
      throw new PlanningLimitHttpError("Your previous plan is still being made. Please wait for it.", 1);
    }
    inFlight.set(userId, count + 1);
    counted.set(request, userId);
  });
  // After the body is parsed and before app.authenticate (route preHandlers run after this hook):
  // a reset or replacement is admitted only while the pool has room for it, counting those admitted
  // but still at their database queries, so it is refused before its session, profile and plan
  // queries rather than after them as queue_full.
  let admitted = 0;
  app.addHook("preHandler", async (request, reply) => {
    if (!certainToSolve(request)) return;
    if (pool.saturated() || admitted >= pool.capacity()) {
      summary.record(PLAN_ERROR_CODES.planningBusy);
      reply.header("retry-after", String(RETRY_AFTER_S));
      throw new HttpError(503, PLAN_ERROR_CODES.planningBusy, "Planning is busy, please retry");
    }
    admitted += 1;
    // "close" comes once the answer is out or the connection is gone, even when the client hung up.
    reply.raw.once("close", () => {
      admitted -= 1;
    });
  });
  let held = 0;
  app.addHook("onSend", async (_request, reply, payload) => {
    if ((reply.statusCode !== 429 && reply.statusCode !== 503) || held >= MAX_HELD_REFUSALS) return payload;
    held += 1;
    try {
      await sleep(REFUSAL_HOLD_MS, undefined, { ref: false });
    } finally {
      held -= 1;
    }
    return payload;
  });
  app.addHook("onResponse", async (request) => {
    const userId = counted.get(request);
    if (userId === undefined) return;
    counted.delete(request);
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left <= 0) inFlight.delete(userId);
    else inFlight.set(userId, left);
  });
  const deps: PlansDeps = { db: options.db, pool, now: options.now ?? (() => new Date()) };

  defineFunction(app, "openai_get_meal_plan", {}, async (input, request, reply) => {
    const answer = await withRetryAfter(reply, summary, () => getMealPlan(deps, callerId(request), input));
    reply.header(UNRECOGNISED_AVOIDANCES_HEADER, encodeHeaderList(answer.unrecognisedAvoidances));
    reply.header(MEAL_PLAN_DAY_HEADER, encodeHeaderJson(answer.day));
    if (answer.change) reply.header(PLAN_CHANGE_HEADER, encodeHeaderJson(answer.change));
    return answer.items.map(toWireMealItem);
  });

  defineFunction(app, "replace_diet_item", {}, async (input, request, reply) => {
    const { item, ...counts } = await withRetryAfter(reply, summary, () =>
      replaceDietItem(deps, callerId(request), input),
    );
    return { replacementItem: JSON.stringify(toWireMealItem(item)), ...counts };
  });

  defineFunction(app, "list_diet_replacements", {}, async (input, request, reply) => {
    const { alternatives } = await withRetryAfter(reply, summary, () =>
      listDietReplacements(deps, callerId(request), input),
    );
    return { alternatives: alternatives.map(toWireMealItem) };
  });

  defineFunction(app, "openai_get_workout_plan", {}, async (input, request, reply) => {
    const answer = await withRetryAfter(reply, summary, () => getWorkoutPlan(deps, callerId(request), input));
    if (answer.change) reply.header(PLAN_CHANGE_HEADER, encodeHeaderJson(answer.change));
    return answer.items.map(toWireWorkoutItem);
  });

  defineFunction(app, "replace_workout_item", {}, async (input, request, reply) => {
    const { item, ...counts } = await withRetryAfter(reply, summary, () =>
      replaceWorkout(deps, callerId(request), input),
    );
    return { replacementWorkout: JSON.stringify(toWireWorkoutItem(item)), ...counts };
  });

  defineFunction(app, "workout_alternatives", {}, async (input, request, reply) => {
    const { alternatives } = await withRetryAfter(reply, summary, () =>
      workoutAlternativesFor(deps, callerId(request), input),
    );
    return { alternatives: alternatives.map(toWireWorkoutItem) };
  });
}
