import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAuthState, SESSION_STORAGE_KEY } from "../../../lib/auth-session";
import { jsonResponse, makeSession, MemoryStorage } from "../../../lib/test-support";
import { isSpentLink, verifyEmailLink } from "./verify-email-link";

describe("spending an e-mail link", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts the type and token_hash without credentials and stores the session it gets", async () => {
    const session = makeSession(Date.now(), 900, { access: "link-access", refresh: "link-refresh" });
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => jsonResponse(200, session));
    vi.stubGlobal("fetch", fetchMock);
    await verifyEmailLink("recovery", "the-token");
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/auth/v1/verify");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ type: "recovery", token_hash: "the-token" });
    expect(init?.headers).not.toHaveProperty("Authorization");
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "null")).toMatchObject({
      access_token: "link-access",
    });
    expect(getAuthState().status).toBe("signedIn");
  });

  it("tells a spent or expired link from a failure worth retrying, and stores nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse(403, {
          code: 403,
          error_code: "otp_expired",
          msg: "Email link is invalid or has expired",
        }),
      ),
    );
    const spent = await verifyEmailLink("signup", "used").catch((error: unknown) => error);
    expect(isSpentLink(spent)).toBe(true);
    expect((spent as Error).message).toBe("Email link is invalid or has expired");
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse(429, {
          code: 429,
          error_code: "over_request_rate_limit",
          msg: "Request rate limit reached",
        }),
      ),
    );
    const limited = await verifyEmailLink("signup", "fresh").catch((error: unknown) => error);
    expect(isSpentLink(limited)).toBe(false);
    expect((limited as Error).message).toBe("Request rate limit reached");
  });
});
