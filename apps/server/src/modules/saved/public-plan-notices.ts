import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import type { Database } from "../../db/database";
import type { PublicPlanCache } from "./public-plan-cache";

/**
 * Several instances on one PostgreSQL database tell each other when a public saved plan is deleted or
 * made private (decision 060), so none keeps answering it from its cache for the rest of
 * PUBLIC_PLAN_MAX_AGE_S. The instance that changed the plan sends NOTIFY on CHANNEL (any connection,
 * PgBouncer in transaction mode included); each instance LISTENs on a connection of its own, which
 * needs a session (a direct URL, or a session-mode pool). While that connection is down the 60 s
 * bound of public-plan-cache.ts applies; when it is back the whole cache is dropped, since notices
 * sent meanwhile were missed.
 */
export const PUBLIC_PLAN_CHANNEL = "fitwise_public_plans";
/** The notice that drops every entry (an account deletion takes all its saved plans with it). */
export const EVERY_PUBLIC_PLAN = "*";
/** Wait between attempts to listen again after the connection was lost. */
const RELISTEN_AFTER_MS = 1_000;

export interface PublicPlanNotices {
  /** Tells every instance (this one too) that the plan under `key` changed; never throws. */
  publish(key: string): Promise<void>;
  close(): Promise<void>;
}

/** On PGlite there is one process (decision 019), so the cache's own delete is all there is to do. */
export const LOCAL_ONLY: PublicPlanNotices = {
  publish: async () => {},
  close: async () => {},
};

export class PostgresPublicPlanNotices implements PublicPlanNotices {
  readonly #cache: PublicPlanCache;
  readonly #db: Database;
  readonly #listenUrl: string;
  readonly #log: FastifyBaseLogger;
  #client: pg.Client | undefined;
  #closed = false;
  /** Logged once each way, not at every attempt. */
  #down = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(options: { cache: PublicPlanCache; db: Database; listenUrl: string; log: FastifyBaseLogger }) {
    this.#cache = options.cache;
    this.#db = options.db;
    this.#listenUrl = options.listenUrl;
    this.#log = options.log;
  }

  /** Resolves once the first attempt to listen succeeded or failed (then it is retried); never rejects. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#listenUrl });
    this.#client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (!this.#down) {
        this.#down = true;
        this.#log.warn(
          { err: error },
          "public plan notices: not listening; other instances' deletions show within 60 s",
        );
      }
      void client.end().catch(() => {});
      this.#scheduleRetry();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (notice) => {
      if (notice.channel !== PUBLIC_PLAN_CHANNEL || notice.payload === undefined) return;
      if (notice.payload === EVERY_PUBLIC_PLAN) this.#cache.clear();
      else this.#cache.delete(notice.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${PUBLIC_PLAN_CHANNEL}`);
      // Entries read while nobody was listening may have been deleted elsewhere meanwhile.
      this.#cache.clear();
      if (this.#down) this.#log.info("public plan notices: listening again");
      this.#down = false;
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (!this.#closed) void this.start();
    }, RELISTEN_AFTER_MS);
    this.#retry.unref();
  }

  async publish(key: string): Promise<void> {
    try {
      await sql`select pg_notify(${PUBLIC_PLAN_CHANNEL}, ${key})`.execute(this.#db);
    } catch (error) {
      // The change itself is committed; other instances then follow within the cache's 60 s.
      this.#log.warn({ err: error }, "public plan notices: could not notify other instances");
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    client.removeAllListeners("end");
    client.removeAllListeners("error");
    client.on("error", () => {});
    await client.end().catch(() => {});
  }
}
