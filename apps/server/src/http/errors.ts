import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";

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

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
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
    if (httpError.statusCode >= 500) {
      request.log.error({ err: error, reqId: request.id }, "request failed");
    }
    return sendError(request, reply, httpError);
  });
}
