import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Writable } from "node:stream";
import { SESSION_LIMITS_DEFAULT, type AppConfig, type SiteLinks } from "./env";
import { openDatabase, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { authenticatePlugin, createSessionCache } from "./http/authenticate";
import { jsonDepth, MAX_JSON_BODY_DEPTH } from "./http/json-depth";
import { defineRoute } from "./http/define-route";
import { HttpError, registerErrorHandler } from "./http/errors";
import { registerInputTextCheck } from "./http/input-text";
import { loggerOptions } from "./http/logging";
import { registerSecurityHeaders } from "./http/security-headers";
import { UserStateCache } from "./http/user-state-cache";
import { fallbackRateLimitStore, SharedCounterLink } from "./http/rate-limit-store";
import { brandLogoOrigins, registerSpa } from "./http/spa";
import { IdTokenGrant } from "./modules/account/account.id-token";
import { AccountRepository } from "./modules/account/account.repository";
import { accountRoutes } from "./modules/account/account.routes";
import { EmailLinks } from "./modules/account/email-links";
import { createMailer, queuedMailer, type Mailer } from "./modules/account/mailer";
import { oidcClientFor } from "./modules/account/oidc.client";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { PkceFlows } from "./modules/auth/auth.pkce";
import { AuthRepository } from "./modules/auth/auth.repository";
import { authRoutes } from "./modules/auth/auth.routes";
import { AuthService } from "./modules/auth/auth.service";
import { CHAT_SOLVE_TIMEOUT_MS, chatRoutes } from "./modules/chat/chat.routes";
import { diaryRoutes } from "./modules/diary/diary.routes";
import { OpenFoodFacts } from "./modules/diary/open-food-facts";
import { collectRoutes, docsRoutes } from "./modules/docs/docs.routes";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import {
  cancelBeforeAccountDeletion,
  paymentsDepsFor,
  sharedPlanTrial,
} from "./modules/payments/payments.service";
import { startingQueue, type JobHandlers, type JobLog, type JobQueue } from "./modules/jobs/job-queue";
import { startLocalJobQueue } from "./modules/jobs/local-job-queue";
import { startPgBossJobQueue } from "./modules/jobs/pg-boss-job-queue";
import { createInlinePlanPool, createWorkerPlanPool, type PlanPool } from "./modules/plans/plan-pool";
import { queueReplanAfterPlanInputChanges } from "./modules/plans/week-replan.hooks";
import { replanStaleWeek } from "./modules/plans/week-replan.service";
import { plansRoutes } from "./modules/plans/plans.routes";
import { profileRoutes } from "./modules/profile/profile.routes";
import type { StoredProfile } from "./modules/profile/profile.service";
import { groceriesRoutes } from "./modules/groceries/groceries.routes";
import { insertFirstWeight } from "./modules/progress/progress.repository";
import { progressRoutes } from "./modules/progress/progress.routes";
import { recipesRoutes } from "./modules/recipes/recipes.routes";
import { PublicPlanCache } from "./modules/saved/public-plan-cache";
import {
  EVERY_PUBLIC_PLAN,
  LOCAL_ONLY,
  PostgresPublicPlanNotices,
  type PublicPlanNotices,
} from "./modules/saved/public-plan-notices";
import { savedRoutes } from "./modules/saved/saved.routes";
import { describePublicPlan, saveDiet, saveWorkout } from "./modules/saved/saved.service";
import { purgeExpired, purgeOnTimer } from "./nightly-purge";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
  }
}

export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * How long a profile answer is reused without reading the database. This process drops it before
 * answering any request that may change it; another instance may show the old profile, Pro status
 * or replacement count for up to this long after a write elsewhere (docs/decisions/036).
 */
export const PROFILE_CACHE_TTL_MS = 1_000;

export interface BuildAppOptions {
  logger?: boolean;
  /** An already opened database to use instead of opening one from config (tests); closed with the app. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them); needs `logger` not false. */
  logStream?: Writable;
  /** The plan functions' pool instead of their own worker pool (tests); the caller closes it. */
  planPool?: PlanPool;
  /**
   * Without a planPool, solve every plan in the server's own thread instead of worker threads (tests: a worker started
   * from the TypeScript sources compiles the engine first, seconds of CPU for each test app).
   */
  solvePlansInThread?: boolean;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify reads a bare number as "trust nothing" (it cannot check
 * the immediate peer), so a hop count becomes proxy-addr's trust function: the `hops` addresses
 * nearest the server (the socket's, then X-Forwarded-For from the right) are proxies and the next
 * one is the client, whatever a client wrote further left.
 */
/** On PostgreSQL, instances tell each other of deleted public plans (decision 060); PGlite has one process. */
async function publicPlanNotices(
  app: FastifyInstance,
  config: AppConfig,
  cache: PublicPlanCache,
): Promise<PublicPlanNotices> {
  if (!config.databaseUrl) return LOCAL_ONLY;
  const notices = new PostgresPublicPlanNotices({
    cache,
    db: app.db,
    listenUrl: config.databaseListenUrl ?? config.databaseUrl,
    log: app.log,
  });
  await notices.start();
  app.addHook("onClose", async () => {
    await notices.close();
  });
  return notices;
}

/**
 * Niceness of the background jobs' plan worker: the lowest, so the operating system gives the request threads and
 * the interactive plan workers the CPU first; with one worker and one job at a time, background solves take at most
 * one core's idle time (docs/decisions/070).
 */
const BACKGROUND_WORKER_NICE = 19;

/** What the background jobs use; the plan pool is the background one, never an interactive pool. */
export interface JobHandlerDeps {
  db: Database;
  config: AppConfig;
  /** The background plan pool (replan-week only: the other kinds solve nothing, docs/decisions/077). */
  pool: PlanPool;
  /** Sends for real (SMTP or the outbox): what the send-email job runs. */
  mailer: Mailer;
  log: JobLog;
}

/** The handler of each job kind (docs/decisions/070, 077), wired here because each belongs to another module. */
export function jobHandlers(deps: JobHandlerDeps): JobHandlers {
  const { db, config, pool, mailer, log } = deps;
  return {
    "replan-week": ({ userId }) => replanStaleWeek({ db, pool, now: () => new Date() }, userId),
    "purge-expired": async () => {
      const deleted = await purgeExpired(db, new Date(), config.sessionLimits ?? SESSION_LIMITS_DEFAULT);
      log.info({ deleted }, "expired rows purged");
    },
    "send-email": ({ email }) => mailer.send(email),
  };
}

/** The job queue (docs/decisions/070): pg-boss on PostgreSQL, the in-process runner on the embedded database. */
async function startJobQueue(
  app: FastifyInstance,
  config: AppConfig,
  db: Database,
  pool: PlanPool | undefined,
  mailer: Mailer,
): Promise<JobQueue> {
  const background =
    pool ?? createWorkerPlanPool({ size: 1, workerNice: BACKGROUND_WORKER_NICE, events: app.log });
  const log: JobLog = app.log;
  const handlers = jobHandlers({ db, config, pool: background, mailer, log });
  const jobs = config.databaseUrl
    ? startingQueue(startPgBossJobQueue({ connectionString: config.databaseUrl, handlers, log }), log)
    : await startLocalJobQueue({ db, handlers, log });
  // Registered after the database's hook, so it runs before it (onClose runs last-registered first).
  app.addHook("onClose", async () => {
    await jobs.close();
    if (pool === undefined) await background.close();
  });
  return jobs;
}

/** The chat's own small pool: a chat re-plan of several days should not queue the diet screen's solves behind it. */
function chatPlanPool(app: FastifyInstance, given: PlanPool | undefined): PlanPool {
  if (given) return given;
  const pool = createWorkerPlanPool({ size: 1, jobTimeoutMs: CHAT_SOLVE_TIMEOUT_MS, events: app.log });
  app.addHook("onClose", async () => {
    await pool.close();
  });
  return pool;
}

function proxyTrust(
  trust: AppConfig["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Socket time limits (Fastify's defaults leave an idle or trickling socket open for ever):
 * - connection: a socket with no traffic either way is closed. Longer than the slowest answer the
 *   server composes in silence, a model reply of the trainer chat (AI_TIMEOUT_MS), plus a margin.
 * - request: the whole request, headers and body, must arrive within this (slow-sending clients).
 * - keep-alive: an idle kept-alive socket waits this long for the next request; above the 60 s idle
 *   timeout of common load balancers, so they close first and never send into a closing socket.
 */
export const SOCKET_TIMEOUTS = { requestMs: 30_000, keepAliveMs: 72_000, minConnectionMs: 120_000 } as const;

export function socketTimeouts(config: AppConfig): {
  connectionMs: number;
  requestMs: number;
  keepAliveMs: number;
} {
  return {
    connectionMs: Math.max(SOCKET_TIMEOUTS.minConnectionMs, (config.ai?.timeoutMs ?? 0) + 30_000),
    requestMs: SOCKET_TIMEOUTS.requestMs,
    keepAliveMs: SOCKET_TIMEOUTS.keepAliveMs,
    ...config.socketTimeouts,
  };
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const planPool =
    options.planPool ?? (options.solvePlansInThread === true ? createInlinePlanPool() : undefined);
  const timeouts = socketTimeouts(config);
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    connectionTimeout: timeouts.connectionMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // false, a hop count or the proxies' addresses, never every hop (env.ts TrustProxySchema).
    trustProxy: proxyTrust(config.trustProxy),
  });
  // Before any route: the API document (GET /api/docs) lists what was registered.
  const routes = collectRoutes(app);
  const db =
    options.database ??
    (await openDatabase(config, {
      onConnectionError: (error) => app.log.error({ err: error }, "database connection lost"),
    }));
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  for (const warning of config.startupWarnings ?? []) app.log.warn(warning);
  app.decorate("db", db);
  app.decorate("config", config);
  app.addHook("onClose", async () => {
    await db.destroy();
  });

  // Clients such as supabase-js send `Content-Type: application/json` with an empty body on logout.
  // Non-empty bodies go through Fastify's own parser, which refuses __proto__/constructor poisoning.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    void parseJson(request, text, (error, parsed) => {
      if (error) done(new HttpError(400, "bad_json", "Request body is not valid JSON"), undefined);
      else if (jsonDepth(parsed, MAX_JSON_BODY_DEPTH) > MAX_JSON_BODY_DEPTH)
        done(
          new HttpError(400, "bad_json", `Request body nests deeper than ${MAX_JSON_BODY_DEPTH} levels`),
          undefined,
        );
      else done(null, parsed);
    });
  });

  const https = config.publicUrl.startsWith("https://");
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (not JavaScript evaluated): the barcode reader for browsers without their
        // own BarcodeDetector is ZXing compiled to wasm, served from our origin (docs/decisions/068).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...brandLogoOrigins(config.brandHosts)],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // On plain http (localhost) this would send the page's own requests to https and break it.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  let link: SharedCounterLink | undefined;
  if (config.redisUrl) {
    const shared = new SharedCounterLink(config.redisUrl, app.log);
    link = shared;
    await shared.firstAttempt();
    app.addHook("onClose", async () => {
      await shared.close();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // Counters fall back to this process while Redis is away, so the store itself never fails.
    store: fallbackRateLimitStore(link, config.rateLimitNamespace),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, "over_request_rate_limit", `Request rate limit reached, retry in ${context.after}`),
  });

  registerErrorHandler(app);
  registerInputTextCheck(app);
  const sessions = createSessionCache();
  const profiles = new UserStateCache<StoredProfile>({
    ttlMs: config.profileCacheTtlMs ?? PROFILE_CACHE_TTL_MS,
    maxEntries: 10_000,
  });
  // One hook, registered before the routes so it runs for every one of them. onSend runs before the
  // answer leaves, so what a request changed (a logout, a profile write, a webhook) is already
  // dropped from the caches when the caller's next request comes.
  app.addHook("onSend", async (request, reply) => {
    sessions.invalidateFor(request, reply);
    profiles.invalidateFor(request, reply);
    // Tokens and personal data must not be kept by a browser or proxy cache; a route that is meant
    // to be cached (a public saved plan) sets its own Cache-Control.
    if (reply.hasHeader("cache-control")) return;
    const path = request.url;
    if (path.startsWith("/auth/") || path.startsWith("/functions/") || path.startsWith("/webhooks/")) {
      reply.header("cache-control", "no-store");
    }
  });
  await app.register(authenticatePlugin, {
    db,
    jwtSecret: config.jwtSecret,
    issuer: `${config.publicUrl}/auth/v1`,
    sessions,
  });

  defineRoute(app, "GET /healthz", {}, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: "ok", database: "up" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database unreachable");
      return reply.code(503).send({ status: "error", database: "down" });
    }
  });

  // The services several modules use are built once, here; a module higher in the layering reaches a lower
  // one's hooks only through what is wired here (docs/decisions/075).
  const accounts = new AccountRepository(db);
  const mailer = createMailer(config, app.log);
  // E-mails and the nightly purge go through the queue when it runs (docs/decisions/077); without it, e-mails are
  // sent inside their request and each instance purges on a timer, as before.
  const jobs = config.backgroundJobs ? await startJobQueue(app, config, db, planPool, mailer) : undefined;
  if (!jobs) {
    purgeOnTimer(app, async () => {
      await purgeExpired(db, new Date(), config.sessionLimits ?? SESSION_LIMITS_DEFAULT);
    });
  }
  const links = new EmailLinks(accounts, jobs ? queuedMailer(jobs) : mailer, config);
  const pkce = new PkceFlows(db);
  const oidc = config.google ? oidcClientFor(config.google) : null;
  const payments = paymentsDepsFor(db, config);
  const auth = authService(db, config, links, pkce);
  const idToken = new IdTokenGrant({
    oidc,
    issuer: config.google?.issuer ?? "",
    repo: accounts,
    auth,
    log: app.log,
  });
  await app.register(authRoutes, { prefix: "/auth/v1", config, auth, pkce, idToken });
  await app.register(accountRoutes, {
    db,
    config,
    repo: accounts,
    auth,
    links,
    pkce,
    oidc,
    cancelSubscription: (userId) => cancelBeforeAccountDeletion(payments, userId),
  });
  await app.register(profileRoutes, {
    prefix: "/functions/v1",
    db,
    profiles,
    savedPlans: { saveDiet, saveWorkout },
    firstWeighIn: insertFirstWeight,
  });
  await app.register(plansRoutes, {
    prefix: "/functions/v1",
    db,
    ...(planPool ? { pool: planPool } : {}),
  });
  const publicPlans = new PublicPlanCache();
  const notices = await publicPlanNotices(app, config, publicPlans);
  // Deleting an account deletes its saved plans with it (ON DELETE CASCADE), whichever they were.
  app.addHook("onResponse", async (request, reply) => {
    if (request.routeOptions.url === "/functions/v1/delete_my_account" && reply.statusCode === 200) {
      publicPlans.clear();
      await notices.publish(EVERY_PUBLIC_PLAN);
    }
  });
  await app.register(savedRoutes, { prefix: "/functions/v1", db, publicPlans, notices });
  if (jobs) queueReplanAfterPlanInputChanges(app, db, jobs);
  await app.register(chatRoutes, {
    prefix: "/functions/v1",
    db,
    pool: chatPlanPool(app, planPool),
    ...(jobs ? { jobs } : {}),
    ...(config.ai ? { ai: config.ai } : {}),
  });
  await app.register(paymentsRoutes, { db, config, deps: payments, links });
  await app.register(analyticsRoutes, { prefix: "/functions/v1", db });
  await app.register(progressRoutes, { prefix: "/functions/v1", db });
  await app.register(recipesRoutes, { prefix: "/functions/v1" });
  await app.register(groceriesRoutes, { prefix: "/functions/v1", db });
  await app.register(diaryRoutes, {
    prefix: "/functions/v1",
    db,
    profiles,
    ...(config.openFoodFactsUrl
      ? {
          openFoodFacts: new OpenFoodFacts({
            baseUrl: config.openFoodFactsUrl,
            userAgent: `${config.brandName}/1.0 (${config.supportEmail})`,
          }),
        }
      : {}),
  });
  await app.register(docsRoutes, { routes, brandName: config.brandName, publicUrl: config.publicUrl });
  await registerSpa(
    app,
    config.webDistDir,
    {
      brandName: config.brandName,
      supportEmail: config.supportEmail,
      ...(config.google === undefined ? {} : { googleSignIn: true as const }),
      ...(siteLinksSet(config.siteLinks) ? { links: config.siteLinks } : {}),
    },
    config.brandHosts,
    (kind, id, brandName) =>
      describePublicPlan(db, kind, id, brandName).catch((error: unknown) => {
        // An unreadable saved plan (db/stored-data.ts) still gets its page, which then shows the error;
        // only the link preview falls back to naming the brand.
        app.log.error({ err: error }, "share preview: saved plan unreadable");
        return undefined;
      }),
    config.publicUrl,
  );

  return app;
}

/** Sessions and sign-up: a new account may start a shared plan's trial, and e-mails go out through the account's links. */
function authService(db: Database, config: AppConfig, links: EmailLinks, pkce: PkceFlows): AuthService {
  const confirmation = config.authConfirmEmail ? links : null;
  return new AuthService(new AuthRepository(db), {
    jwtSecret: config.jwtSecret,
    issuer: `${config.publicUrl}/auth/v1`,
    signUpOffer: (data) => sharedPlanTrial(db, data),
    ...(config.sessionLimits ? { sessionLimits: config.sessionLimits } : {}),
    emailChange: { send: (user, newEmail) => links.sendEmailChange(user, newEmail) },
    ...(confirmation
      ? {
          emailConfirmation: {
            send: (user, challenge) =>
              confirmation.send(
                user,
                "signup",
                undefined,
                challenge ? { flows: pkce, challenge } : undefined,
              ),
            // An unconfirmed owner gets the confirmation again; a confirmed one a sign-in link.
            sendToExisting: (user) =>
              confirmation.send(user, user.email_confirmed_at ? "magiclink" : "signup", undefined),
          },
        }
      : {}),
  });
}

/** Whether any outside link is configured: without one, index.html carries no links at all. */
function siteLinksSet(links: SiteLinks | undefined): links is SiteLinks {
  return (
    links !== undefined && (Object.keys(links).some((key) => key !== "social") || links.social.length > 0)
  );
}
