import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeSession, MemoryStorage } from "./test-support";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const KEY = "fitwise.auth.session";

type FetchCall = { url: string; method: string; body: unknown; authorization: string | null };

let calls: FetchCall[];
let responder: (call: FetchCall) => Response | Promise<Response>;

// auth-session keeps its state in module scope, so each test loads a fresh copy.
const load = () => import("./auth-session");

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ now: NOW });
  vi.stubGlobal("localStorage", new MemoryStorage());
  calls = [];
  responder = () => jsonResponse(500, { code: 500, error_code: "unexpected_failure", msg: "unexpected" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        url,
        method: init.method ?? "GET",
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: headers.Authorization ?? null,
      };
      calls.push(call);
      return responder(call);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("initializeSession", () => {
  it("is signed out at once when nothing is stored", async () => {
    const auth = await load();
    await auth.initializeSession();
    expect(auth.getAuthState()).toEqual({ status: "signedOut", session: null });
    expect(calls).toHaveLength(0);
  });

  it("removes a stored session that is not valid JSON or not a session", async () => {
    localStorage.setItem(KEY, "{not json");
    const auth = await load();
    await auth.initializeSession();
    expect(auth.getAuthState().status).toBe("signedOut");
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("confirms a stored session with GET /user and keeps the fresh user record", async () => {
    const session = makeSession(NOW, 3600);
    localStorage.setItem(KEY, JSON.stringify(session));
    const renamed = { ...session.user, user_metadata: { full_name: "Ada King" } };
    responder = () => jsonResponse(200, renamed);
    const auth = await load();
    await auth.initializeSession();
    expect(calls).toEqual([
      { url: "/auth/v1/user", method: "GET", body: undefined, authorization: "Bearer access-1" },
    ]);
    expect(auth.getAuthState().status).toBe("signedIn");
    expect(auth.getAuthState().session?.user.user_metadata.full_name).toBe("Ada King");
  });

  it("does not write its session back over one changed or removed while GET /user was under way", async () => {
    const session = makeSession(NOW, 3600);
    const other = makeSession(NOW, 3600, { access: "access-9", refresh: "refresh-9" });
    localStorage.setItem(KEY, JSON.stringify(session));
    responder = () => {
      localStorage.setItem(KEY, JSON.stringify(other));
      return jsonResponse(200, session.user);
    };
    const changed = await load();
    await changed.initializeSession();
    expect(JSON.parse(localStorage.getItem(KEY) ?? "{}").refresh_token).toBe("refresh-9");
    expect(changed.getAuthState().session?.access_token).toBe("access-9");

    vi.resetModules();
    localStorage.setItem(KEY, JSON.stringify(session));
    responder = () => {
      localStorage.removeItem(KEY);
      return jsonResponse(200, session.user);
    };
    const removed = await load();
    await removed.initializeSession();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(removed.getAuthState()).toEqual({ status: "signedOut", session: null });
  });

  it("refreshes first when the stored token is within 10 s of expiry", async () => {
    localStorage.setItem(KEY, JSON.stringify(makeSession(NOW, 5)));
    const next = makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" });
    responder = (call) =>
      call.url.startsWith("/auth/v1/token") ? jsonResponse(200, next) : jsonResponse(200, next.user);
    const auth = await load();
    await auth.initializeSession();
    expect(calls.map((call) => call.url)).toEqual([
      "/auth/v1/token?grant_type=refresh_token",
      "/auth/v1/user",
    ]);
    expect(calls[0]?.body).toEqual({ refresh_token: "refresh-1" });
    expect(calls[1]?.authorization).toBe("Bearer access-2");
    expect(JSON.parse(localStorage.getItem(KEY) ?? "{}").refresh_token).toBe("refresh-2");
  });

  it("removes a session the server refuses (revoked token, refresh token gone)", async () => {
    localStorage.setItem(KEY, JSON.stringify(makeSession(NOW, 3600)));
    localStorage.setItem("user_goal_tdee", "2100");
    responder = (call) =>
      call.url === "/auth/v1/user"
        ? jsonResponse(401, { code: 401, error_code: "session_not_found", msg: "Session not found" })
        : jsonResponse(400, {
            code: 400,
            error_code: "refresh_token_not_found",
            msg: "Invalid Refresh Token",
          });
    const auth = await load();
    await auth.initializeSession();
    expect(auth.getAuthState()).toEqual({ status: "signedOut", session: null });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("keeps the session when the server cannot be reached, so being offline signs no one out", async () => {
    localStorage.setItem(KEY, JSON.stringify(makeSession(NOW, 3600)));
    responder = () => Promise.reject(new TypeError("Failed to fetch"));
    const auth = await load();
    await auth.initializeSession();
    expect(auth.getAuthState().status).toBe("signedIn");
    expect(localStorage.getItem(KEY)).not.toBeNull();
  });
});

describe("refresh", () => {
  it("hands out the current token while it has more than 90 s left, and refreshes within 90 s", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 91));
    expect(await auth.getAccessToken()).toBe("access-1");
    expect(calls).toHaveLength(0);

    vi.setSystemTime(NOW + 2_000);
    responder = () => jsonResponse(200, makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" }));
    expect(await auth.getAccessToken()).toBe("access-2");
    expect(calls).toHaveLength(1);
  });

  it("retries a failing server with 200 ms, 400 ms, 800 ms steps, then succeeds", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 30));
    let attempts = 0;
    const times: number[] = [];
    responder = () => {
      times.push(Date.now() - NOW);
      attempts += 1;
      return attempts < 4
        ? jsonResponse(503, { code: 503, error_code: "unexpected_failure", msg: "busy" })
        : jsonResponse(200, makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" }));
    };
    const refreshed = auth.refreshSession();
    await vi.runAllTimersAsync();
    expect((await refreshed)?.access_token).toBe("access-2");
    expect(times).toEqual([0, 200, 600, 1400]);
  });

  it("shares one request between callers refreshing at the same time", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 30));
    responder = () => jsonResponse(200, makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" }));
    const [first, second] = await Promise.all([auth.getAccessToken(), auth.getAccessToken()]);
    expect([first, second]).toEqual(["access-2", "access-2"]);
    expect(calls).toHaveLength(1);
  });

  it("adopts a session another tab has already refreshed instead of re-using a spent refresh token", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 30));
    const fromOtherTab = makeSession(NOW, 3600, { access: "access-9", refresh: "refresh-9" });
    localStorage.setItem(KEY, JSON.stringify(fromOtherTab));
    expect((await auth.refreshSession())?.access_token).toBe("access-9");
    expect(calls).toHaveLength(0);
  });

  it("signs out when the server refuses the refresh token", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 30));
    responder = () =>
      jsonResponse(400, {
        code: 400,
        error_code: "refresh_token_already_used",
        msg: "Invalid Refresh Token: Already Used",
      });
    expect(await auth.refreshSession()).toBeNull();
    expect(auth.getAuthState().status).toBe("signedOut");
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe("sign-in, sign-up and sign-out", () => {
  it("refuses empty fields with GoTrue's message before calling the server", async () => {
    const auth = await load();
    await expect(auth.signInWithPassword({ email: " ", password: "secret-pass" })).rejects.toThrow(
      "You must provide either an email or phone number and a password",
    );
    await expect(
      auth.signUpWithPassword({ fullName: "Ada", email: "ada@example.com", password: "" }),
    ).rejects.toThrow("You must provide either an email or phone number and a password");
    expect(calls).toHaveLength(0);
  });

  it("surfaces the provider's msg as the error message", async () => {
    responder = () =>
      jsonResponse(400, { code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    const auth = await load();
    const failure = auth.signInWithPassword({ email: "ada@example.com", password: "wrong-password" });
    await expect(failure).rejects.toMatchObject({ status: 400, errorCode: "invalid_credentials" });
    await expect(failure).rejects.toThrow("Invalid login credentials");
    expect(auth.getAuthState().session).toBeNull();
  });

  it("signs up with the full name in data.full_name and stores the session", async () => {
    const session = makeSession(NOW, 3600);
    responder = () => jsonResponse(200, session);
    const auth = await load();
    await auth.signUpWithPassword({
      fullName: " Ada Lovelace ",
      email: " ada@example.com ",
      password: "secret-pass",
    });
    expect(calls[0]).toMatchObject({
      url: "/auth/v1/signup",
      method: "POST",
      body: { email: "ada@example.com", password: "secret-pass", data: { full_name: "Ada Lovelace" } },
    });
    expect(auth.getAuthState().status).toBe("signedIn");
    expect(JSON.parse(localStorage.getItem(KEY) ?? "null")).toEqual(session);
  });

  it("signs out, ignoring a 401, and clears everything but the two visit flags", async () => {
    const auth = await load();
    auth.setSession(makeSession(NOW, 3600));
    localStorage.setItem("hasVisitedDietScreen", "true");
    localStorage.setItem("hasVisitedWorkoutScreen", "true");
    localStorage.setItem("user_goal_tdee", "2100");
    localStorage.setItem("source", "newsletter");
    responder = () =>
      jsonResponse(401, { code: 401, error_code: "session_not_found", msg: "Session not found" });
    await auth.signOut();
    expect(calls[0]).toMatchObject({
      url: "/auth/v1/logout",
      method: "POST",
      authorization: "Bearer access-1",
    });
    expect(auth.getAuthState()).toEqual({ status: "signedOut", session: null });
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).sort();
    expect(keys).toEqual(["hasVisitedDietScreen", "hasVisitedWorkoutScreen"]);
  });
});
