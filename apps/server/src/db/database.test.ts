import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { buildApp } from "../app";
import { openDatabase } from "./database";
import { queryOnce, createPostgresDatabase, postgresAdminUrl, testConfig } from "../test/test-app";

// Only PostgreSQL has pooled connections a server can drop; PGlite runs in-process. Without
// DATABASE_URL the suite is still registered, and reported as skipped: a file without a suite makes
// Vitest fail the whole run, which is what a machine without PostgreSQL saw.
describe.skipIf(postgresAdminUrl === undefined)(
  "PostgreSQL connections dropped by the server [PostgreSQL]",
  () => {
    const adminUrl = postgresAdminUrl ?? "";
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    /**
     * A fresh database, and a URL to it whose connections carry a name of their own; terminate() ends every one of
     * them from another session, as an administrator or a failover would, and answers how many it ended.
     */
    async function databaseToCutOff(): Promise<{ url: string; terminate(): Promise<number> }> {
      const database = await createPostgresDatabase(adminUrl);
      cleanups.push(() => database.drop());
      const applicationName = `fitwise-${randomUUID()}`;
      const url = new URL(database.url);
      url.searchParams.set("application_name", applicationName);
      return {
        url: url.toString(),
        async terminate() {
          const terminated = await queryOnce(
            adminUrl,
            "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
            [applicationName],
          );
          return terminated.rowCount ?? 0;
        },
      };
    }

    it("keeps serving after PostgreSQL terminates the pool's idle connections", async () => {
      const database = await databaseToCutOff();
      const app = await buildApp(testConfig({ databaseUrl: database.url }), { logger: false });
      cleanups.push(() => app.close());

      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      expect(await database.terminate()).toBeGreaterThan(0);
      // Let the pool notice the closed sockets before the next request.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const after = await app.inject({ method: "GET", url: "/healthz" });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: "ok", database: "up" });
    });

    it("hears a connection dropped while checked out between two statements, and the next query still runs", async () => {
      const database = await databaseToCutOff();
      const heard: Error[] = [];
      const db = await openDatabase(
        { dataDir: ":memory:", databaseUrl: database.url },
        { onConnectionError: (error) => heard.push(error) },
      );
      cleanups.push(() => db.destroy());

      // A connection held between statements, as a transaction holds one, with no query in flight when it drops:
      // node-postgres then emits 'error' on the connection itself, which nothing but our listener hears.
      const dropped = await db.connection().execute(async (held) => {
        await sql`select 1`.execute(held);
        expect(await database.terminate()).toBeGreaterThan(0);
        await expect.poll(() => heard.length).toBeGreaterThan(0);
        return sql`select 1`.execute(held).then(
          () => false,
          () => true,
        );
      });
      expect(dropped).toBe(true);
      expect(heard[0]?.message).toMatch(/terminat/);

      const after = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(after.rows).toEqual([{ one: 1 }]);
    });
  },
);
