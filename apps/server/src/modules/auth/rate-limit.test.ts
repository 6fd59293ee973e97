import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/test-app";

const redisUrl = process.env.REDIS_URL;

const limits = { token: { max: 3, windowMs: 60_000 }, signup: { max: 2, windowMs: 60_000 } };

const signIn = (app: FastifyInstance) =>
  app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=password",
    payload: { email: "nobody@example.com", password: "wrong password" },
  });

describe("rate limits on /auth/v1", () => {
  it("answers 429 over_request_rate_limit past the /token limit", async () => {
    const app = await buildTestApp({ rateLimits: limits });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signIn(app)).statusCode);
    const limited = await signIn(app);
    await app.close();
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 429,
      error_code: "over_request_rate_limit",
      msg: expect.stringMatching(/rate limit/),
    });
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it("limits /signup separately", async () => {
    const app = await buildTestApp({ rateLimits: limits });
    const signUp = () =>
      app.inject({
        method: "POST",
        url: "/auth/v1/signup",
        payload: { email: `${randomUUID()}@example.com`, password: "short" },
      });
    const statuses = [(await signUp()).statusCode, (await signUp()).statusCode, (await signUp()).statusCode];
    const token = await signIn(app);
    await app.close();
    expect(statuses).toEqual([422, 422, 429]);
    expect(token.statusCode).toBe(400);
  });

  it("counts per client IP", async () => {
    const app = await buildTestApp({ rateLimits: limits });
    for (let i = 0; i < 3; i += 1) await signIn(app);
    const other = await app.inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      remoteAddress: "10.1.2.3",
      payload: { email: "nobody@example.com", password: "wrong password" },
    });
    await app.close();
    expect(other.statusCode).toBe(400);
  });

  // Needs a Redis server: CI sets REDIS_URL; without it the test is reported as skipped.
  it.skipIf(redisUrl === undefined)(
    "shares one count between two server instances through Redis",
    async () => {
      const namespace = `fitwise-test-${randomUUID()}-`;
      const config = { rateLimits: limits, rateLimitNamespace: namespace, redisUrl };
      const first = await buildTestApp(config);
      const second = await buildTestApp(config);
      try {
        const statuses = [
          (await signIn(first)).statusCode,
          (await signIn(second)).statusCode,
          (await signIn(first)).statusCode,
          (await signIn(second)).statusCode,
        ];
        expect(statuses).toEqual([400, 400, 400, 429]);
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});
