import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { collectLogs, openTestPGlite, testConfig } from "../test/test-app";

/** The suite starts and stops its own redis-server; without the binary there is nothing to run it against. */
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A throw-away redis-server on loopback: no persistence, no config file. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null });
  probe.on("error", () => {});
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      probe.disconnect();
      await sleep(25);
    }
  }
  child.kill("SIGKILL");
  throw new Error("redis-server did not start");
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

const limits = { token: { max: 3, windowMs: 60_000 }, signup: { max: 1000, windowMs: 60_000 } };

async function signInStatus(app: FastifyInstance, ip: string): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=password",
    remoteAddress: ip,
    payload: { email: "nobody@example.com", password: "wrong password" },
  });
  return response.statusCode;
}

const DOWN = /^redis unavailable/;
const UP = /^redis reachable again/;

describe.runIf(hasRedisServer)("rate limits with a Redis that goes away and comes back", () => {
  const children: ChildProcess[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const child of children) await stopRedis(child);
  });

  it("counts in Redis, falls back to in-process counters while it is down, and returns to it", async () => {
    const port = await freePort();
    const namespace = `fitwise-test-${randomUUID()}-`;
    let redis = await startRedis(port);
    children.push(redis);
    const logs = collectLogs();
    const app = await buildApp(
      testConfig({
        logLevel: "info",
        redisUrl: `redis://127.0.0.1:${port}`,
        rateLimits: limits,
        rateLimitNamespace: namespace,
      }),
      { database: await openTestPGlite(), logStream: logs.stream },
    );
    apps.push(app);
    const inspector = new Redis(port, "127.0.0.1", { retryStrategy: () => null });
    inspector.on("error", () => {});

    // Up: the count lives in Redis.
    expect([await signInStatus(app, "10.0.0.1"), await signInStatus(app, "10.0.0.1")]).toEqual([400, 400]);
    const keys = await inspector.keys(`${namespace}*`);
    expect(keys.length).toBe(1);
    expect(await inspector.get(keys[0] ?? "")).toBe("2");
    inspector.disconnect();

    // Down mid-run: requests still answer, and the limit still holds (counted in process).
    await stopRedis(redis);
    const whileDown: number[] = [];
    for (let i = 0; i < 8; i += 1) whileDown.push(await signInStatus(app, "10.0.0.2"));
    expect(whileDown).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
    // A wrong password costs argon2 time, the 429s cost nothing: 40 tries give at most 3 guesses.
    const downLines = logs.lines.filter((line) => DOWN.test(line.msg));
    expect(downLines).toHaveLength(1);
    expect(downLines[0]?.level).toBe(40);

    // Back on the same port: the app reconnects by itself and logs that once.
    redis = await startRedis(port);
    children.push(redis);
    for (let attempt = 0; attempt < 400 && !logs.lines.some((line) => UP.test(line.msg)); attempt += 1) {
      await sleep(25);
    }
    expect(logs.lines.filter((line) => UP.test(line.msg))).toHaveLength(1);
    expect(await signInStatus(app, "10.0.0.3")).toBe(400);
    const again = new Redis(port, "127.0.0.1", { retryStrategy: () => null });
    again.on("error", () => {});
    const keysAfter = await again.keys(`${namespace}*`);
    again.disconnect();
    expect(keysAfter).toHaveLength(1);
    expect(logs.lines.filter((line) => DOWN.test(line.msg))).toHaveLength(1);
  });

  it("goes on from the shared count when Redis goes away, and keeps the hits counted meanwhile when it is back empty", async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    children.push(redis);
    const logs = collectLogs();
    const app = await buildApp(
      testConfig({ logLevel: "info", redisUrl: `redis://127.0.0.1:${port}`, rateLimits: limits }),
      { database: await openTestPGlite(), logStream: logs.stream },
    );
    apps.push(app);
    // Two of the three tries counted in Redis; then it dies. Counting from zero would give three more.
    expect([await signInStatus(app, "10.0.0.5"), await signInStatus(app, "10.0.0.5")]).toEqual([400, 400]);
    await stopRedis(redis);
    expect([await signInStatus(app, "10.0.0.5"), await signInStatus(app, "10.0.0.5")]).toEqual([400, 429]);

    // Redis is back without the count (no persistence): the hits counted in process still hold the window.
    redis = await startRedis(port);
    children.push(redis);
    for (let attempt = 0; attempt < 400 && !logs.lines.some((line) => UP.test(line.msg)); attempt += 1) {
      await sleep(25);
    }
    expect(logs.lines.filter((line) => UP.test(line.msg))).toHaveLength(1);
    expect([await signInStatus(app, "10.0.0.5"), await signInStatus(app, "10.0.0.5")]).toEqual([429, 429]);
    // Another address starts its own window in Redis as usual.
    expect(await signInStatus(app, "10.0.0.6")).toBe(400);
  }, 30_000);

  it("starts and limits with a Redis that never answered", async () => {
    const port = await freePort();
    const logs = collectLogs();
    const app = await buildApp(
      testConfig({ logLevel: "info", redisUrl: `redis://127.0.0.1:${port}`, rateLimits: limits }),
      { database: await openTestPGlite(), logStream: logs.stream },
    );
    apps.push(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await signInStatus(app, "10.0.0.4"));
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    for (let attempt = 0; attempt < 400 && !logs.lines.some((line) => DOWN.test(line.msg)); attempt += 1) {
      await sleep(25);
    }
    expect(logs.lines.filter((line) => DOWN.test(line.msg))).toHaveLength(1);
    expect(logs.lines.filter((line) => /redis error/.test(line.msg))).toHaveLength(0);
  });
});
