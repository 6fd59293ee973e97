import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { HttpError, zodIssues } from "../../http/errors";
import type { SessionMeta } from "./auth.repository";

/** Validates a route's body; a bad one answers 400 validation_failed, listing the issues. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success)
    throw new HttpError(400, "validation_failed", "Invalid request body", zodIssues(result.error));
  return result.data;
}

/** What a new session records about the device that asked for it. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers["user-agent"] ?? null, ip: request.ip ?? null };
}
