import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../../db/database";
import type { AppConfig } from "../../env";
import { defineFunction } from "../../http/define-function";
import { defineRoute } from "../../http/define-route";
import { HttpError } from "../../http/errors";
import { parsePkceChallenge, type PkceFlows } from "../auth/auth.pkce";
import type { AuthService } from "../auth/auth.service";
import { parseBody, sessionMeta } from "../auth/request-input";
import type { AccountServiceDeps } from "./account.deps";
import type { AccountRepository } from "./account.repository";
import { AccountService } from "./account.service";
import type { EmailLinks } from "./email-links";
import type { OidcClient } from "./oidc.client";
import { totpSecretBox } from "./secret-box";

/** The services this module shares with others, built once by buildApp (app.ts). */
export interface AccountRoutesOptions {
  db: Database;
  config: AppConfig;
  repo: AccountRepository;
  auth: AuthService;
  links: EmailLinks;
  pkce: PkceFlows;
  oidc: OidcClient | null;
  cancelSubscription: AccountServiceDeps["cancelSubscription"];
}

interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
/**
 * Per client IP and per target. The e-mail and verify figures follow GoTrue's defaults
 * (RATE_LIMIT_EMAIL_SENT 30/h; RATE_LIMIT_VERIFY 30 per 5 min); a factor gets 10 codes per 5 minutes,
 * so guessing a 6-digit code (3 valid at a time) takes years on average.
 */
export const ACCOUNT_RATE_LIMITS = {
  emailPerIp: { max: 30, windowMs: 60 * MINUTE },
  emailPerAddress: { max: 5, windowMs: 60 * MINUTE },
  verifyPerIp: { max: 30, windowMs: 5 * MINUTE },
  oauthPerIp: { max: 30, windowMs: 5 * MINUTE },
  mfaVerifyPerIp: { max: 30, windowMs: 5 * MINUTE },
  mfaVerifyPerFactor: { max: 10, windowMs: 5 * MINUTE },
  deletePerUser: { max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Several limits on one route (the plugin's own route option allows one): each a counter under its
 * own key prefix in the shared store (Redis when configured), answering 429 in the GoTrue shape.
 */
function limiter(app: FastifyInstance, name: string, limit: Limit) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) =>
      `${name}:${(request as FastifyRequest & { rateLimitKey?: string }).rateLimitKey ?? ""}`,
  });
  return async (request: FastifyRequest, key: string): Promise<void> => {
    (request as FastifyRequest & { rateLimitKey?: string }).rateLimitKey = key;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(
        429,
        "over_request_rate_limit",
        `Request rate limit reached, retry in ${Math.max(1, Math.ceil(result.ttl / 1000))} seconds`,
      );
    }
  };
}

/**
 * Google sign-in, e-mail links, MFA factors and /settings under /auth/v1 (beside the auth routes),
 * and the export_my_data and delete_my_account functions under /functions/v1. Registered without a prefix.
 */
export async function accountRoutes(root: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, config, repo, auth, links, pkce, oidc, cancelSubscription } = options;
  const service = new AccountService({
    db,
    repo,
    auth,
    links,
    oidc,
    pkce,
    totpSecrets: totpSecretBox(config.jwtSecret),
    config,
    log: root.log,
    cancelSubscription,
  });
  root.addHook("onClose", async () => {
    await service.drain();
  });
  await root.register((app) => authV1(app, service), { prefix: "/auth/v1" });
  await root.register((app) => functionsV1(app, service), { prefix: "/functions/v1" });
}

function limitsFor(app: FastifyInstance) {
  return Object.fromEntries(
    Object.entries(ACCOUNT_RATE_LIMITS).map(([name, limit]) => [name, limiter(app, name, limit)]),
  ) as Record<keyof typeof ACCOUNT_RATE_LIMITS, ReturnType<typeof limiter>>;
}

const ipOf = (request: FastifyRequest) => request.ip ?? "unknown";

async function authV1(app: FastifyInstance, service: AccountService): Promise<void> {
  const limits = limitsFor(app);

  const emailKey = (email: string | undefined) => (email ?? "").trim().toLowerCase();

  defineRoute(app, "GET /auth/v1/settings", {}, async () => service.settings());

  defineRoute(app, "POST /auth/v1/recover", {}, async (request, _reply, route) => {
    const body = parseBody(route.request, request.body);
    await limits.emailPerIp(request, ipOf(request));
    await limits.emailPerAddress(request, emailKey(body.email));
    const query = request.query as { redirect_to?: string };
    return service.email.recover(body.email, body.redirect_to ?? query.redirect_to, parsePkceChallenge(body));
  });

  defineRoute(app, "POST /auth/v1/otp", {}, async (request, _reply, route) => {
    const body = parseBody(route.request, request.body);
    await limits.emailPerIp(request, ipOf(request));
    await limits.emailPerAddress(request, emailKey(body.email));
    return service.email.otp(body);
  });

  defineRoute(app, "POST /auth/v1/resend", {}, async (request, _reply, route) => {
    const body = parseBody(route.request, request.body);
    await limits.emailPerIp(request, ipOf(request));
    await limits.emailPerAddress(request, emailKey(body.email));
    return service.email.resend(body);
  });

  defineRoute(app, "GET /auth/v1/verify", {}, async (request, reply, route) => {
    await limits.verifyPerIp(request, ipOf(request));
    const query = route.request.safeParse(request.query);
    const location = await service.email.verifyLinkRedirect(
      query.success ? query.data : {},
      sessionMeta(request),
    );
    return reply.header("Cache-Control", "no-store").redirect(location, 303);
  });

  defineRoute(app, "POST /auth/v1/verify", {}, async (request, _reply, route) => {
    await limits.verifyPerIp(request, ipOf(request));
    return service.email.verifyLink(parseBody(route.request, request.body), sessionMeta(request));
  });

  defineRoute(app, "GET /auth/v1/authorize", {}, async (request, reply) => {
    await limits.oauthPerIp(request, ipOf(request));
    const query = request.query as {
      provider?: string;
      redirect_to?: string;
      code_challenge?: string;
      code_challenge_method?: string;
    };
    const location = await service.google.authorize(
      query.provider,
      query.redirect_to,
      parsePkceChallenge(query),
    );
    return reply.header("Cache-Control", "no-store").redirect(location, 302);
  });

  defineRoute(app, "GET /auth/v1/callback", {}, async (request, reply) => {
    await limits.oauthPerIp(request, ipOf(request));
    const query = request.query as Record<string, string | undefined>;
    const location = await service.google.callback(query, sessionMeta(request));
    return reply
      .header("Cache-Control", "no-store")
      .header("Referrer-Policy", "no-referrer")
      .redirect(location, 303);
  });

  defineRoute(app, "POST /auth/v1/factors", {}, async (request, _reply, route) =>
    service.mfa.enroll(request.user!, parseBody(route.request, request.body)),
  );

  defineRoute<"POST /auth/v1/factors/:id/challenge", { Params: { id: string } }>(
    app,
    "POST /auth/v1/factors/:id/challenge",
    {},
    async (request) => service.mfa.challenge(request.user!, request.params.id, request.ip ?? null),
  );

  defineRoute<"POST /auth/v1/factors/:id/verify", { Params: { id: string } }>(
    app,
    "POST /auth/v1/factors/:id/verify",
    {},
    async (request, _reply, route) => {
      await limits.mfaVerifyPerIp(request, ipOf(request));
      await service.mfa.requireOwnFactor(request.user!, request.params.id);
      await limits.mfaVerifyPerFactor(request, request.params.id);
      return service.mfa.verifyFactor(
        request.user!,
        request.params.id,
        parseBody(route.request, request.body),
        sessionMeta(request),
      );
    },
  );

  defineRoute<"DELETE /auth/v1/factors/:id", { Params: { id: string } }>(
    app,
    "DELETE /auth/v1/factors/:id",
    {},
    async (request) => service.mfa.unenroll(request.user!, request.params.id),
  );
}

async function functionsV1(app: FastifyInstance, service: AccountService): Promise<void> {
  const limits = limitsFor(app);
  defineFunction(app, "export_my_data", {}, async (_input, request, reply) => {
    const data = await service.data.exportMyData(request.user!);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("Cache-Control", "no-store")
      .header("Content-Disposition", `attachment; filename="fitwise-my-data-${day}.json"`)
      .send(data);
  });
  defineFunction(app, "delete_my_account", {}, async (input, request) => {
    await limits.deletePerUser(request, request.user!.id);
    return service.data.deleteMyAccount(request.user!, input);
  });
}
