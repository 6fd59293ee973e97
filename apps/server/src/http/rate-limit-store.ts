import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * Rate-limit counters in Redis while it answers, in this process while it does not.
 *
 * Redis is optional (several instances share their counts through it), so losing it must neither
 * stall requests nor switch the limits off. Commands fail at once while the connection is down (no
 * offline queue) and after COMMAND_TIMEOUT_MS when Redis hangs; either way the counter is kept in
 * process memory instead, as a single instance would, starting from the last count Redis answered here
 * (LocalCounters.settle), so an outage does not open a fresh window. The change is logged once each way.
 */

/** A healthy Redis on the same network answers in well under a millisecond; 100 ms means it is not answering. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;
/** After a failed command, Redis is left alone this long before the next request tries it again. */
const REDIS_RETRY_AFTER_MS = 1_000;
/** Distinct keys kept in memory; the oldest are dropped past it (the plugin's own LocalStore keeps 5,000). */
const LOCAL_MAX_KEYS = 10_000;

/** The limiter's "incr" callback contract (see @fastify/rate-limit's stores). */
type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** INCR and set the window on the first hit, answering the count and the time left (as the plugin's own store). */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = redis.call('PTTL', KEYS[1]) end
return {current, ttl}`;
const READ_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

interface RateLimitRedis extends Redis {
  fitwiseRateLimit(key: string, windowMs: number): Promise<[number, number]>;
  fitwiseRateLimitRead(key: string): Promise<[number, number]>;
}

/** The Redis connection and whether it is usable now; logs when it goes away and when it comes back. */
export class SharedCounterLink {
  readonly redis: RateLimitRedis;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  #state: "unknown" | "up" | "down" = "unknown";
  #retryAt = 0;

  constructor(url: string, log: FastifyBaseLogger, now: () => number = Date.now) {
    this.#log = log;
    this.#now = now;
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      // Reconnect for as long as the server runs, at most once a second.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    redis.defineCommand("fitwiseRateLimit", { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    redis.defineCommand("fitwiseRateLimitRead", { numberOfKeys: 1, lua: READ_SCRIPT });
    redis.on("ready", () => this.#markUp());
    redis.on("error", (error: Error) => this.markDown(error));
    redis.on("close", () => this.markDown(new Error("connection closed")));
    this.redis = redis as RateLimitRedis;
  }

  /**
   * Resolves once the first connection attempt has succeeded or failed (start-up waits for it, so the
   * first requests already count in Redis when it is there); never rejects.
   */
  firstAttempt(): Promise<void> {
    if (this.#state !== "unknown") return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.redis.off("ready", done);
        this.redis.off("error", done);
        resolve();
      };
      this.redis.once("ready", done);
      this.redis.once("error", done);
    });
  }

  /** Whether the next command should go to Redis. */
  usable(): boolean {
    return this.redis.status === "ready" && this.#now() >= this.#retryAt;
  }

  /** A command failed or the connection dropped: count in process until Redis answers again. */
  markDown(error: Error): void {
    this.#retryAt = this.#now() + REDIS_RETRY_AFTER_MS;
    if (this.#state === "down") return;
    this.#state = "down";
    this.#log.warn(
      { err: error },
      "redis unavailable: rate limits are counted in this process until it answers again",
    );
  }

  /** A command succeeded (or the connection is ready again). */
  commandSucceeded(): void {
    this.#markUp();
  }

  #markUp(): void {
    this.#retryAt = 0;
    if (this.#state === "up") return;
    const wasDown = this.#state === "down";
    this.#state = "up";
    if (wasDown) this.#log.info("redis reachable again: rate limits are shared again");
  }

  async close(): Promise<void> {
    // quit() waits for an answer that a dead server never sends.
    if (this.redis.status === "ready") await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** Fixed-window counters in process memory, the fallback (and the store when REDIS_URL is unset). */
class LocalCounters {
  readonly #entries = new Map<string, { count: number; startMs: number }>();

  increment(key: string, windowMs: number, nowMs: number): Counted {
    let entry = this.#entries.get(key);
    if (!entry || entry.startMs + windowMs <= nowMs) {
      entry = { count: 0, startMs: nowMs };
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      if (this.#entries.size > LOCAL_MAX_KEYS) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.startMs + windowMs - nowMs };
  }

  read(key: string, windowMs: number, nowMs: number): Counted {
    const entry = this.#entries.get(key);
    if (!entry || entry.startMs + windowMs <= nowMs) return { current: 0, ttl: 0 };
    return { current: entry.count, ttl: entry.startMs + windowMs - nowMs };
  }

  /**
   * A count Redis answered for a hit, kept here too and answered as the higher of the two: an outage then
   * goes on from the last shared count this process saw instead of from zero (a client that waited for
   * Redis to go would otherwise get a fresh window), and the hits counted here during one are not forgotten
   * when Redis comes back empty or behind.
   */
  settle(key: string, shared: Counted, windowMs: number, nowMs: number): Counted {
    const local = this.read(key, windowMs, nowMs);
    const wouldBe = local.current > 0 ? { current: local.current + 1, ttl: local.ttl } : local;
    const higher = wouldBe.current > shared.current ? wouldBe : shared;
    const ttl = Math.max(0, Math.min(higher.ttl, windowMs));
    this.#entries.delete(key);
    this.#entries.set(key, { count: higher.current, startMs: nowMs + ttl - windowMs });
    if (this.#entries.size > LOCAL_MAX_KEYS) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return { current: higher.current, ttl };
  }
}

/** What the plugin passes to child(): the route's limit options with `routeInfo` (empty for createRateLimit). */
interface ChildOptions {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * A store class for @fastify/rate-limit's `store` option (the plugin constructs it). Without a link
 * it only counts in process. Keys carry the namespace and, per route, its method and URL, as the
 * plugin's Redis store does.
 */
export function fallbackRateLimitStore(link: SharedCounterLink | undefined, namespace: string) {
  return class FallbackRateLimitStore {
    readonly #prefix: string;
    readonly #local: LocalCounters;

    constructor(_globalParams?: unknown, prefix = namespace, local = new LocalCounters()) {
      this.#prefix = prefix;
      this.#local = local;
    }

    incr(key: string, callback: Callback, windowMs: number): void {
      const fullKey = this.#prefix + key;
      if (!link?.usable()) {
        callback(null, this.#local.increment(fullKey, windowMs, Date.now()));
        return;
      }
      link.redis.fitwiseRateLimit(fullKey, windowMs).then(
        ([current, ttl]) => {
          link.commandSucceeded();
          callback(null, this.#local.settle(fullKey, { current, ttl }, windowMs, Date.now()));
        },
        (error: Error) => {
          link.markDown(error);
          callback(null, this.#local.increment(fullKey, windowMs, Date.now()));
        },
      );
    }

    read(key: string, callback: Callback, windowMs: number): void {
      const fullKey = this.#prefix + key;
      if (!link?.usable()) {
        callback(null, this.#local.read(fullKey, windowMs, Date.now()));
        return;
      }
      link.redis.fitwiseRateLimitRead(fullKey).then(
        ([current, ttl]) => {
          link.commandSucceeded();
          const local = this.#local.read(fullKey, windowMs, Date.now());
          callback(null, local.current > current ? local : { current, ttl });
        },
        (error: Error) => {
          link.markDown(error);
          callback(null, this.#local.read(fullKey, windowMs, Date.now()));
        },
      );
    }

    child(routeOptions: object): FallbackRateLimitStore {
      const { method, url } = (routeOptions as ChildOptions).routeInfo ?? {};
      const route = `${typeof method === "string" ? method : ""}${typeof url === "string" ? url : ""}`;
      return new FallbackRateLimitStore(undefined, `${this.#prefix}${route}-`, this.#local);
    }
  };
}
