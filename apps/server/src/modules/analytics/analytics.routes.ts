import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANALYTICS_SCREENS, type AnalyticsEvent } from "@fitwise/contracts/analytics";
import type { Database } from "../../db/database";
import { defineFunction } from "../../http/define-function";
import { HttpError } from "../../http/errors";
import { optedOutOfTracking } from "../../http/tracking-consent";
import { insertAnalyticsEvents, type StoredAnalyticsEvent } from "./analytics.repository";

export interface AnalyticsRoutesOptions {
  db: Database;
}

/**
 * Per address. The browser batches (up to 20 events a request, a request every few seconds at most), so
 * one person stays far below this; the headroom is for several people behind one address.
 */
export const ANALYTICS_REQUESTS_PER_MINUTE = 120;

/** 20 small events fit in about 2 KB; the app-wide 1 MB limit is far more than this route needs. */
const BODY_LIMIT_BYTES = 16_384;

/** navigator.sendBeacon sends a string body as text/plain, so its JSON arrives here as a string. */
function parseBody(body: unknown): unknown {
  if (typeof body !== "string") return body ?? {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new HttpError(400, "bad_json", "Request body is not valid JSON");
  }
}

function toStored(event: AnalyticsEvent): StoredAnalyticsEvent {
  switch (event.name) {
    case "page_view":
      return { name: event.name, properties: { path: event.path, title: ANALYTICS_SCREENS[event.path] } };
    case "diet_info_updated":
      return { name: event.name, properties: { screen: event.screen } };
    default:
      return { name: event.name, properties: {} };
  }
}

/**
 * Anonymous callers are welcome (the landing page is seen before anyone signs in). A caller who sends a
 * bearer token must send a valid one: a forged, expired or signed-out token is a 401 like on every other
 * route, so a client bug shows instead of silently turning a user's events anonymous. A password-only
 * session still waiting for its second factor is counted without its user, since data of an account
 * with MFA needs aal2 (docs/product.md §10).
 */
async function callerId(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.authorization === undefined) return null;
  try {
    await app.authenticate(request, reply);
  } catch (error) {
    if (error instanceof HttpError && error.code === "insufficient_aal") return null;
    throw error;
  }
  return request.user?.id ?? null;
}

/**
 * docs/product.md §8 "Analytics" under /functions/v1: track_events stores a batch of allow-listed events (204).
 * Events past their retention are deleted by the nightly purge (nightly-purge.ts, docs/decisions/077).
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions): Promise<void> {
  defineFunction(
    app,
    "track_events",
    {
      source: (request) => parseBody(request.body),
      bodyLimit: BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: ANALYTICS_REQUESTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `analytics:${request.ip}`,
        },
      },
    },
    async ({ events }, request, reply) => {
      // Our web client sends nothing then; any other client is answered and ignored.
      if (optedOutOfTracking(request)) return reply.code(204).send();
      const userId = await callerId(app, request, reply);
      await insertAnalyticsEvents(options.db, userId, events.map(toStored));
      return reply.code(204).send();
    },
  );
}
