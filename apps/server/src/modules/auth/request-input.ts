import type { FastifyRequest } from "fastify";
import { z } from "zod";
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

const englishMessage = z.locales.en().localeError;

/**
 * The message of an issue whose schema set none (a schema's own message, such as FULL_NAME_TOO_LONG, wins):
 * it names the field, since GoTrue clients show `msg` alone and "Invalid request body" tells nobody what to fix.
 */
const namingTheField: z.core.$ZodErrorMap = (issue) => {
  const last = issue.path?.at(-1);
  const field = last === undefined ? "The request body" : String(last).replace(/_/g, " ");
  if (issue.code === "too_big" && issue.origin === "string")
    return `${field} can be at most ${String(issue.maximum)} characters.`;
  const fallback = englishMessage(issue);
  return `${field}: ${typeof fallback === "string" ? fallback : (fallback?.message ?? "invalid")}`;
};

/** Validates a route's body; a bad one answers 400 validation_failed with the first problem, listing them all. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(withoutTopLevelNulls(body), { error: namingTheField });
  if (!result.success) {
    const issues = zodIssues(result.error);
    throw new HttpError(400, "validation_failed", issues[0]?.message ?? "Invalid request body", issues);
  }
  return result.data;
}

/** What a new session records about the device that asked for it. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers["user-agent"] ?? null, ip: request.ip ?? null };
}
