import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's response headers, worked out once. @fastify/helmet calls `helmet(options)` on every
 * request, which parses the Content-Security-Policy directives again each time: in a CPU profile of
 * bench:load that was the largest piece of our own work on a cached public-plan read. The headers
 * depend on the options alone, so the same middleware runs once here, against a response that only
 * records them.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer carries the headers; a route may still set its own value of one of them. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
