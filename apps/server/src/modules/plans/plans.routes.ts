import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  GetMealPlanRequestSchema,
  GetWorkoutPlanRequestSchema,
  ListDietReplacementsRequestSchema,
  ReplaceDietItemRequestSchema,
  ReplaceWorkoutItemRequestSchema,
  UNRECOGNISED_AVOIDANCES_HEADER,
  encodeHeaderList,
  WorkoutAlternativesRequestSchema,
} from "@fitwise/contracts/plans";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { createWorkerPlanPool, type PlanPool } from "./plan-pool";
import {
  getMealPlan,
  getWorkoutPlan,
  listDietReplacements,
  replaceDietItem,
  replaceWorkout,
  workoutAlternativesFor,
  type PlansDeps,
} from "./plans.service";

export interface PlansRoutesOptions {
  db: Database;
  /** Injected by tests; by default a worker-thread pool owned (and closed) by this plugin. */
  pool?: PlanPool;
  now?: () => Date;
}

/** Seconds a client should wait before retrying a 503 planning_busy. */
const RETRY_AFTER_S = 2;

function callerId(request: FastifyRequest): string {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user.id;
}

/** Adds Retry-After to a busy answer; every other error passes through unchanged. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503)
      reply.header("retry-after", String(RETRY_AFTER_S));
    throw error;
  }
}

/** The plan functions of spec §7 under /functions/v1. */
export async function plansRoutes(app: FastifyInstance, options: PlansRoutesOptions): Promise<void> {
  const ownsPool = options.pool === undefined;
  const pool = options.pool ?? createWorkerPlanPool({ events: app.log });
  if (ownsPool) {
    // Warm the workers once the server listens (not in app.inject tests, which start them on first use).
    app.addHook("onListen", async () => {
      void pool.warm();
    });
    app.addHook("onClose", async () => {
      await pool.close();
    });
  }
  const deps: PlansDeps = { db: options.db, pool, now: options.now ?? (() => new Date()) };
  const authenticated = { preHandler: app.authenticate };

  app.post("/openai_get_meal_plan", authenticated, async (request, reply) => {
    const input = GetMealPlanRequestSchema.parse(request.body ?? {});
    const answer = await withRetryAfter(reply, () => getMealPlan(deps, callerId(request), input));
    reply.header(UNRECOGNISED_AVOIDANCES_HEADER, encodeHeaderList(answer.unrecognisedAvoidances));
    return answer.items;
  });

  app.post("/replace_diet_item", authenticated, async (request, reply) => {
    const input = ReplaceDietItemRequestSchema.parse(request.body ?? {});
    return withRetryAfter(reply, () => replaceDietItem(deps, callerId(request), input));
  });

  app.post("/list_diet_replacements", authenticated, async (request, reply) => {
    const input = ListDietReplacementsRequestSchema.parse(request.body ?? {});
    return withRetryAfter(reply, () => listDietReplacements(deps, callerId(request), input));
  });

  app.post("/openai_get_workout_plan", authenticated, async (request, reply) => {
    const input = GetWorkoutPlanRequestSchema.parse(request.body ?? {});
    return withRetryAfter(reply, () => getWorkoutPlan(deps, callerId(request), input));
  });

  app.post("/replace_workout_item", authenticated, async (request, reply) => {
    const input = ReplaceWorkoutItemRequestSchema.parse(request.body ?? {});
    return withRetryAfter(reply, () => replaceWorkout(deps, callerId(request), input));
  });

  app.post("/workout_alternatives", authenticated, async (request, reply) => {
    const input = WorkoutAlternativesRequestSchema.parse(request.body ?? {});
    return withRetryAfter(reply, () => workoutAlternativesFor(deps, callerId(request), input));
  });
}
