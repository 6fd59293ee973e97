import { randomBytes, randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Session } from "@fitwise/contracts/auth";
import { ANALYTICS_MAX_BATCH } from "@fitwise/contracts/analytics";
import { describeWithDatabases, TEST_PASSWORD } from "../../test/test-app";
import { enrolTotp } from "../account/account.fixture";
import { bearer, claimsOf } from "../auth/auth.fixture";
import { signAccessToken } from "../../http/access-token";
import { ANALYTICS_RETENTION_DAYS, deleteExpiredAnalyticsEvents } from "./analytics.repository";
import { ANALYTICS_REQUESTS_PER_MINUTE } from "./analytics.routes";

const TRACK_URL = "/functions/v1/track_events";
const DAY_MS = 86_400_000;

describeWithDatabases("analytics: track_events", ({ app, db, signUp }) => {
  /** Each test sends from its own address, so the per-address rate limit of one test never touches another. */
  const freshAddress = () => `10.${randomBytes(3).join(".")}`;

  function track(payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshAddress()) {
    return app().inject({
      method: "POST",
      url: TRACK_URL,
      payload: payload as object,
      headers,
      remoteAddress,
    });
  }

  /** A user's rows (or the anonymous ones) stored since `since`: tests share one database. */
  async function rowsOf(userId: string | null, since: Date) {
    const rows = await db()
      .selectFrom("analytics_events")
      .select(["user_id", "name", "properties", "created_at"])
      .where("created_at", ">=", since)
      .$call((query) =>
        userId === null ? query.where("user_id", "is", null) : query.where("user_id", "=", userId),
      )
      .orderBy("id")
      .execute();
    return rows.map(({ user_id, name, properties }) => ({ user_id, name, properties }));
  }

  it("stores a signed-in user's batch under the user of the token, in order, with page titles", async () => {
    const user = await signUp();
    const response = await track(
      {
        events: [
          { name: "app_opened" },
          { name: "page_view", path: "/fitness-goals" },
          { name: "sign_up" },
          { name: "diet_info_updated", screen: "/updatemydietinfo" },
          { name: "page_view", path: "/chat" },
          { name: "WEB_user_in_chat_screen" },
        ],
      },
      bearer(user.accessToken),
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await rowsOf(user.userId, new Date(0))).toEqual([
      { user_id: user.userId, name: "app_opened", properties: {} },
      {
        user_id: user.userId,
        name: "page_view",
        properties: { path: "/fitness-goals", title: "Fitness Goals Screen" },
      },
      { user_id: user.userId, name: "sign_up", properties: {} },
      { user_id: user.userId, name: "diet_info_updated", properties: { screen: "/updatemydietinfo" } },
      { user_id: user.userId, name: "page_view", properties: { path: "/chat", title: "WEB_chat_screen" } },
      { user_id: user.userId, name: "WEB_user_in_chat_screen", properties: {} },
    ]);
  });

  it("accepts anonymous events (no token) and stores them without a user", async () => {
    const since = new Date();
    const marker = "/fullworkout/:id";
    const response = await track({ events: [{ name: "page_view", path: marker }] });
    expect(response.statusCode).toBe(204);
    const rows = await rowsOf(null, since);
    expect(rows).toContainEqual({
      user_id: null,
      name: "page_view",
      properties: { path: marker, title: "Public Workout Plan Screen" },
    });
  });

  it("takes the user from the token only: a user_id in the body is refused, not stored", async () => {
    const sender = await signUp();
    const victim = await signUp();
    const forgedOwner = await track(
      { user_id: victim.userId, events: [{ name: "sign_in" }] },
      bearer(sender.accessToken),
    );
    expect(forgedOwner.statusCode).toBe(400);
    const inEvent = await track(
      { events: [{ name: "sign_in", user_id: victim.userId }] },
      bearer(sender.accessToken),
    );
    expect(inEvent.statusCode).toBe(400);
    expect(await rowsOf(victim.userId, new Date(0))).toEqual([]);
    expect(await rowsOf(sender.userId, new Date(0))).toEqual([]);

    expect((await track({ events: [{ name: "sign_in" }] }, bearer(sender.accessToken))).statusCode).toBe(204);
    expect(await rowsOf(sender.userId, new Date(0))).toEqual([
      { user_id: sender.userId, name: "sign_in", properties: {} },
    ]);
    expect(await rowsOf(victim.userId, new Date(0))).toEqual([]);
  });

  it("refuses names, screens and properties outside the allow-list with 400 in the standard shape", async () => {
    const since = new Date();
    const refused = [
      { events: [{ name: "purchase" }] },
      { events: [{ name: "chat_message" }] },
      { events: [{ name: "page_view", path: "/fulldiet/3f1c2a9e-0000-4000-8000-000000000000" }] },
      { events: [{ name: "page_view", path: "/goal" }] },
      { events: [{ name: "page_view", path: "/diet?premium_zxy=active" }] },
      { events: [{ name: "page_view", path: "/diet", title: "Anything" }] },
      { events: [{ name: "sign_up", email: "ada@example.com" }] },
      { events: [{ name: "diet_info_updated", screen: "/diet" }] },
      { events: [{ name: "diet_info_updated", screen: "/updatemydietinfo", allergies: "peanuts" }] },
      { events: [] },
      {},
      [],
    ];
    for (const payload of refused) {
      const response = await track(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: "validation_failed", issues: expect.any(Array) },
      });
    }
    // One bad event refuses the whole batch: nothing of it is stored.
    const mixed = await track({ events: [{ name: "page_view", path: "/about" }, { name: "nope" }] });
    expect(mixed.statusCode).toBe(400);
    expect(await rowsOf(null, since)).toEqual([]);
  });

  it("refuses a batch over the limit and accepts one at it", async () => {
    const user = await signUp();
    const batch = (size: number) => ({ events: Array.from({ length: size }, () => ({ name: "sign_in" })) });
    const over = await track(batch(ANALYTICS_MAX_BATCH + 1), bearer(user.accessToken));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "events" }] } });
    expect(await rowsOf(user.userId, new Date(0))).toEqual([]);
    const atLimit = await track(batch(ANALYTICS_MAX_BATCH), bearer(user.accessToken));
    expect(atLimit.statusCode).toBe(204);
    expect(await rowsOf(user.userId, new Date(0))).toHaveLength(ANALYTICS_MAX_BATCH);
  });

  it("answers 401 for a forged, malformed or signed-out token and stores nothing", async () => {
    const victim = await signUp();
    const claims = claimsOf(victim.accessToken);
    const { token: forged } = await signAccessToken(
      { userId: victim.userId, email: victim.email, sessionId: claims.session_id, aal: "aal1", amr: [] },
      randomBytes(32).toString("base64url"),
      "http://localhost:3000/auth/v1",
      Math.floor(Date.now() / 1000),
    );
    const loggedOut = await signUp();
    const logout = await app().inject({
      method: "POST",
      url: "/auth/v1/logout",
      headers: bearer(loggedOut.accessToken),
    });
    expect(logout.statusCode).toBe(204);
    const since = new Date();

    for (const headers of [
      bearer(forged),
      bearer("not-a-jwt"),
      { authorization: "Basic dXNlcjpwYXNz" },
      bearer(loggedOut.accessToken),
    ]) {
      const response = await track({ events: [{ name: "sign_in" }] }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect(await rowsOf(victim.userId, new Date(0))).toEqual([]);
    expect(await rowsOf(loggedOut.userId, new Date(0))).toEqual([]);
    expect(await rowsOf(null, since)).toEqual([]);
  });

  it("counts a password-only session of an MFA account without its user until the second factor", async () => {
    const user = await signUp();
    await enrolTotp(app(), user.accessToken);
    const signIn = await app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const aal1 = signIn.json<Session>();
    expect(claimsOf(aal1.access_token).aal).toBe("aal1");
    const since = new Date();
    const marker = "/account-security";
    const response = await track(
      { events: [{ name: "page_view", path: marker }] },
      bearer(aal1.access_token),
    );
    expect(response.statusCode).toBe(204);
    expect(await rowsOf(user.userId, new Date(0))).toEqual([]);
    expect(await rowsOf(null, since)).toContainEqual({
      user_id: null,
      name: "page_view",
      properties: { path: marker, title: "Account Security Screen" },
    });
  });

  it("takes navigator.sendBeacon's text/plain JSON, and refuses text that is not JSON", async () => {
    const user = await signUp();
    const beacon = await app().inject({
      method: "POST",
      url: TRACK_URL,
      headers: { "content-type": "text/plain;charset=UTF-8", ...bearer(user.accessToken) },
      payload: JSON.stringify({ events: [{ name: "page_view", path: "/saved" }] }),
      remoteAddress: freshAddress(),
    });
    expect(beacon.statusCode).toBe(204);
    expect(await rowsOf(user.userId, new Date(0))).toEqual([
      {
        user_id: user.userId,
        name: "page_view",
        properties: { path: "/saved", title: "Saved Plans Screen" },
      },
    ]);
    const garbage = await app().inject({
      method: "POST",
      url: TRACK_URL,
      headers: { "content-type": "text/plain" },
      payload: "events=page_view",
      remoteAddress: freshAddress(),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ error: { code: "bad_json" } });
  });

  it("stores nothing for a browser sending Do Not Track or Global Privacy Control", async () => {
    const user = await signUp();
    const optOuts: Record<string, string>[] = [{ dnt: "1" }, { "sec-gpc": "1" }];
    for (const headers of optOuts) {
      const response = await track(
        { events: [{ name: "sign_in" }] },
        { ...headers, ...bearer(user.accessToken) },
      );
      expect(response.statusCode).toBe(204);
    }
    expect(await rowsOf(user.userId, new Date(0))).toEqual([]);
  });

  it("refuses a body over its small size limit", async () => {
    const response = await track({ events: [{ name: "sign_in" }], padding: "x".repeat(20_000) });
    expect(response.statusCode).toBe(413);
  });

  it("limits requests per address with 429 in the standard shape", async () => {
    const address = freshAddress();
    const statuses = new Set<number>();
    for (let index = 0; index < ANALYTICS_REQUESTS_PER_MINUTE; index += 1) {
      statuses.add((await track({ events: [{ name: "app_opened" }] }, {}, address)).statusCode);
    }
    expect([...statuses]).toEqual([204]);
    const limited = await track({ events: [{ name: "app_opened" }] }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: "over_request_rate_limit" } });
    expect((await track({ events: [{ name: "app_opened" }] }, {}, freshAddress())).statusCode).toBe(204);
  });

  it("offers no way to read events back: nothing is echoed, and there is no read route", async () => {
    const user = await signUp();
    await track({ events: [{ name: "sign_in" }] }, bearer(user.accessToken));
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const response = await app().inject({ method, url: TRACK_URL, headers: bearer(user.accessToken) });
      expect(response.statusCode).toBe(404);
    }
  });

  it("deletes events past the retention period, with or without a user, and keeps newer ones", async () => {
    const user = await signUp();
    const now = new Date();
    const expired = new Date(now.getTime() - (ANALYTICS_RETENTION_DAYS + 1) * DAY_MS);
    const kept = new Date(now.getTime() - (ANALYTICS_RETENTION_DAYS - 1) * DAY_MS);
    const marker = randomUUID();
    await db()
      .insertInto("analytics_events")
      .values([
        { user_id: user.userId, name: marker, properties: "{}", created_at: expired },
        { user_id: null, name: marker, properties: "{}", created_at: expired },
        { user_id: user.userId, name: marker, properties: "{}", created_at: kept },
      ])
      .execute();
    expect(await deleteExpiredAnalyticsEvents(db(), now)).toBeGreaterThanOrEqual(2);
    const left = await db()
      .selectFrom("analytics_events")
      .select(["user_id", "created_at"])
      .where("name", "=", marker)
      .execute();
    expect(left).toEqual([{ user_id: user.userId, created_at: kept }]);
  });
});
