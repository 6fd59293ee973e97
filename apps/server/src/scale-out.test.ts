import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { buildApp } from "./app";
import { PROFILE } from "./test/plan-journey.fixture";
import { startRoundRobinProxy, type RoundRobinProxy } from "./test/round-robin-proxy";
import { createPostgresDatabase, postgresAdminUrl, TEST_PASSWORD, testConfig } from "./test/test-app";

const redisUrl = process.env.REDIS_URL;

/** docs/decisions/060: another instance drops a deleted public plan when PostgreSQL's notice reaches it. */
const NOTICE_BOUND_MS = 1_000;

interface Answer {
  status: number;
  upstream: string | null;
  body: unknown;
}

// Two instances on one PostgreSQL database and one Redis, behind a round-robin proxy (docs/scaling.md).
// Needs both services: CI sets DATABASE_URL and REDIS_URL; without them the suite is reported as skipped.
describe.skipIf(postgresAdminUrl === undefined || redisUrl === undefined)(
  "two instances behind a proxy",
  () => {
    let postgres: { url: string; drop(): Promise<void> } | undefined;
    const apps: FastifyInstance[] = [];
    let proxy: RoundRobinProxy | undefined;

    beforeAll(async () => {
      postgres = await createPostgresDatabase(postgresAdminUrl ?? "");
      // What every instance of a deployment shares: the database, Redis, the token secret and issuer.
      const shared = testConfig({
        databaseUrl: postgres.url,
        redisUrl: redisUrl ?? "",
        jwtSecret: randomBytes(32).toString("base64url"),
        trustProxy: 1,
        rateLimits: { token: { max: 3, windowMs: 60_000 }, signup: { max: 1000, windowMs: 60_000 } },
      });
      // One after the other: the second finds the migrations applied (the advisory lock would also do).
      for (let i = 0; i < 2; i += 1) {
        const app = await buildApp(shared, { logger: false });
        await app.listen({ port: 0, host: "127.0.0.1" });
        apps.push(app);
      }
      proxy = await startRoundRobinProxy(
        apps.map((app) => {
          const address = app.server.address();
          if (typeof address !== "object" || address === null) throw new Error("not listening");
          return `http://127.0.0.1:${address.port}`;
        }),
      );
    }, 30_000);

    afterAll(async () => {
      await proxy?.close();
      for (const app of apps) await app.close();
      await postgres?.drop();
    });

    async function send(path: string, body?: unknown, token?: string): Promise<Answer> {
      if (!proxy) throw new Error("the proxy is not started");
      const response = await fetch(`${proxy.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        upstream: response.headers.get("x-upstream"),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
    }

    /** Requests alternate between the instances; this sends the next one to instance `index`. */
    async function on(index: number, path: string, body?: unknown, token?: string): Promise<Answer> {
      // A health check moves the round robin on and changes nothing.
      while (proxy?.nextUpstream() !== index) await send("/healthz");
      const answer = await send(path, body, token);
      expect(answer.upstream).toBe(String(index));
      return answer;
    }

    const ok = <T>(answer: Answer): T => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as T;
    };

    it("reads on one instance what was written on the other, and forgets a deleted public plan on both", async () => {
      const signUp = await send("/auth/v1/signup", {
        email: `scale-${randomUUID()}@example.com`,
        password: TEST_PASSWORD,
      });
      const token = ok<{ access_token: string }>(signUp).access_token;
      const writer = Number(signUp.upstream);
      const reader = 1 - writer;
      // The token one instance signed is accepted by the other.
      ok(await on(reader, "/functions/v1/write_user_data", PROFILE, token));

      const meals = ok<MealItemWire[]>(
        await on(writer, "/functions/v1/openai_get_meal_plan", { currentDay: 1 }, token),
      );
      const stored = await on(reader, "/functions/v1/openai_get_meal_plan", { currentDay: 1 }, token);
      expect(ok<MealItemWire[]>(stored)).toEqual(meals);

      const saved = await on(
        writer,
        "/functions/v1/write_user_data",
        { write_table: "saved_diets", diet_one: meals },
        token,
      );
      const dietId = ok<{ diet_id: string }>(saved).diet_id;
      const list = ok<Array<{ diet_id: string }>>(
        await on(reader, "/functions/v1/get_saved_list", { table: "saved_diets" }, token),
      );
      expect(list.map((entry) => entry.diet_id)).toEqual([dietId]);

      // Both instances now hold the public plan in their caches.
      const publicPath = `/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}`;
      const cachedOn = new Set<string>();
      for (let i = 0; i < 2; i += 1) {
        const answer = await send(publicPath);
        expect(answer.status).toBe(200);
        cachedOn.add(answer.upstream ?? "");
      }
      expect([...cachedOn].sort()).toEqual(["0", "1"]);

      const deleted = await send(
        "/functions/v1/delete_saved_plan",
        { table: "saved_diets", diet_id: dietId },
        token,
      );
      expect(deleted.status).toBe(200);
      const deletedAt = performance.now();
      const goneOn = new Set<string>();
      while (goneOn.size < 2 && performance.now() - deletedAt < NOTICE_BOUND_MS) {
        const answer = await send(publicPath);
        if (answer.status === 404) goneOn.add(answer.upstream ?? "");
      }
      expect([...goneOn].sort()).toEqual(["0", "1"]);
      // And it stays gone: neither instance serves its old copy again.
      for (let i = 0; i < 4; i += 1) expect((await send(publicPath)).status).toBe(404);
    }, 15_000);

    it("counts one rate limit across both instances", async () => {
      const statuses: Array<[number, string | null]> = [];
      for (let i = 0; i < 4; i += 1) {
        const answer = await send("/auth/v1/token?grant_type=password", {
          email: "nobody@example.com",
          password: "wrong password",
        });
        statuses.push([answer.status, answer.upstream]);
      }
      // Three attempts allowed a minute from one client, whichever instance each reached.
      expect(statuses.map(([status]) => status)).toEqual([400, 400, 400, 429]);
      expect(new Set(statuses.map(([, upstream]) => upstream)).size).toBe(2);
    });
  },
);
