import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  GrantTypeSchema,
  IdTokenGrantRequestSchema,
  LogoutScopeSchema,
  PasswordGrantRequestSchema,
  PkceGrantRequestSchema,
  RefreshTokenGrantRequestSchema,
  type IdTokenGrantRequest,
  type Session,
} from "@fitwise/contracts/auth";
import { DEFAULT_REFRESH_LIMIT, type AppConfig } from "../../env";
import { HttpError } from "../../http/errors";
import { parsePkceChallenge, type PkceFlows } from "./auth.pkce";
import type { SessionMeta } from "./auth.repository";
import { sessionOptionsFor, type AuthService } from "./auth.service";
import { parseBody, sessionMeta } from "./request-input";
import { defineRoute } from "../../http/define-route";

/** The id_token grant (Google sign-in with a token the client got itself); the account module answers it. */
export interface IdTokenSignIn {
  signIn(input: IdTokenGrantRequest, meta: SessionMeta): Promise<Session>;
}

/** Built once by buildApp (app.ts), which wires the sign-up e-mails and offers into the service. */
export interface AuthRoutesOptions {
  config: AppConfig;
  auth: AuthService;
  pkce: PkceFlows;
  idToken: IdTokenSignIn;
}

function rateLimit(limit: { max: number; windowMs: number }) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}

/** Supabase Auth (GoTrue) compatible routes; registered with prefix /auth/v1. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { config, pkce, idToken } = options;
  const service = options.auth;

  defineRoute(
    app,
    "POST /auth/v1/signup",
    { config: rateLimit(config.rateLimits.signup) },
    async (request, _reply, route) => {
      const body = parseBody(route.request, request.body);
      // GoTrue: the challenge matters only with confirmation on; an auto-confirmed sign-up gets its session now.
      return service.signUp(body, sessionMeta(request), parsePkceChallenge(body));
    },
  );

  const refreshLimit = config.rateLimits.refresh ?? DEFAULT_REFRESH_LIMIT;
  const isRefresh = (request: FastifyRequest) =>
    (request.query as { grant_type?: unknown }).grant_type === "refresh_token";
  const tokenLimits = {
    rateLimit: {
      // Two buckets per address: refresh grants, and everything else (password, pkce and id_token
      // sign-ins), so failed sign-ins never hold up a refresh.
      keyGenerator: (request: FastifyRequest) =>
        `${isRefresh(request) ? "refresh" : "sign-in"}:${request.ip}`,
      max: (request: FastifyRequest) => (isRefresh(request) ? refreshLimit.max : config.rateLimits.token.max),
      timeWindow: config.rateLimits.token.windowMs,
    },
  };

  defineRoute(app, "POST /auth/v1/token", { config: tokenLimits }, async (request) => {
    const query = request.query as { grant_type?: string };
    const grantType = GrantTypeSchema.safeParse(query.grant_type);
    if (!grantType.success) throw new HttpError(400, "unsupported_grant_type", "unsupported_grant_type");
    if (grantType.data === "password") {
      return service.signInWithPassword(
        parseBody(PasswordGrantRequestSchema, request.body),
        sessionMeta(request),
      );
    }
    if (grantType.data === "pkce") {
      const now = new Date();
      const flow = await pkce.exchange(parseBody(PkceGrantRequestSchema, request.body), now);
      return service.startSessionFor(
        flow.userId,
        sessionMeta(request),
        now,
        sessionOptionsFor(flow.authenticationMethod, now),
      );
    }
    if (grantType.data === "id_token") {
      return idToken.signIn(parseBody(IdTokenGrantRequestSchema, request.body), sessionMeta(request));
    }
    return service.refresh(parseBody(RefreshTokenGrantRequestSchema, request.body).refresh_token);
  });

  defineRoute(app, "GET /auth/v1/user", {}, async (request) => service.getUser(request.user!.id));

  defineRoute(app, "PUT /auth/v1/user", {}, async (request, _reply, route) =>
    service.updateUser(request.user!, parseBody(route.request, request.body)),
  );

  defineRoute(app, "POST /auth/v1/logout", {}, async (request, reply) => {
    const query = request.query as { scope?: string };
    const scope = LogoutScopeSchema.safeParse(query.scope ?? "global");
    if (!scope.success)
      throw new HttpError(400, "validation_failed", "Invalid logout scope: use global, local or others");
    await service.logout(request.user!, scope.data);
    return reply.code(204).send();
  });
}
