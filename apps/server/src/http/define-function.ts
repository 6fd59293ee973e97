import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import { FUNCTIONS, type FunctionName } from "@fitwise/contracts/functions";
import { HttpError, zodIssues } from "./errors";

export const FUNCTIONS_PREFIX = "/functions/v1";

type Contract<N extends FunctionName> = (typeof FUNCTIONS)[N];
/** What a handler receives: the body after the registry's schema (defaults applied, coercions done). */
export type FunctionInput<N extends FunctionName> = z.output<Contract<N>["request"]>;
/** What a handler may answer: anything the registry's answer schema accepts once sent as JSON. */
export type FunctionAnswer<N extends FunctionName> = z.input<Contract<N>["response"]>;

/**
 * A function's body. It may also send the reply itself and return it (a prebuilt JSON string, a 204, a
 * 304): TypeScript cannot see that answer, so it is checked at run time where answers are checked at all.
 */
export type FunctionHandler<N extends FunctionName> = (
  input: FunctionInput<N>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FunctionAnswer<N> | FastifyReply>;

export interface FunctionRouteOptions<N extends FunctionName> {
  /** GET reads the same contract from the query string (get_saved_data, for caching by URL). */
  method?: "POST" | "GET";
  bodyLimit?: number;
  config?: RouteShorthandOptions["config"];
  /** Run after authentication (a "bearer" function's preHandler is always app.authenticate first). */
  preHandler?: NonNullable<RouteShorthandOptions["preHandler"]>;
  /** What is parsed (default: the JSON body, or {} when none was sent). */
  source?: (request: FastifyRequest) => unknown;
  /**
   * Instead of the registry's schema as it is, for a union whose branch is chosen by one field: parsing
   * with the branch alone names that branch's fields on a 400 (write_user_data).
   */
  parse?: (body: unknown) => FunctionInput<N>;
}

/** The registry's schema, or a 400 validation_failed whose message names the first field refused. */
function parseInput<N extends FunctionName>(
  name: N,
  body: unknown,
  parse: ((body: unknown) => FunctionInput<N>) | undefined,
): FunctionInput<N> {
  if (parse) return parse(body);
  const result = FUNCTIONS[name].request.safeParse(body);
  if (result.success) return result.data as FunctionInput<N>;
  const issues = zodIssues(result.error);
  const first = issues[0];
  const message = first ? `Invalid request: ${first.path || "body"}: ${first.message}` : "Invalid request";
  throw new HttpError(400, "validation_failed", message, issues);
}

/**
 * A 200 answer that the registry's answer schema refuses, as the client would parse it (the JSON sent).
 * Only where config.checkAnswers (NODE_ENV test or development): tests then fail on drift, and production
 * pays no parse per answer.
 */
function answerDrift<N extends FunctionName>(name: N, payload: unknown): string | undefined {
  let sent: unknown;
  try {
    sent = typeof payload === "string" ? JSON.parse(payload) : payload;
  } catch {
    return "the answer is not JSON";
  }
  const result = FUNCTIONS[name].response.safeParse(sent);
  if (result.success) return undefined;
  return zodIssues(result.error)
    .map((issue) => `${issue.path || "(answer)"}: ${issue.message}`)
    .join("; ");
}

/**
 * Registers `POST /functions/v1/<name>` from the function registry (docs/decisions/074): the registry's
 * auth (bearer: app.authenticate), its request schema before the handler runs, its answer schema as the
 * handler's return type, and outside production its answer schema on what is sent.
 */
export function defineFunction<N extends FunctionName>(
  app: FastifyInstance,
  name: N,
  options: FunctionRouteOptions<N>,
  handler: FunctionHandler<N>,
): void {
  if (app.prefix !== FUNCTIONS_PREFIX) {
    throw new Error(
      `defineFunction(${name}) must be registered under ${FUNCTIONS_PREFIX}, not "${app.prefix}"`,
    );
  }
  const contract = FUNCTIONS[name];
  const extra = options.preHandler === undefined ? [] : [options.preHandler].flat();
  const preHandler = contract.auth === "bearer" ? [app.authenticate, ...extra] : extra;
  const source = options.source ?? ((request: FastifyRequest) => request.body ?? {});
  app.route({
    method: options.method ?? "POST",
    url: `/${name}`,
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(app.config.checkAnswers
      ? {
          onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            if (reply.statusCode !== 200) return payload;
            const drift = answerDrift(name, payload);
            if (drift) throw new Error(`${name} answered outside its contract: ${drift}`);
            return payload;
          },
        }
      : {}),
    handler: async (request, reply) =>
      handler(parseInput(name, source(request), options.parse), request, reply),
  });
}
