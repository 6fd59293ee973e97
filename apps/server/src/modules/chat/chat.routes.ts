import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database";
import type { AiConfig } from "../../env";
import type { JobQueue } from "../jobs/job-queue";
import { optedOutOfTracking } from "../../http/tracking-consent";
import { undoPlanChange } from "../plans/plan-changes";
import { createWorkerPlanPool, type PlanPool } from "../plans/plan-pool";
import type { ChatDeps } from "./chat.context";
import { chatHistory, chatTrainer, clearChatHistory } from "./chat.service";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";

export interface ChatRoutesOptions {
  db: Database;
  ai?: AiConfig;
  /** Injected by tests and benchmarks; by default one worker of its own, started on the first message that needs a solve. */
  pool?: PlanPool;
  now?: () => Date;
  /** Messages per user and minute (default 20): a person types far slower, a script does not. */
  messagesPerMinute?: number;
  /** The background job queue (docs/decisions/070). */
  jobs?: JobQueue;
}

export const DEFAULT_CHAT_MESSAGES_PER_MINUTE = 20;

/** Whole re-plans of seven days fit well inside this; the pool's own per-solve limit still applies. */
const SOLVE_TIMEOUT_MS = 5_000;

/** The trainer chat of docs/product.md §8 under /functions/v1: openai_chat_trainer, get_chat_history, clear_chat_history. */
export async function chatRoutes(app: FastifyInstance, options: ChatRoutesOptions): Promise<void> {
  const ownsPool = options.pool === undefined;
  // Its own small pool: a chat re-plan of several days should not queue the diet screen's solves behind it.
  const pool =
    options.pool ?? createWorkerPlanPool({ size: 1, jobTimeoutMs: SOLVE_TIMEOUT_MS, events: app.log });
  if (ownsPool) {
    app.addHook("onClose", async () => {
      await pool.close();
    });
  }
  const deps: ChatDeps = {
    db: options.db,
    pool,
    now: options.now ?? (() => new Date()),
    log: app.log,
    ...(options.ai ? { ai: options.ai } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  };

  defineFunction(
    app,
    "openai_chat_trainer",
    {
      config: {
        rateLimit: {
          max: options.messagesPerMinute ?? DEFAULT_CHAT_MESSAGES_PER_MINUTE,
          timeWindow: 60_000,
          // After authentication, so the limit is per user rather than per address.
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `chat:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (input, request) => {
      return chatTrainer(deps, callerId(request), input, {
        id: request.id,
        optedOutOfTracking: optedOutOfTracking(request),
      });
    },
  );

  defineFunction(app, "undo_plan_change", {}, async (input, request) => {
    return undoPlanChange(deps.db, callerId(request), input.change_id, deps.now());
  });

  defineFunction(app, "get_chat_history", {}, async (_input, request) => {
    return chatHistory(deps.db, callerId(request), deps.now());
  });

  defineFunction(app, "clear_chat_history", {}, async (_input, request) => {
    return clearChatHistory(deps.db, callerId(request));
  });
}
