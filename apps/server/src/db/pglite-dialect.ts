import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { PGliteDurability } from "./pglite-durability";

export interface PGliteDialectOptions {
  /** Flushes each commit to disk (a folder on disk; absent in memory). */
  durability?: PGliteDurability;
  /** Runs after PGlite has closed (the data folder lock is released there). */
  afterClose?: () => Promise<void>;
}

/** Statements that change nothing need no flush; anything else outside a transaction commits on its own. */
const READ_ONLY = /^\s*(select|show)\b/i;

/**
 * PGlite is one Postgres backend with one session, so a second caller must wait until the first
 * has released the connection: otherwise statements of two transactions would interleave.
 */
class PGliteDriver implements Driver {
  readonly #pg: PGlite;
  readonly #options: PGliteDialectOptions;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(pg: PGlite, options: PGliteDialectOptions) {
    this.#pg = pg;
    this.#options = options;
  }

  async init(): Promise<void> {
    await this.#pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return new PGliteConnection(this.#pg, this.#options.durability);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    (connection as PGliteConnection).inTransaction = true;
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
    (connection as PGliteConnection).inTransaction = false;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.#queue;
    if (!this.#pg.closed) await this.#pg.close();
    await this.#options.durability?.close();
    await this.#options.afterClose?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pg: PGlite;
  readonly #durability: PGliteDurability | undefined;
  inTransaction = false;

  constructor(pg: PGlite, durability: PGliteDurability | undefined) {
    this.#pg = pg;
    this.#durability = durability;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#execute<R>(compiledQuery);
    // A commit is acknowledged only once it is on disk (a failed statement throws before this).
    if (this.#durability && !this.inTransaction && !READ_ONLY.test(compiledQuery.sql)) {
      await this.#durability.afterCommit(this.#pg);
    }
    return result;
  }

  async #execute<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless SQL goes through the simple protocol, which (like node-postgres) accepts
    // several statements: migrations rely on it.
    if (compiledQuery.parameters.length === 0) {
      const results = await this.#pg.exec(compiledQuery.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        ...(last?.affectedRows !== undefined ? { numAffectedRows: BigInt(last.affectedRows) } : {}),
      };
    }
    const result = await this.#pg.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on PGlite");
  }
}

export class PGliteDialect implements Dialect {
  readonly #pg: PGlite;
  readonly #options: PGliteDialectOptions;

  constructor(pg: PGlite, options: PGliteDialectOptions = {}) {
    this.#pg = pg;
    this.#options = options;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#pg, this.#options);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
