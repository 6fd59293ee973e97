import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAuthState, SESSION_STORAGE_KEY } from "../../../lib/auth-session";
import { jsonResponse, makeSession, MemoryStorage } from "../../../lib/test-support";
import {
  completeCodeRedirect,
  completeRedirect,
  NO_CODE_DETECTED,
  NO_SESSION_IN_URL,
  NOT_A_PKCE_FLOW_URL,
  TOKEN_VERIFICATION_FAILED,
} from "./complete-redirect";

describe("the session or error in the redirect fragment", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the server's description, or the library's text when there is none", async () => {
    const described = new URLSearchParams(
      "error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    expect(await completeRedirect(described)).toEqual({
      ok: false,
      message: "Email link is invalid or has expired",
    });
    expect(await completeRedirect(new URLSearchParams("error=server_error"))).toEqual({
      ok: false,
      message: TOKEN_VERIFICATION_FAILED,
    });
    expect(await completeRedirect(new URLSearchParams("access_token=abc"))).toEqual({
      ok: false,
      message: NO_SESSION_IN_URL,
    });
  });

  it("stores the session once the server accepts its token", async () => {
    const user = makeSession(Date.now(), 3600).user;
    const fetchMock = vi.fn(async () => jsonResponse(200, user));
    vi.stubGlobal("fetch", fetchMock);
    const outcome = await completeRedirect(
      new URLSearchParams(
        "access_token=at&refresh_token=rt&expires_in=3600&expires_at=2000000000&token_type=bearer&type=recovery",
      ),
    );
    expect(outcome).toEqual({ ok: true, type: "recovery" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/auth/v1/user",
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: "Bearer at" }) }),
    );
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "null")).toMatchObject({
      access_token: "at",
      refresh_token: "rt",
      expires_at: 2000000000,
      user: { email: "ada@example.com" },
    });
    expect(getAuthState().status).toBe("signedIn");
  });

  it("refuses a token the server does not accept", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(401, { code: 401, error_code: "bad_jwt", msg: "invalid JWT" })),
    );
    const outcome = await completeRedirect(
      new URLSearchParams("access_token=at&refresh_token=rt&expires_in=3600"),
    );
    expect(outcome).toEqual({ ok: false, message: TOKEN_VERIFICATION_FAILED });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe("the auth code of a PKCE redirect", () => {
  it("is not exchanged without a flow this tab started, nor when it is empty", async () => {
    expect(await completeCodeRedirect("a-code", null)).toEqual({ ok: false, message: NOT_A_PKCE_FLOW_URL });
    expect(await completeCodeRedirect("", { verifier: "v".repeat(43), kind: "google" })).toEqual({
      ok: false,
      message: NO_CODE_DETECTED,
    });
  });
});
