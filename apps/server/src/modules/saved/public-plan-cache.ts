import { createHash } from "node:crypto";

/**
 * Public saved plans, serialised once. A saved plan's items never change after it is saved; it can be
 * deleted, made private or have its body data shown or hidden (decision 044), so its JSON and strong
 * ETag can be kept: entries go on delete and on a visibility change (this process), on account
 * deletion (all of them), and after PUBLIC_PLAN_MAX_AGE_S, which bounds how long another server
 * instance, a browser or a CDN may still show a plan deleted or made private elsewhere.
 */
export const PUBLIC_PLAN_MAX_AGE_S = 60;
/** The answer's Cache-Control: any cache (a CDN included) may keep it for the same minute. */
export const PUBLIC_PLAN_CACHE_CONTROL = `public, max-age=${PUBLIC_PLAN_MAX_AGE_S}`;
/** Plans kept; past it the least recently read go first (a plan's JSON is a few kB). */
const MAX_ENTRIES = 5_000;

export interface CachedPlan {
  json: string;
  etag: string;
}

export class PublicPlanCache {
  readonly #entries = new Map<string, CachedPlan & { expiresAtMs: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedPlan> {
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAtMs > this.#now()) {
      // Re-insert: Map order is the eviction order, least recently read first.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const json = JSON.stringify(await load());
    const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;
    const entry = { json, etag, expiresAtMs: this.#now() + PUBLIC_PLAN_MAX_AGE_S * 1000 };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** RFC 9110 §13.1.2: If-None-Match is a list of entity tags (or *); a match answers 304. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
