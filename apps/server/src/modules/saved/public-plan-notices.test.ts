import Fastify from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { createPostgresDatabase, postgresAdminUrl } from "../../test/test-app";
import { PublicPlanCache } from "./public-plan-cache";
import { PostgresPublicPlanNotices } from "./public-plan-notices";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, up to `withinMs`; the test's own expectation then says what did not happen. */
async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const until = performance.now() + withinMs;
  while (performance.now() < until) {
    if (await check()) return true;
    await sleep(20);
  }
  return check();
}

// LISTEN/NOTIFY is PostgreSQL's: CI sets DATABASE_URL; without it the suite is reported as skipped.
describe.skipIf(postgresAdminUrl === undefined)("public plan notices over PostgreSQL", () => {
  let postgres: { url: string; drop(): Promise<void> } | undefined;
  let db: Database | undefined;
  let notices: PostgresPublicPlanNotices | undefined;
  const cache = new PublicPlanCache();
  const loads = new Map<string, number>();
  /** Reads `key` through the cache; true when it had to load it (it was not, or no longer, kept). */
  const loaded = async (key: string) => {
    const before = loads.get(key) ?? 0;
    await cache.get(key, async () => {
      loads.set(key, (loads.get(key) ?? 0) + 1);
      return { key };
    });
    return (loads.get(key) ?? 0) > before;
  };
  const listeningBackends = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and query = 'listen fitwise_public_plans'`.execute(db as Database);
    return rows.map((row) => row.pid);
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase(postgresAdminUrl ?? "");
    db = await openDatabase(
      { dataDir: ":memory:", databaseUrl: postgres.url },
      { onConnectionError: () => {} },
    );
    notices = new PostgresPublicPlanNotices({
      cache,
      db,
      listenUrl: postgres.url,
      log: Fastify({ logger: false }).log,
    });
    await notices.start();
  });

  afterAll(async () => {
    await notices?.close();
    await db?.destroy();
    await postgres?.drop();
  });

  it("drops the entry a notice names, and every entry on *", async () => {
    await loaded("diet:a");
    await loaded("diet:b");
    expect(await loaded("diet:a")).toBe(false);
    await notices?.publish("diet:a");
    expect(await eventually(() => loaded("diet:a"), 1_000)).toBe(true);
    expect(await loaded("diet:b")).toBe(false);
    await notices?.publish("*");
    expect(await eventually(() => loaded("diet:b"), 1_000)).toBe(true);
  });

  it("listens again after its connection is killed, and forgets what it kept meanwhile", async () => {
    const [listener] = await listeningBackends();
    expect(listener).toBeDefined();
    await sql`select pg_terminate_backend(${listener})`.execute(db as Database);
    // Kept while nobody listens: a deletion elsewhere now would not be heard.
    await loaded("diet:c");
    expect(
      await eventually(async () => {
        const pids = await listeningBackends();
        return pids.length === 1 && pids[0] !== listener;
      }, 3_000),
    ).toBe(true);
    expect(await eventually(() => loaded("diet:c"), 1_000)).toBe(true);
    await loaded("diet:d");
    await notices?.publish("diet:d");
    expect(await eventually(() => loaded("diet:d"), 1_000)).toBe(true);
  }, 10_000);
});
