import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { routesOf } from "../test/registered-routes";
import { describeWithDatabases } from "../test/test-app";
import { MAX_JSON_BODY_DEPTH } from "./json-depth";

/**
 * A bounded, seeded fuzz run over every route: odd JSON, NUL and lone surrogates in every place,
 * wrong types, odd path parameters, with and without a session. Nothing may answer 5xx, and the
 * log of the whole run (at info level, so every request is logged) must not contain the planted
 * user's e-mail address or password hash, even where a database error carries them as parameters.
 */

/** mulberry32: a tiny seeded generator, so a failing run can be repeated exactly. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIELDS = [
  "email",
  "password",
  "data",
  "full_name",
  "refresh_token",
  "token",
  "token_hash",
  "type",
  "redirect_to",
  "plan",
  "subscription_id",
  "cancel_reason",
  "message",
  "events",
  "currentDay",
  "buttonPress",
  "user_allergies",
  "user_fav_food",
  "user_full_name",
  "user_weight_in_kgs",
  "friendly_name",
  "factor_type",
  "code",
  "challenge_id",
  "id",
  "name",
  "meal",
  "item",
  "auth_code",
  "code_verifier",
  "code_challenge",
  "code_challenge_method",
  "provider",
  "id_token",
  "nonce",
];

const GRANT_TYPES = ["password", "refresh_token", "pkce", "id_token"] as const;

function fuzzValue(random: () => number, planted: string[], depth = 0): unknown {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const strings = [
    "",
    "\u0000",
    `a\u0000b`,
    "\ud800",
    "x\udc00y",
    "😀",
    "x".repeat(5_000),
    "null",
    "1e309",
    "<script>",
    "' or 1=1 --",
    ...planted,
  ];
  switch (Math.floor(random() * (depth > 2 ? 4 : 7))) {
    case 0:
      return pick(strings);
    case 1:
      return pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER]);
    case 2:
      return pick([true, false, null]);
    case 3:
      return pick(strings) + pick(strings);
    case 4:
      return Array.from({ length: Math.floor(random() * 3) }, () => fuzzValue(random, planted, depth + 1));
    default:
      return fuzzObject(random, planted, depth + 1);
  }
}

function fuzzObject(random: () => number, planted: string[], depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = Math.floor(random() * 5);
  for (let i = 0; i < count; i += 1) {
    const key = random() < 0.1 ? "k\u0000" : (FIELDS[Math.floor(random() * FIELDS.length)] ?? "id");
    object[key] = fuzzValue(random, planted, depth);
  }
  return object;
}

const PATH_PARAMETERS = [
  "%00",
  "x",
  "00000000-0000-0000-0000-000000000000",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "a%2Fb",
];

const REQUESTS_PER_ROUTE = 8;

/** 5,000 nested arrays under `data`, as the fuzz finding had it. */
const DEEP_BODY = `{"data":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;

describeWithDatabases(
  "fuzz run over every route",
  ({ app, signUp, logs }) => {
    it("answers no 5xx, and logs neither the planted e-mail nor the password hash", async () => {
      const plantedEmail = `planted-${randomUUID()}@example.com`;
      // A route that fails inside the database with personal data as the statement's parameters,
      // as the original finding did: the error is logged, its parameters must not be.
      app().post("/__fuzz/database-error", async () => {
        const user = await app()
          .db.selectFrom("users")
          .select(["email", "encrypted_password"])
          .where("email", "=", plantedEmail)
          .executeTakeFirstOrThrow();
        await sql`insert into users (email, encrypted_password) values (${user.email}, ${user.encrypted_password})`.execute(
          app().db,
        );
        return {};
      });
      const planted = await signUp(plantedEmail);
      const fuzzer = await signUp();
      const { encrypted_password: plantedHash } = await app()
        .db.selectFrom("users")
        .select("encrypted_password")
        .where("id", "=", planted.userId)
        .executeTakeFirstOrThrow();
      expect(plantedHash).toMatch(/^\$argon2id\$/);
      const plantedValues = [plantedEmail, plantedHash ?? ""];

      const random = seeded(20_261_124);
      const routes = routesOf(app()).filter((route) => !route.url.startsWith("/__fuzz"));
      expect(routes.length).toBeGreaterThan(30);
      const failures: string[] = [];
      let sent = 0;
      let deepSent = 0;
      for (const route of routes) {
        for (let i = 0; i < REQUESTS_PER_ROUTE; i += 1) {
          const url = route.url.replace(
            /:\w+/g,
            () => PATH_PARAMETERS[Math.floor(random() * PATH_PARAMETERS.length)] ?? "x",
          );
          const query = new URLSearchParams({
            email: plantedEmail,
            grant_type: GRANT_TYPES[Math.floor(random() * GRANT_TYPES.length)] ?? "password",
          });
          if (random() < 0.3) query.set("redirect_to", "\u0000");
          const signedIn = random() < 0.6;
          const body = random() < 0.15 ? fuzzValue(random, plantedValues) : fuzzObject(random, plantedValues);
          const response = await app().inject({
            method: route.method as "GET",
            url: `${url}?${query.toString()}`,
            headers: {
              ...(signedIn ? { authorization: `Bearer ${fuzzer.accessToken}` } : {}),
              "content-type": "application/json",
            },
            ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: JSON.stringify(body) }),
          });
          sent += 1;
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${url} → ${response.statusCode} ${response.body}`);
        }
        if (route.method === "GET" || route.method === "DELETE") continue;
        // Deep nesting (5,000 levels in 30 KB) once per route that takes a body.
        const deep = await app().inject({
          method: route.method as "POST",
          url: route.url.replace(/:\w+/g, "x"),
          headers: { authorization: `Bearer ${fuzzer.accessToken}`, "content-type": "application/json" },
          payload: DEEP_BODY,
        });
        deepSent += 1;
        if (deep.statusCode >= 500)
          failures.push(`deep ${route.method} ${route.url} → ${deep.statusCode} ${deep.body}`);
      }
      const databaseError = await app().inject({ method: "POST", url: "/__fuzz/database-error" });

      expect(sent).toBe(routes.length * REQUESTS_PER_ROUTE);
      expect(deepSent).toBeGreaterThan(20);
      expect(failures).toEqual([]);
      expect(databaseError.statusCode).toBe(500);
      const log = logs.text();
      expect(log).toContain("request failed");
      expect(log).toContain("23505");
      expect(log.toLowerCase()).not.toContain(plantedEmail.toLowerCase());
      expect(log).not.toContain(plantedHash);
      expect(log).not.toContain("grant_type=");
    });

    it("refuses a body nested deeper than MAX_JSON_BODY_DEPTH with 400, and user_metadata over 8 levels or 8 KB", async () => {
      const deep = await app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        headers: { "content-type": "application/json" },
        payload: DEEP_BODY,
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toMatchObject({
        error_code: "bad_json",
        msg: expect.stringContaining("deeper than 32"),
      });
      const nested = (levels: number): unknown => (levels === 0 ? "x" : { a: nested(levels - 1) });
      const atLimit = `{"email":"deep-${randomUUID()}@example.com","password":"long enough password","data":${JSON.stringify(nested(MAX_JSON_BODY_DEPTH - 1))}}`;
      const withinBody = await app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        headers: { "content-type": "application/json" },
        payload: atLimit,
      });
      // Parsed (depth 32 is allowed); refused for its user_metadata instead.
      expect(withinBody.json()).toMatchObject({
        error_code: "validation_failed",
        msg: expect.stringContaining("user_metadata nests deeper than 8"),
      });

      const user = await signUp();
      const update = (data: unknown) =>
        app().inject({
          method: "PUT",
          url: "/auth/v1/user",
          headers: { authorization: `Bearer ${user.accessToken}` },
          payload: { data },
        });
      expect((await update({ deep: nested(7) })).statusCode).toBe(200);
      expect((await update({ deep: nested(8) })).statusCode).toBe(400);
      expect((await update({ note: "x".repeat(7_000) })).statusCode).toBe(200);
      const tooBig = await update({ more: "y".repeat(2_000) });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toMatchObject({
        error_code: "validation_failed",
        msg: expect.stringContaining("8 KB"),
      });
      // A failed update changed nothing: every sign-in still answers a small user.
      const me = await app().inject({
        method: "GET",
        url: "/auth/v1/user",
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(me.body.length).toBeLessThan(9_000);
      expect(me.json()).toMatchObject({ user_metadata: { note: "x".repeat(7_000) } });
    });

    it("names the field holding U+0000 or a lone surrogate in one 400", async () => {
      const nul = await app().inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: '{"email":"a\\u0000@example.com","password":"long enough password"}',
        headers: { "content-type": "application/json" },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({
        error_code: "invalid_characters",
        msg: expect.stringContaining("body.email"),
      });

      const user = await signUp();
      const surrogate = await app().inject({
        method: "POST",
        url: "/functions/v1/write_user_data",
        headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
        payload: '{"user_fav_food":["rice","x\\ud800"]}',
      });
      expect(surrogate.statusCode).toBe(400);
      expect(surrogate.json()).toMatchObject({
        error: { code: "invalid_characters", issues: [{ path: "body.user_fav_food[1]" }] },
      });

      const key = await app().inject({
        method: "POST",
        url: "/functions/v1/track_events",
        payload: '{"events":[{"name":"x","props":{"a\\u0000":1}}]}',
        headers: { "content-type": "application/json" },
      });
      expect(key.statusCode).toBe(400);
      expect(key.json()).toMatchObject({ error: { issues: [{ path: "body.events[0].props.a\\u0000" }] } });

      const param = await app().inject({ method: "GET", url: "/test-checkout/%00" });
      expect(param.statusCode).toBe(400);
      expect(param.json()).toMatchObject({ error: { issues: [{ path: "params.id" }] } });
    });
  },
  { config: { logLevel: "info" }, captureLogs: true },
);
