import type { Writable } from "node:stream";
import type { FastifyServerOptions } from "fastify";

/**
 * What a logged error may carry. Database drivers attach the failed statement's parameters
 * (PGlite: `params`; both: `detail` such as "Key (email)=(…) already exists"), which hold e-mail
 * addresses, password hashes and health text, so only these fields are written; anything else an
 * error carries stays out of the log.
 */
const LOGGED_ERROR_FIELDS = ["type", "message", "stack", "code", "statusCode", "name"] as const;

/** An error (and its cause chain) reduced to fields that never hold request data. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) {
    return { message: String(error) };
  }
  const source = error as Record<string, unknown>;
  const out: Record<string, unknown> = { type: error.constructor.name };
  for (const field of LOGGED_ERROR_FIELDS) {
    const value = field === "type" ? undefined : source[field];
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  if (source.cause !== undefined && source.cause !== error) out.cause = serializeError(source.cause);
  return out;
}

/** The path only: query strings carry e-mail addresses, tokens and redirect targets. */
export function pathOf(url: string): string {
  const index = url.indexOf("?");
  return index < 0 ? url : url.slice(0, index);
}

interface LoggedRequest {
  method: string;
  url: string;
  id: string;
}

/**
 * Fastify's logger with serializers that keep personal data out: requests are logged by method
 * and path (no query, no headers, no client address), errors by type, message and code.
 */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        path: pathOf(request.url),
        id: request.id,
      }),
      // Pino's own error serializer keeps every enumerable field, parameters included.
      err: serializeError as never,
      error: serializeError as never,
    },
  };
}
