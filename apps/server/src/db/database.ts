import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * initdb takes ~10 s and ~800 MB on a small machine, so the server build (apps/server/scripts/build.mjs)
 * runs it once into a folder beside the bundle, and a new data folder starts as a copy of it (~1 s).
 * From sources (tests, `npm run dev`) the folder does not exist and PGlite runs initdb itself.
 */
const INITDB_TEMPLATE = fileURLToPath(new URL("./pglite-initdb", import.meta.url));

/**
 * PostgreSQL's default 128 MB of shared buffers suits a server with many connections; the embedded
 * database serves one process, and 32 MB takes ~100 MB less memory (RSS of a started PGlite 294 → 194 MB).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export interface OpenDatabaseOptions {
  /**
   * Told when PostgreSQL drops a pooled connection (a restart, a failover, an administrator's
   * pg_terminate_backend), idle or checked out. node-postgres emits that as an 'error' event on the
   * connection, and an unheard 'error' event ends the process: the pool hears it only while the
   * connection is idle, so a connection dropped between two statements of a transaction, or between
   * check-out and its first query, took the server down (CI saw it as an uncaught exception). The
   * statement in flight, if any, still fails with the error; the pool replaces the connection.
   */
  onConnectionError(error: Error): void;
}

export async function openDatabase(
  config: Pick<AppConfig, "dataDir" | "databaseUrl">,
  options: OpenDatabaseOptions,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    pool.on("connect", (client) => client.on("error", options.onConnectionError));
    // The pool re-emits an idle connection's error; the connection's own listener above has reported it.
    pool.on("error", () => {});
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.dataDir === ":memory:") return wrapPGlite(await createPGlite({}));
  const dataDir = join(config.dataDir, "pg");
  mkdirSync(dataDir, { recursive: true });
  // Before PGlite opens the files: a second process must not touch them at all.
  const lock = await lockDataFolder(config.dataDir);
  try {
    if (!existsSync(join(dataDir, "PG_VERSION")) && existsSync(INITDB_TEMPLATE))
      cpSync(INITDB_TEMPLATE, dataDir, { recursive: true });
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
  return PGlite.create({
    ...options,
    startParams: PGLITE_START_PARAMS,
    parsers: { [INT8_OID]: (value: string) => Number(value) },
  });
}

export function wrapPGlite(pglite: PGlite, options: PGliteDialectOptions = {}): Database {
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite, options) });
}
