import { vi } from "vitest";
import type { AuthSession } from "./auth-session";

/** An in-memory Storage for unit tests under Node, which has no localStorage. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** A session as /auth/v1 returns it, expiring `expiresInS` seconds after `nowMs`. */
export function makeSession(
  nowMs: number,
  expiresInS: number,
  tokens = { access: "access-1", refresh: "refresh-1" },
) {
  const session: AuthSession = {
    access_token: tokens.access,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(nowMs / 1000) + expiresInS,
    refresh_token: tokens.refresh,
    user: {
      id: "7f3c2a8e-4b1d-4c9a-9e2f-1a2b3c4d5e6f",
      aud: "authenticated",
      role: "authenticated",
      email: "ada@example.com",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {
        user_email: "ada@example.com",
        user_full_name: "Ada Lovelace",
        full_name: "Ada Lovelace",
      },
      factors: [],
      created_at: "2026-11-22T00:00:00.000Z",
      updated_at: "2026-11-22T00:00:00.000Z",
    },
  };
  return session;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export interface RecordedRequest {
  url: string;
  authorization: string | null;
  body: unknown;
}

/** Replaces fetch: each request is recorded (URL, Authorization header, JSON body) and answered by `respond`. */
export function stubFetch(
  respond: (url: string, authorization: string | null) => Response,
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const authorization = ((init.headers ?? {}) as Record<string, string>).Authorization ?? null;
      requests.push({ url, authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return respond(url, authorization);
    }),
  );
  return requests;
}

/**
 * For tests of the signed-in client (call-function, api-client): a fresh module graph on a fake clock at `nowMs`, an
 * in-memory localStorage and fetch answered by `respond`. Returns the requests fetch receives; call in beforeEach, with
 * `endClientTest` in afterEach.
 */
export function startClientTest(
  nowMs: number,
  respond: (url: string, authorization: string | null) => Response,
): RecordedRequest[] {
  vi.resetModules();
  vi.useFakeTimers({ now: nowMs });
  vi.stubGlobal("localStorage", new MemoryStorage());
  return stubFetch(respond);
}

export function endClientTest(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Stores a session valid for an hour from `nowMs`, then imports the client module `load` names. */
export async function importSignedIn<T>(nowMs: number, load: () => Promise<T>): Promise<T> {
  const session = await import("./auth-session");
  session.setSession(makeSession(nowMs, 3600));
  return load();
}
