import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Database } from "./database";

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/** Any constant works; it only has to be the same for every server instance. */
const MIGRATION_LOCK_ID = 7_305_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.slice(0, 3),
      name: file.slice(4, -4),
      sql: readFileSync(join(dir, file), "utf8"),
    }));
}

/**
 * Applies pending migrations in order, each with its schema_migrations row in one transaction.
 * An advisory lock makes several instances starting at once apply each migration exactly once.
 * Returns the versions applied by this call.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql
      .raw(
        `create table if not exists schema_migrations (
          version text primary key,
          name text not null,
          applied_at timestamptz not null default now()
        )`,
      )
      .execute(trx);
    const done = await trx.selectFrom("schema_migrations").select("version").execute();
    const applied = new Set(done.map((row) => row.version));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto("schema_migrations")
        .values({ version: migration.version, name: migration.name })
        .execute();
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}
