import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { AppConfig } from "../env";
import { lockDataFolder } from "./data-folder-lock";
import { PGliteDialect, type PGliteDialectOptions } from "./pglite-dialect";
import { PGliteDurability } from "./pglite-durability";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

/** count(*) and other int8 values fit a JS number here; both drivers return numbers, not strings. */
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export interface OpenDatabaseOptions {
  /**
   * Told when PostgreSQL drops an idle pooled connection (a restart, a failover, an administrator's
   * pg_terminate_backend). node-postgres emits that as an 'error' event on the pool, and an
   * unheard 'error' event would end the process; the pool replaces the connection on next use.
   */
  onIdleConnectionError(error: Error): void;
}

export async function openDatabase(
  config: Pick<AppConfig, "dataDir" | "databaseUrl">,
  options: OpenDatabaseOptions,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    pool.on("error", options.onIdleConnectionError);
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.dataDir === ":memory:") return wrapPGlite(await createPGlite({}));
  const dataDir = join(config.dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  // Before PGlite opens the files: a second process must not touch them at all.
  const lock = await lockDataFolder(config.dataDir);
  try {
    const pglite = await createPGlite({ dataDir });
    return wrapPGlite(pglite, {
      durability: new PGliteDurability(dataDir),
      afterClose: () => lock.release(),
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** `loadDataDir` starts from a dumped data directory (PGlite.dumpDataDir), skipping initdb: tests use it. */
export function createPGlite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({ ...options, parsers: { [INT8_OID]: (value: string) => Number(value) } });
}

export function wrapPGlite(pglite: PGlite, options: PGliteDialectOptions = {}): Database {
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite, options) });
}
