import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A small in-process cache of what signed-in reads look up on every request (the verified session
 * behind an access token, the profile answer), each entry tied to the user it belongs to.
 *
 * Freshness (docs/decisions/036-signed-in-read-caches.md): in this process an entry is dropped before
 * the answer of any request that may have changed its user's state is sent (`changesUserState`), so a
 * logout or a profile write is seen at once by the next request. Another server instance only learns
 * of it when the entry expires: `ttlMs` bounds that staleness. An entry loaded while an invalidation
 * ran is not kept (the epoch), so a read racing a logout cannot put the old session back.
 */
export class UserStateCache<V> {
  readonly #entries = new Map<string, { userId: string; value: V; expiresAtMs: number }>();
  /** Loads under way: a key's concurrent misses share one (no stampede of queries when an entry expires). */
  readonly #loading = new Map<string, { userId: string; promise: Promise<V> }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #epoch = 0;

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs > this.#now()) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Taken before loading a value; `set` keeps the value only if no invalidation ran since. */
  epoch(): number {
    return this.#epoch;
  }

  /** `notAfterMs` shortens the entry's life (an access token's expiry); it never lengthens the TTL. */
  set(key: string, userId: string, value: V, loadedAtEpoch: number, notAfterMs = Infinity): void {
    if (loadedAtEpoch !== this.#epoch) return;
    this.#entries.delete(key);
    this.#entries.set(key, { userId, value, expiresAtMs: Math.min(this.#now() + this.#ttlMs, notAfterMs) });
    // Map order is insertion order: past the bound the oldest entry goes (each is a few hundred bytes).
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /**
   * The cached value, or the value of a load: one load per key at a time, shared by the requests
   * that miss meanwhile. A load that started before an invalidation is not joined by later requests.
   * `notAfterMs` is the value's own end of life (see `set`).
   */
  getOrLoad(
    key: string,
    userId: string,
    load: () => Promise<V>,
    notAfterMs?: (value: V) => number,
  ): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.#loading.get(key);
    if (pending) return pending.promise;
    const epoch = this.#epoch;
    const promise = load()
      .then((value) => {
        this.set(key, userId, value, epoch, notAfterMs?.(value));
        return value;
      })
      .finally(() => {
        if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
      });
    this.#loading.set(key, { userId, promise });
    return promise;
  }

  forgetUser(userId: string): void {
    this.#epoch += 1;
    for (const [key, entry] of this.#entries) if (entry.userId === userId) this.#entries.delete(key);
    for (const [key, entry] of this.#loading) if (entry.userId === userId) this.#loading.delete(key);
  }

  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  /** Drops what `request` may have made stale: its user's entries, or every entry when it had no user. */
  invalidateFor(request: FastifyRequest, reply: FastifyReply): void {
    if (!changesUserState(request, reply)) return;
    if (request.user) this.forgetUser(request.user.id);
    else this.clear();
  }
}

/** Frequent requests that change no session, profile, subscription or replacement count. */
const READ_ONLY_POSTS = new Set([
  "/functions/v1/get_user_data",
  "/functions/v1/get_saved_data",
  "/functions/v1/get_saved_list",
  "/functions/v1/get_recipe",
  "/functions/v1/track_events",
  // Asked at every keystroke of the diary's search, and on every look at the diary.
  "/functions/v1/search_foods",
  "/functions/v1/get_diary",
]);

/** GETs that sign a user in, link an identity (which may end the user's sessions) or confirm an address. */
const STATEFUL_GETS = new Set(["/auth/v1/verify", "/auth/v1/callback"]);

/**
 * Whether a request may have changed some user's session, factors, profile, subscription or
 * replacement count. Deliberately broad (every request that is not a known read counts), so a route
 * added later is covered without anyone remembering this list; refusals that stop a request before
 * its handler (401 bad token, 429 over a limit) change nothing.
 */
export function changesUserState(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode === 401 || reply.statusCode === 429) return false;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (request.method === "GET" || request.method === "HEAD") return STATEFUL_GETS.has(route);
  return !READ_ONLY_POSTS.has(route);
}
