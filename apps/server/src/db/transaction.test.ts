import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, describeWithDatabases, postgresAdminUrl } from "../test/test-app";
import type { Database } from "./database";
import { openDatabase } from "./database";
import { migrate } from "./migrate";
import { inTransaction, isRetryableTransactionError, TRANSACTION_ATTEMPTS } from "./transaction";

/** Makes the database itself raise `sqlState` (as PostgreSQL does for a deadlock or serialization failure). */
const raise = (trx: Database, sqlState: string) =>
  sql`do $$ begin raise exception 'raised by the test' using errcode = ${sql.lit(sqlState)}; end $$`.execute(
    trx,
  );

const eventsNamed = (db: Database, name: string) =>
  db.selectFrom("analytics_events").select("name").where("name", "=", name).execute();

describeWithDatabases(
  "inTransaction: the one place deadlocks and serialization failures are retried",
  (ctx) => {
    it("runs the work again after 40001 and 40P01, keeping only the attempt that committed", async () => {
      const name = `retry-${randomUUID()}`;
      let attempts = 0;
      const result = await inTransaction(ctx.db(), async (trx) => {
        attempts += 1;
        await trx.insertInto("analytics_events").values({ user_id: null, name, properties: "{}" }).execute();
        if (attempts === 1) await raise(trx, "40001");
        if (attempts === 2) await raise(trx, "40P01");
        return attempts;
      });
      expect(result).toBe(3);
      expect(await eventsNamed(ctx.db(), name)).toHaveLength(1);
    });

    it(`gives up after ${TRANSACTION_ATTEMPTS} attempts with the database's error`, async () => {
      let attempts = 0;
      const failing = inTransaction(ctx.db(), async (trx) => {
        attempts += 1;
        await raise(trx, "40P01");
      });
      await expect(failing).rejects.toMatchObject({ code: "40P01" });
      expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    });

    it("does not retry any other error", async () => {
      let attempts = 0;
      const failing = inTransaction(ctx.db(), async (trx) => {
        attempts += 1;
        await raise(trx, "23505");
      });
      const error: unknown = await failing.catch((caught: unknown) => caught);
      expect(isRetryableTransactionError(error)).toBe(false);
      expect(error).toMatchObject({ code: "23505" });
      expect(attempts).toBe(1);
    });
  },
);

describe.skipIf(postgresAdminUrl === undefined)("inTransaction on PostgreSQL: a real deadlock", () => {
  let postgres: { url: string; drop(): Promise<void> } | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    postgres = await createPostgresDatabase(postgresAdminUrl ?? "");
    db = await openDatabase(
      { dataDir: ":memory:", databaseUrl: postgres.url },
      { onConnectionError: () => {} },
    );
    await migrate(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await postgres?.drop();
  });

  it("lets both of two transactions that lock two rows in opposite orders commit", async () => {
    const database = db as Database;
    const [first, second] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    const ids = await database
      .insertInto("analytics_events")
      .values([first, second].map((name) => ({ user_id: null, name, properties: "{}" })))
      .returning("id")
      .execute();
    const [one, two] = ids.map((row) => row.id);
    if (one === undefined || two === undefined) throw new Error("the two rows were not inserted");
    let bothHoldOne: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      let waiting = 2;
      bothHoldOne = () => {
        waiting -= 1;
        if (waiting === 0) resolve();
      };
    });
    const retries: string[] = [];
    const lockInOrder = (order: Array<typeof one>, label: string) => {
      let attempt = 0;
      return inTransaction(
        database,
        async (trx) => {
          attempt += 1;
          const lock = (id: typeof one) =>
            trx
              .updateTable("analytics_events")
              .set({ properties: JSON.stringify({ label }) })
              .where("id", "=", id)
              .execute();
          const [firstId, secondId] = order as [typeof one, typeof one];
          await lock(firstId);
          // Only the first attempts meet: they wait until each holds its first row.
          if (attempt === 1) {
            bothHoldOne();
            await gate;
          }
          await lock(secondId);
          return label;
        },
        (_attempt, error) => retries.push((error as { code: string }).code),
      );
    };
    const results = await Promise.all([
      lockInOrder([one, two], "forward"),
      lockInOrder([two, one], "backward"),
    ]);
    expect(results).toEqual(["forward", "backward"]);
    // PostgreSQL broke the deadlock by rolling one back; that one ran again and committed.
    expect(retries).toEqual(["40P01"]);
  });
});
