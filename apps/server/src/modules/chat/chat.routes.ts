import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database";
import type { AiConfig } from "../../env";
import type { JobQueue } from "../jobs/job-queue";
import { optedOutOfTracking } from "../../http/tracking-consent";
import { undoPlanChange } from "../plans/plan-changes";
import type { PlanPool } from "../plans/plan-pool";
import type { ChatDeps } from "./chat.context";
import { chatHistory, chatTrainer, clearChatHistory } from "./chat.service";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";

export interface ChatRoutesOptions {
  db: Database;
  ai?: AiConfig;
  /**
   * The chat's own pool, built by buildApp (app.ts): one worker started on the first message that needs a solve,
   * each solve limited to CHAT_SOLVE_TIMEOUT_MS; tests and benchmarks pass theirs.
   */
  pool: PlanPool;
  now?: () => Date;
  /** Messages per user and minute (default 20): a person types far slower, a script does not. */
  messagesPerMinute?: number;
  /** The background job queue (docs/decisions/070). */
  jobs?: JobQueue;
}

export const DEFAULT_CHAT_MESSAGES_PER_MINUTE = 20;

/** Whole re-plans of seven days fit well inside this; the pool's own per-solve limit still applies. */
export const CHAT_SOLVE_TIMEOUT_MS = 5_000;

/** The trainer chat of docs/product.md §8 under /functions/v1: openai_chat_trainer, get_chat_history, clear_chat_history. */
export async function chatRoutes(app: FastifyInstance, options: ChatRoutesOptions): Promise<void> {
  const deps: ChatDeps = {
    db: options.db,
    pool: options.pool,
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
