import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createPostgresDatabase, postgresAdminUrl, testConfig } from "../test/test-app";

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

    it("keeps serving after PostgreSQL terminates the pool's idle connections", async () => {
      const database = await createPostgresDatabase(adminUrl);
      cleanups.push(() => database.drop());
      const applicationName = `fitwise-${randomUUID()}`;
      const url = new URL(database.url);
      url.searchParams.set("application_name", applicationName);
      const app = await buildApp(testConfig({ databaseUrl: url.toString() }), { logger: false });
      cleanups.push(() => app.close());

      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const terminated = await admin.query<{ pid: number }>(
          "select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = $1",
          [applicationName],
        );
        expect(terminated.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Let the pool notice the closed sockets before the next request.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const after = await app.inject({ method: "GET", url: "/healthz" });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: "ok", database: "up" });
    });
  },
);
