import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  endClientTest,
  importSignedIn,
  jsonResponse,
  makeSession,
  startClientTest,
  type RecordedRequest,
} from "./test-support";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

let requests: RecordedRequest[];
let responder: (url: string, authorization: string | null) => Response;

beforeEach(() => {
  requests = startClientTest(NOW, (url, authorization) => responder(url, authorization));
});

afterEach(endClientTest);

const signedIn = () => importSignedIn(NOW, () => import("./api-client"));

describe("apiFetch", () => {
  it("refreshes once and retries when the token is refused", async () => {
    const { apiFetch } = await signedIn();
    responder = (url, authorization) => {
      if (url.startsWith("/auth/v1/token")) {
        return jsonResponse(200, makeSession(NOW, 3600, { access: "access-2", refresh: "refresh-2" }));
      }
      return authorization === "Bearer access-2"
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { error: { code: "bad_jwt", message: "invalid token" } });
    };
    expect(await apiFetch("/functions/v1/get_saved_list", { method: "POST", body: {} })).toEqual({
      ok: true,
    });
    expect(requests.map((request) => request.authorization)).toEqual([
      "Bearer access-1",
      null,
      "Bearer access-2",
    ]);
  });

  it("fails with 401 without calling the server when no one is signed in", async () => {
    const { apiFetch } = await import("./api-client");
    await expect(apiFetch("/functions/v1/get_user_data", { method: "POST" })).rejects.toMatchObject({
      status: 401,
    });
    expect(requests).toHaveLength(0);
  });

  it("turns the server's error body into an ApiError", async () => {
    const { apiFetch, ApiError } = await signedIn();
    responder = () =>
      jsonResponse(400, {
        error: { code: "validation_failed", message: "table is required", issues: [{ path: ["table"] }] },
      });
    const failure = apiFetch("/functions/v1/get_user_data", { method: "POST", body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "table is required",
    });
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
