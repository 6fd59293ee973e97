import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { StoredDataError } from "../db/stored-data";

export interface ErrorIssue {
  path: string;
  message: string;
}

/** An error meant for the client: its status, code and message are shown as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly issues: ErrorIssue[] | undefined;

  constructor(statusCode: number, code: string, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = code;
    this.issues = issues;
  }
}

export const AUTH_PREFIX = "/auth/v1";

/** Supabase Auth clients read `{ code, error_code, msg }`; everything else gets `{ error: {...} }`. */
export function isAuthPath(url: string): boolean {
  return url === AUTH_PREFIX || url.startsWith(`${AUTH_PREFIX}/`) || url.startsWith(`${AUTH_PREFIX}?`);
}

export function zodIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

const codeByStatus: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "over_request_rate_limit",
};

/**
 * SQLSTATE codes of text the database cannot store (22021 character_not_in_repertoire, e.g. U+0000
 * in text; 22P05 untranslatable_character, e.g. \u0000 in jsonb): the client sent it, so it is a 400.
 * Input is checked before it reaches the database (input-text.ts); this catches what slips past.
 */
const DATABASE_ENCODING_ERRORS = new Set(["22021", "22P05"]);

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // The client's request was fine; what is stored is not. The log line (registerErrorHandler) says where.
  if (error instanceof StoredDataError) {
    return new HttpError(
      500,
      "stored_data_invalid",
      "Stored data could not be read; the problem has been logged",
    );
  }
  const databaseCode = (error as { code?: unknown } | null)?.code;
  if (typeof databaseCode === "string" && DATABASE_ENCODING_ERRORS.has(databaseCode)) {
    return new HttpError(
      400,
      "invalid_characters",
      "The request contains a character that cannot be stored (U+0000 or an unpaired surrogate)",
    );
  }
  if (error instanceof ZodError)
    return new HttpError(400, "validation_failed", "Invalid request", zodIssues(error));
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new HttpError(
      status,
      codeByStatus[status] ?? "bad_request",
      fastifyError.message ?? "Bad request",
    );
  }
  return new HttpError(500, "internal_error", "Internal server error");
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  reply.code(error.statusCode);
  if (isAuthPath(request.url)) {
    return reply.send({ code: error.statusCode, error_code: error.code, msg: error.message });
  }
  return reply.send({
    error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
  });
}

/** The one error handler: client errors pass through, anything else is logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const httpError = toHttpError(error);
    // A 503 HttpError is a deliberate "busy, retry" answer; its module sums those up at warn level.
    if (httpError.statusCode >= 500 && !(error instanceof HttpError && httpError.statusCode === 503)) {
      request.log.error({ err: error, reqId: request.id }, "request failed");
    }
    return sendError(request, reply, httpError);
  });
}
