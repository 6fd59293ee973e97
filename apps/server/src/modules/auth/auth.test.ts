import { createHmac } from "node:crypto";
import type { Session, User } from "@fitwise/contracts/auth";
import { SessionSchema, UserSchema } from "@fitwise/contracts/auth";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { SESSION_LIMITS_DEFAULT } from "../../env";
import { REFRESH_TOKEN_REUSE_GRACE_MS } from "./auth.service";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describeWithDatabases("auth: sign-up", ({ app, db }) => {
  it("returns a session with the GoTrue user shape and stores an argon2id hash", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "  New.User@Example.com ", password: TEST_PASSWORD, data: { full_name: "New User" } },
    });
    expect(response.statusCode).toBe(200);
    const session = SessionSchema.parse(response.json());
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3590);
    expect(session.user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email: "new.user@example.com",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {
        user_email: "new.user@example.com",
        user_full_name: "New User",
        full_name: "New User",
      },
      factors: [],
    });
    const row = await db()
      .selectFrom("users")
      .selectAll()
      .where("id", "=", session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.encrypted_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.encrypted_password).not.toContain(TEST_PASSWORD);
    const tokens = await db()
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("user_id", "=", session.user.id)
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.token_hash).not.toBe(session.refresh_token);
    expect(tokens[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    const payload = { email: "twice@example.com", password: TEST_PASSWORD };
    expect((await app().inject({ method: "POST", url: "/auth/v1/signup", payload })).statusCode).toBe(200);
    const again = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { ...payload, email: "TWICE@example.com" },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      code: 422,
      error_code: "user_already_exists",
      msg: "User already registered",
    });
  });

  it("requires email and password", async () => {
    for (const payload of [{}, { email: "a@example.com" }, { password: TEST_PASSWORD }]) {
      const response = await app().inject({ method: "POST", url: "/auth/v1/signup", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error_code: "validation_failed",
        msg: "You must provide either an email or phone number and a password",
      });
    }
  });

  it("names the field of a bad body instead of answering 'Invalid request body'", async () => {
    const tooLong = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: {
        email: "long-name@example.com",
        password: TEST_PASSWORD,
        data: { full_name: "A".repeat(10_000) },
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Please keep your full name to 200 characters or fewer.",
    });
    const wrongType = await app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: { refresh_token: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      error_code: "validation_failed",
      msg: "refresh token: Invalid input: expected string, received number",
    });
  });

  it("rejects a malformed email", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "not-an-email", password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "validation_failed" });
  });

  it("accepts passwords of 8 to 128 characters, and never truncates them", async () => {
    const short = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "short@example.com", password: "1234567" },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      code: 422,
      error_code: "weak_password",
      msg: "Password should be at least 8 characters.",
    });

    const long = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "long@example.com", password: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(422);

    const max = "a long passphrase, ".repeat(7).slice(0, 128);
    const ok = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "max@example.com", password: max },
    });
    expect(ok.statusCode).toBe(200);
    const truncated = await app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: "max@example.com", password: max.slice(0, 72) },
    });
    expect(truncated.statusCode).toBe(400);
    const minimum = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "min@example.com", password: "k7#mQ2!z" },
    });
    expect(minimum.statusCode).toBe(200);
  });

  it("refuses common, repetitive and sequential passwords and the account's own address, at sign-up and on a change", async () => {
    const weak = {
      code: 422,
      error_code: "weak_password",
      msg: "Password is known to be weak and easy to guess, please choose a different one.",
    };
    for (const password of [
      "password",
      "12345678",
      "Password1",
      "        ",
      "abcdefgh",
      "87654321",
      "qwertyui",
    ]) {
      const response = await app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: { email: "weak@example.com", password },
      });
      expect(response.json(), JSON.stringify(password)).toEqual(weak);
    }
    const ownAddress = await app().inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: { email: "grace.hopper@example.com", password: "grace.hopper" },
    });
    expect(ownAddress.json()).toEqual(weak);

    const session = (
      await app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: { email: "change@example.com", password: TEST_PASSWORD },
      })
    ).json<Session>();
    const change = await app().inject({
      method: "PUT",
      url: "/auth/v1/user",
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { password: "iloveyou1" },
    });
    expect(change.json()).toEqual(weak);
  });
});

describeWithDatabases("auth: password sign-in", ({ app, signUp }) => {
  const signIn = (email: string, password: string) =>
    app().inject({ method: "POST", url: "/auth/v1/token?grant_type=password", payload: { email, password } });

  it("signs in with the right password, whatever the email case", async () => {
    const { email, userId } = await signUp();
    const response = await signIn(email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const session = SessionSchema.parse(response.json());
    expect(session.user.id).toBe(userId);
    expect(session.user.last_sign_in_at).toBeTruthy();
  });

  it("answers an unknown email and a wrong password identically, in about the same time", async () => {
    const { email } = await signUp();
    // Warm both paths (the dummy hash is made on first use).
    await signIn("nobody@example.com", "whatever-password");
    await signIn(email, "wrong-password");

    const timings = { unknown: [] as number[], wrong: [] as number[] };
    let unknownBody = "";
    let wrongBody = "";
    for (let round = 0; round < 4; round += 1) {
      let start = performance.now();
      const unknown = await signIn(`nobody-${round}@example.com`, "whatever-password");
      timings.unknown.push(performance.now() - start);
      start = performance.now();
      const wrong = await signIn(email, "wrong-password");
      timings.wrong.push(performance.now() - start);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.statusCode).toBe(400);
      unknownBody = unknown.body;
      wrongBody = wrong.body;
    }
    expect(JSON.parse(wrongBody)).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
    expect(unknownBody).toBe(wrongBody);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Both paths run one argon2id verification (tens of ms); without the dummy hash an unknown email would
    // answer in about a millisecond. The bound is loose because the test machine is shared.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.4);
  });

  it("requires email and password, and a known grant type", async () => {
    const missing = await signIn("", "");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe("You must provide either an email or phone number and a password");
    const grant = await app().inject({ method: "POST", url: "/auth/v1/token?grant_type=magic", payload: {} });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error_code: "unsupported_grant_type" });
  });
});

describeWithDatabases("auth: access tokens", ({ app, signUp }) => {
  const getUser = (token: string) =>
    app().inject({ method: "GET", url: "/auth/v1/user", headers: { authorization: `Bearer ${token}` } });

  it("carries the documented claims", async () => {
    const { accessToken, userId, email, session } = await signUp();
    const [header, payload] = accessToken
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header).toMatchObject({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({
      sub: userId,
      aud: "authenticated",
      role: "authenticated",
      iss: "http://localhost:3000/auth/v1",
      aal: "aal1",
      email,
      exp: session.expires_at,
    });
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
  });

  it("GET /user returns the user for a valid token", async () => {
    const { accessToken, userId } = await signUp();
    const response = await getUser(accessToken);
    expect(response.statusCode).toBe(200);
    expect(UserSchema.parse(response.json()).id).toBe(userId);
  });

  it("refuses a missing or malformed Authorization header", async () => {
    const none = await app().inject({ method: "GET", url: "/auth/v1/user" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, error_code: "no_authorization" });
    const garbage = await getUser("not.a.jwt");
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ error_code: "bad_jwt" });
  });

  describe("forged tokens", () => {
    async function claimsOf(token: string) {
      return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<
        string,
        unknown
      >;
    }
    const secret = () => new TextEncoder().encode(app().config.jwtSecret);
    const resign = (claims: Record<string, unknown>, key: Uint8Array = secret()) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);

    it("refuses alg none", async () => {
      const { accessToken } = await signUp();
      const forged = `${base64url({ alg: "none", typ: "JWT" })}.${base64url(await claimsOf(accessToken))}.`;
      const response = await getUser(forged);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error_code: "bad_jwt" });
    });

    it("refuses a bad signature", async () => {
      const { accessToken } = await signUp();
      const forged = await resign(await claimsOf(accessToken), new TextEncoder().encode("x".repeat(48)));
      expect((await getUser(forged)).statusCode).toBe(401);
      const [header, payload] = accessToken.split(".");
      const tampered = `${header}.${base64url({ ...(await claimsOf(accessToken)), email: "admin@example.com" })}.${accessToken.split(".")[2]}`;
      expect(payload).toBeTruthy();
      expect((await getUser(tampered)).statusCode).toBe(401);
    });

    it("refuses an HS512 token signed with the right secret", async () => {
      const { accessToken } = await signUp();
      const forged = await new SignJWT(await claimsOf(accessToken))
        .setProtectedHeader({ alg: "HS512" })
        .sign(secret());
      expect((await getUser(forged)).statusCode).toBe(401);
    });

    it("refuses a wrong audience or issuer", async () => {
      const { accessToken } = await signUp();
      const claims = await claimsOf(accessToken);
      expect((await getUser(await resign(claims))).statusCode).toBe(200);
      expect((await getUser(await resign({ ...claims, aud: "service_role" }))).statusCode).toBe(401);
      expect(
        (await getUser(await resign({ ...claims, iss: "https://evil.example/auth/v1" }))).statusCode,
      ).toBe(401);
    });

    it("refuses an expired token", async () => {
      const { accessToken } = await signUp();
      const now = Math.floor(Date.now() / 1000);
      const response = await getUser(
        await resign({ ...(await claimsOf(accessToken)), iat: now - 7200, exp: now - 3600 }),
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error_code: "bad_jwt", msg: "invalid JWT: token is expired" });
    });

    it("refuses a valid token whose session has ended", async () => {
      const { accessToken } = await signUp();
      const claims = await claimsOf(accessToken);
      const response = await getUser(
        await resign({ ...claims, session_id: "00000000-0000-4000-8000-000000000000" }),
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error_code: "session_not_found" });
    });
  });
});

describeWithDatabases("auth: refresh tokens", ({ app, db, signUp }) => {
  const refresh = (refreshToken: string) =>
    app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: { refresh_token: refreshToken },
    });
  const getUser = (token: string) =>
    app().inject({ method: "GET", url: "/auth/v1/user", headers: { authorization: `Bearer ${token}` } });
  const sha256Hex = async (value: string) => {
    const { createHash } = await import("node:crypto");
    return createHash("sha256").update(value).digest("hex");
  };
  /** Moves a spent token's use back in time, as if the grace window had passed. */
  const ageUse = async (token: string, ms: number) => {
    await db()
      .updateTable("refresh_tokens")
      .set({ used_at: new Date(Date.now() - ms) })
      .where("token_hash", "=", await sha256Hex(token))
      .execute();
  };

  it("rotates: each refresh returns a new token for the same session and spends the old one", async () => {
    const { refreshToken, accessToken } = await signUp();
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = SessionSchema.parse(first.json());
    expect(rotated.refresh_token).not.toBe(refreshToken);
    const sessionOf = (token: string) =>
      JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).session_id;
    expect(sessionOf(rotated.access_token)).toBe(sessionOf(accessToken));

    const row = await db()
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", await sha256Hex(refreshToken))
      .executeTakeFirstOrThrow();
    expect(row.revoked).toBe(true);
    expect(row.used_at).toBeInstanceOf(Date);
    const child = await db()
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", await sha256Hex(rotated.refresh_token))
      .executeTakeFirstOrThrow();
    expect(child.parent).toBe(row.token_hash);
    expect(child.session_id).toBe(row.session_id);

    const second = await refresh(rotated.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it("gives the same child to a spent token re-used within the grace window (tab race)", async () => {
    const { refreshToken } = await signUp();
    const first = (await refresh(refreshToken)).json<Session>();
    const again = await refresh(refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json<Session>().refresh_token).toBe(first.refresh_token);
    // The session still works, and the child is still the live token.
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
  });

  it("follows a chain of rotations made within the grace window to the current token", async () => {
    const { refreshToken } = await signUp();
    const first = (await refresh(refreshToken)).json<Session>();
    const second = (await refresh(first.refresh_token)).json<Session>();
    const replay = await refresh(refreshToken);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Session>().refresh_token).toBe(second.refresh_token);
  });

  it("revokes the whole session when a spent token is re-used after the grace window", async () => {
    const { refreshToken } = await signUp();
    const rotated = (await refresh(refreshToken)).json<Session>();
    await ageUse(refreshToken, REFRESH_TOKEN_REUSE_GRACE_MS + 1_000);

    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      code: 400,
      error_code: "refresh_token_already_used",
      msg: "Invalid Refresh Token: Already Used",
    });
    // The thief's and the owner's tokens are both dead now.
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
    expect((await getUser(rotated.access_token)).statusCode).toBe(401);
  });

  describe("session lifetime (decision 056)", () => {
    const { maxAgeMs, idleMs } = SESSION_LIMITS_DEFAULT;
    /** Moves the user's session back in time: its sign-in and its last refresh. */
    const ageSession = (userId: string, sinceSignInMs: number, sinceRefreshMs: number | null) =>
      db()
        .updateTable("sessions")
        .set({
          created_at: new Date(Date.now() - sinceSignInMs),
          refreshed_at: sinceRefreshMs === null ? null : new Date(Date.now() - sinceRefreshMs),
        })
        .where("user_id", "=", userId)
        .execute();
    const expectExpired = async (refreshToken: string, userId: string) => {
      const response = await refresh(refreshToken);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "session_expired" });
      // The session and its tokens are gone: the same token is unknown now, not merely refused again.
      expect(await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual(
        [],
      );
      expect((await refresh(refreshToken)).json()).toMatchObject({ error_code: "refresh_token_not_found" });
    };

    it("ends a session whose refresh token went unused for the idle timeout, and keeps one used just inside it", async () => {
      const idle = await signUp();
      await ageSession(idle.userId, idleMs + 60_000, null);
      await expectExpired(idle.refreshToken, idle.userId);

      const active = await signUp();
      await ageSession(active.userId, idleMs * 2, idleMs - 60_000);
      const refreshed = await refresh(active.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      // The refresh counts as use: the idle clock starts again.
      const [session] = await db()
        .selectFrom("sessions")
        .select("refreshed_at")
        .where("user_id", "=", active.userId)
        .execute();
      expect(Date.now() - (session?.refreshed_at?.getTime() ?? 0)).toBeLessThan(60_000);
    });

    it("ends a session past its absolute lifetime however recently it was refreshed", async () => {
      const old = await signUp();
      await ageSession(old.userId, maxAgeMs + 60_000, 60_000);
      await expectExpired(old.refreshToken, old.userId);
    });
  });

  it("refuses an unknown or missing refresh token", async () => {
    const unknown = await refresh("no-such-token");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error_code: "refresh_token_not_found" });
    const missing = await app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it("derives children with the server secret, so a token alone does not reveal its successor", async () => {
    const { refreshToken } = await signUp();
    const rotated = (await refresh(refreshToken)).json<Session>();
    const withoutSecret = createHmac("sha256", "guess")
      .update(`refresh-token-child:${refreshToken}`)
      .digest("base64url");
    expect(rotated.refresh_token).not.toBe(withoutSecret);
    expect(rotated.refresh_token.length).toBeGreaterThanOrEqual(43);
  });
});

describeWithDatabases("auth: PUT /user", ({ app, signUp }) => {
  const put = (token: string, payload: object) =>
    app().inject({
      method: "PUT",
      url: "/auth/v1/user",
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const signIn = (email: string, password: string) =>
    app().inject({ method: "POST", url: "/auth/v1/token?grant_type=password", payload: { email, password } });

  it("merges user metadata", async () => {
    const { accessToken } = await signUp();
    const response = await put(accessToken, { data: { full_name: "Renamed", user_full_name: "Renamed" } });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().user_metadata).toMatchObject({
      full_name: "Renamed",
      user_full_name: "Renamed",
      user_email: expect.any(String),
    });
  });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    const { accessToken, email, refreshToken } = await signUp();
    const other = (await signIn(email, TEST_PASSWORD)).json<Session>();
    const newPassword = "a brand new passphrase";

    const response = await put(accessToken, { password: newPassword });
    expect(response.statusCode).toBe(200);

    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(
      (await app().inject({ method: "GET", url: "/auth/v1/user", headers: headers(accessToken) })).statusCode,
    ).toBe(200);
    expect(
      (await app().inject({ method: "GET", url: "/auth/v1/user", headers: headers(other.access_token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app().inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=refresh_token",
          payload: { refresh_token: other.refresh_token },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await app().inject({
          method: "POST",
          url: "/auth/v1/token?grant_type=refresh_token",
          payload: { refresh_token: refreshToken },
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(email, newPassword)).statusCode).toBe(200);
  });

  it("applies the password rules", async () => {
    const { accessToken } = await signUp();
    const response = await put(accessToken, { password: "short" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error_code: "weak_password" });
  });

  it("needs a valid token", async () => {
    const response = await app().inject({ method: "PUT", url: "/auth/v1/user", payload: { data: {} } });
    expect(response.statusCode).toBe(401);
  });
});

describeWithDatabases("auth: logout", ({ app, signUp }) => {
  const signIn = async (email: string) =>
    (
      await app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=password",
        payload: { email, password: TEST_PASSWORD },
      })
    ).json<Session>();
  const logout = (token: string, scope?: string) =>
    app().inject({
      method: "POST",
      url: `/auth/v1/logout${scope ? `?scope=${scope}` : ""}`,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
  const alive = async (token: string) =>
    (
      await app().inject({
        method: "GET",
        url: "/auth/v1/user",
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode === 200;
  const refreshes = async (token: string) =>
    (
      await app().inject({
        method: "POST",
        url: "/auth/v1/token?grant_type=refresh_token",
        payload: { refresh_token: token },
      })
    ).statusCode === 200;

  it("local ends only this session", async () => {
    const first = await signUp();
    const second = await signIn(first.email);
    const response = await logout(first.accessToken, "local");
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await alive(first.accessToken)).toBe(false);
    expect(await refreshes(first.refreshToken)).toBe(false);
    expect(await alive(second.access_token)).toBe(true);
  });

  it("others ends every other session", async () => {
    const first = await signUp();
    const second = await signIn(first.email);
    expect((await logout(first.accessToken, "others")).statusCode).toBe(204);
    expect(await alive(first.accessToken)).toBe(true);
    expect(await alive(second.access_token)).toBe(false);
    expect(await refreshes(second.refresh_token)).toBe(false);
  });

  it("global (the default) ends every session of the user and no one else's", async () => {
    const first = await signUp();
    const second = await signIn(first.email);
    const stranger = await signUp();
    expect((await logout(first.accessToken)).statusCode).toBe(204);
    expect(await alive(first.accessToken)).toBe(false);
    expect(await alive(second.access_token)).toBe(false);
    expect(await refreshes(second.refresh_token)).toBe(false);
    expect(await alive(stranger.accessToken)).toBe(true);
  });

  it("refuses an unknown scope and a missing token", async () => {
    const { accessToken } = await signUp();
    expect((await logout(accessToken, "everything")).statusCode).toBe(400);
    expect((await app().inject({ method: "POST", url: "/auth/v1/logout" })).statusCode).toBe(401);
  });
});
