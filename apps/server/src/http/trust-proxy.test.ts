import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { AppConfig } from "../env";
import { buildTestApp } from "../test/test-app";

/*
 * TRUST_PROXY (env.ts TrustProxySchema): the client address is the first X-Forwarded-For entry the
 * proxies did not write, counted from the right. A client that writes its own first entry must not
 * pick the address the sign-in limit counts.
 */

const PROXY = "10.0.0.5";
const CLIENT = "203.0.113.7";
const LIMIT = 30;

const spoofed = () => `198.51.100.${randomInt(1, 255)}`;

/** A wrong-password sign-in as it reaches the server through the proxy, which appended the client's address. */
const signInThroughProxy = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=password",
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email: "nobody@example.com", password: "wrong password" },
  });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const build = async (trustProxy: AppConfig["trustProxy"]) => {
  app = await buildTestApp({
    trustProxy,
    rateLimits: { token: { max: LIMIT, windowMs: 60_000 }, signup: { max: 10, windowMs: 60_000 } },
  });
  return app;
};

describe("TRUST_PROXY with a spoofed first hop", () => {
  it.each([
    ["a hop count", 1 as const],
    ["the proxy's address", [PROXY]],
  ])(
    "with %s, 35 sign-ins with a new first hop each give 30 answers, then 429",
    async (_label, trust) => {
      const server = await build(trust);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 35; attempt += 1)
        statuses.push((await signInThroughProxy(server, `${spoofed()}, ${CLIENT}`)).statusCode);
      expect(statuses.slice(0, LIMIT)).toEqual(Array.from({ length: LIMIT }, () => 400));
      expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429, 429]);
      // 30 argon2 verifications against the dummy hash: seconds on a busy machine.
    },
    120_000,
  );

  it("reads the address the proxy appended, not the client's own entries", async () => {
    const server = await build(1);
    server.get("/ip-of-test", (request) => ({ ip: request.ip }));
    const seen = await server.inject({
      method: "GET",
      url: "/ip-of-test",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": `1.2.3.4, 5.6.7.8, ${CLIENT}` },
    });
    expect(seen.json()).toEqual({ ip: CLIENT });
  });

  it("with the proxies' addresses, ignores X-Forwarded-For from anyone else", async () => {
    const server = await build([PROXY]);
    server.get("/ip-of-test", (request) => ({ ip: request.ip }));
    const direct = await server.inject({
      method: "GET",
      url: "/ip-of-test",
      remoteAddress: "192.0.2.9",
      headers: { "x-forwarded-for": CLIENT },
    });
    expect(direct.json()).toEqual({ ip: "192.0.2.9" });
  });

  it("without TRUST_PROXY, the connection's address counts", async () => {
    const server = await build(false);
    server.get("/ip-of-test", (request) => ({ ip: request.ip }));
    const seen = await server.inject({
      method: "GET",
      url: "/ip-of-test",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": CLIENT },
    });
    expect(seen.json()).toEqual({ ip: PROXY });
  });
});
