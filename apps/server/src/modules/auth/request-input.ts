import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { HttpError, zodIssues } from "../../http/errors";
import type { SessionMeta } from "./auth.repository";

/**
 * GoTrue decodes bodies into Go structs, where a JSON null leaves a field at its zero value, and the
 * official client relies on it: @supabase/auth-js sends `code_challenge: null` and
 * `code_challenge_method: null` on sign-up and recovery without PKCE (auth.peer.test.ts). So a
 * top-level null reads as a field that was not sent. Nested values (user_metadata keys) are kept.
 */
function withoutTopLevelNulls(body: unknown): unknown {
  if (body === null || body === undefined) return {};
  if (typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

/** Validates a route's body; a bad one answers 400 validation_failed, listing the issues. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(withoutTopLevelNulls(body));
  if (!result.success)
    throw new HttpError(400, "validation_failed", "Invalid request body", zodIssues(result.error));
  return result.data;
}

/** What a new session records about the device that asked for it. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers["user-agent"] ?? null, ip: request.ip ?? null };
}
