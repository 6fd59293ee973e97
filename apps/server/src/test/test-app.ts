import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { buildApp } from "../app";
import { createPGlite, wrapPGlite, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import type { AppConfig } from "../env";

export const TEST_PASSWORD = "correct horse battery staple";

/** A config for tests: in-memory PGlite, a random secret, no web build, generous rate limits, no job queue. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: ":memory:",
    jwtSecret: randomBytes(32).toString("base64url"),
    logLevel: "silent",
    webDistDir: "/nonexistent/fitwise-web-dist",
    publicUrl: "http://localhost:3000",
    trustProxy: false,
    rateLimits: { token: { max: 1000, windowMs: 60_000 }, signup: { max: 1000, windowMs: 60_000 } },
    rateLimitNamespace: `fitwise-test-${randomUUID()}-`,
    supportEmail: "support@fitwise.app",
    brandName: "Fitwise",
    checkAnswers: true,
    // The suites about background work turn it on; elsewhere a re-plan queued by a profile write would only spend
    // CI's two cores on a week nobody reads (stale days are re-planned when read either way).
    backgroundJobs: false,
    ...overrides,
  };
}

/** DATABASE_URL of the test environment (CI sets it); unset means PGlite only. */
export const postgresAdminUrl = process.env.DATABASE_URL;

/** Runs one statement on a PostgreSQL connection of its own (to the database at url), closed whatever happens. */
export async function queryOnce<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<Row>(text, values);
  } finally {
    await client.end();
  }
}

/** Creates an empty PostgreSQL database for one suite; drop() removes it. */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fitwise_test_${randomUUID().replaceAll("-", "")}`;
  await queryOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

let template: Promise<Blob> | undefined;

/** The run's migrated dump (pglite-template.global-setup.ts); undefined outside Vitest, e.g. in benches. */
function providedDump(): string | undefined {
  try {
    return inject("migratedPGliteDump");
  } catch {
    return undefined;
  }
}

/**
 * A fresh in-memory PGlite with every migration applied. initdb takes seconds on a busy machine, so
 * databases start from a dump: the one the test run made once, else one made here on first use.
 */
export async function openTestPGlite(): Promise<Database> {
  template ??= (async () => {
    const provided = providedDump();
    if (provided !== undefined) return new Blob([await readFile(provided)]);
    const pglite = await createPGlite({});
    await migrate(wrapPGlite(pglite));
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    return dump;
  })();
  return wrapPGlite(await createPGlite({ loadDataDir: await template }));
}

/** An app on a fresh in-memory PGlite, solving in this thread, for tests that need their own config. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(overrides), {
    logger: false,
    database: await openTestPGlite(),
    solvePlansInThread: true,
  });
}

export interface SignedUp {
  accessToken: string;
  refreshToken: string;
  userId: string;
  email: string;
  session: Session;
}

/** One line of the app's log, as pino writes it. */
export interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string };
  /** What a line carries besides (e.g. the counts of the nightly purge). */
  [field: string]: unknown;
}

export interface LogCollector {
  /** A stream to give buildApp as its logStream. */
  stream: PassThrough;
  /** The lines written so far, parsed. */
  lines: LogLine[];
  /** Everything written so far, as written. */
  text(): string;
}

/** Collects what an app logs, for tests that check what is logged (and what never is). */
export function collectLogs(): LogCollector {
  const stream = new PassThrough();
  const chunks: string[] = [];
  const lines: LogLine[] = [];
  let partial = "";
  stream.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    chunks.push(text);
    const parts = (partial + text).split("\n");
    partial = parts.pop() ?? "";
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as LogLine);
  });
  return { stream, lines, text: () => chunks.join("") };
}

export interface TestContext {
  app(): FastifyInstance;
  db(): Database;
  signUp(email?: string): Promise<SignedUp>;
  /** The app's log when the suite asked for it (DescribeOptions.captureLogs), else empty. */
  logs: LogCollector;
}

export async function signUpThrough(
  app: FastifyInstance,
  email = `user-${randomUUID()}@example.com`,
): Promise<SignedUp> {
  const response = await app.inject({
    method: "POST",
    url: "/auth/v1/signup",
    payload: { email, password: TEST_PASSWORD, data: { full_name: "Test User" } },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const session = response.json<Session>();
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    userId: session.user.id,
    email: session.user.email,
    session,
  };
}

export interface DescribeOptions {
  config?: Partial<AppConfig>;
  /** Log at config.logLevel into ctx.logs instead of not logging. */
  captureLogs?: boolean;
}

/**
 * Runs the suite on a fresh in-memory PGlite and, when DATABASE_URL is set, again on a fresh
 * PostgreSQL database created for the suite and dropped afterwards.
 */
export function describeWithDatabases(
  title: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  const targets: Array<"PGlite" | "PostgreSQL"> = postgresAdminUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  for (const target of targets) {
    describe(`${title} [${target}]`, () => {
      let app: FastifyInstance | undefined;
      let postgres: { url: string; drop(): Promise<void> } | undefined;
      const logs = collectLogs();
      beforeAll(async () => {
        if (target === "PostgreSQL" && postgresAdminUrl)
          postgres = await createPostgresDatabase(postgresAdminUrl);
        const config = testConfig({ ...options.config, ...(postgres ? { databaseUrl: postgres.url } : {}) });
        app = await buildApp(config, {
          ...(options.captureLogs === true ? { logStream: logs.stream } : { logger: false }),
          ...(postgres ? {} : { database: await openTestPGlite() }),
          // The suites about worker threads build their own pools (plan-pool.test.ts and the fairness suite).
          solvePlansInThread: true,
        });
      });
      afterAll(async () => {
        await app?.close();
        await postgres?.drop();
      });
      const current = (): FastifyInstance => {
        if (!app) throw new Error("the test app is not built yet");
        return app;
      };
      fn({ app: current, db: () => current().db, signUp: (email) => signUpThrough(current(), email), logs });
    });
  }
}

/** describeWithDatabases with the job queue running, for the suites about work done in the background. */
export function describeWithBackgroundJobs(
  title: string,
  fn: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeWithDatabases(title, fn, { ...options, config: { ...options.config, backgroundJobs: true } });
}
