import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { jsonResponse, makeSession, MemoryStorage } from "./test-support";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

let requests: { url: string; authorization: string | null; body: unknown }[];
let responder: (url: string, authorization: string | null) => Response;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ now: NOW });
  vi.stubGlobal("localStorage", new MemoryStorage());
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const authorization = ((init.headers ?? {}) as Record<string, string>).Authorization ?? null;
      requests.push({ url, authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return responder(url, authorization);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function signedIn() {
  const session = await import("./auth-session");
  session.setSession(makeSession(NOW, 3600));
  return import("./api-client");
}

describe("callFunction", () => {
  it("POSTs JSON to /functions/v1/<name> with the bearer token and validates the answer", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(200, { user_goal_tdee: 2100 });
    const profile = await callFunction(
      "get_user_data",
      { table: "my_users" },
      z.object({ user_goal_tdee: z.number() }),
    );
    expect(profile).toEqual({ user_goal_tdee: 2100 });
    expect(requests).toEqual([
      { url: "/functions/v1/get_user_data", authorization: "Bearer access-1", body: { table: "my_users" } },
    ]);
  });

  it("turns the server's error body into an ApiError", async () => {
    const { callFunction, ApiError } = await signedIn();
    responder = () =>
      jsonResponse(400, {
        error: { code: "validation_failed", message: "table is required", issues: [{ path: ["table"] }] },
      });
    const failure = callFunction("get_user_data", {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "table is required",
    });
  });

  it("refreshes once and retries when the token is refused", async () => {
    const { callFunction } = await signedIn();
    responder = (url, authorization) => {
      if (url.startsWith("/auth/v1/token")) {
        return jsonResponse(200, makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" }));
      }
      return authorization === "Bearer access-2"
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { error: { code: "bad_jwt", message: "invalid token" } });
    };
    expect(await callFunction("get_saved_list", { table: "saved_diets" })).toEqual({ ok: true });
    expect(requests.map((request) => request.authorization)).toEqual([
      "Bearer access-1",
      null,
      "Bearer access-2",
    ]);
  });

  it("fails with 401 without calling the server when no one is signed in", async () => {
    const { callFunction } = await import("./api-client");
    await expect(callFunction("get_user_data", { table: "my_users" })).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(0);
  });

  it("sends no token for a public call", async () => {
    const { callFunction } = await import("./api-client");
    responder = () => jsonResponse(200, { diet_id: "d1" });
    await callFunction("get_saved_data", { table: "saved_diets", diet_id: "d1" }, undefined, { auth: false });
    expect(requests[0]?.authorization).toBeNull();
  });

  it("reports a network failure as status 0", async () => {
    const { apiFetch } = await signedIn();
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiFetch("/functions/v1/get_user_data")).rejects.toMatchObject({
      status: 0,
      code: "network_error",
    });
  });
});
