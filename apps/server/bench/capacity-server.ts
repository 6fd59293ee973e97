import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../src/app";
import { makePro } from "../src/test/plan-journey.fixture";
import { createPostgresDatabase, testConfig } from "../src/test/test-app";

/**
 * The server side of bench:capacity, in its own process so the load generator's work is not counted
 * as the server's CPU: the real app (PGlite in a temp folder with durable commits, or a fresh
 * PostgreSQL database) listening on loopback, and in the same process a bare Fastify with
 *   GET  /bare   the reference route,
 *   GET  /stats  this process's CPU time (process.cpuUsage: every thread, the plan worker's too) and
 *                memory (current and the highest RSS seen, sampled every 100 ms),
 *   POST /pro    makes a user Pro the way a paid subscription row does (checkout is not in the mix).
 * No users are seeded: signing up is part of what is measured. Prints one JSON line with the URLs and
 * runs until its stdin closes.
 */
const target = process.argv[2] === "postgres" ? "postgres" : "pglite";
const dataDir = await mkdtemp(join(tmpdir(), "fitwise-capacity-"));
const postgres =
  target === "postgres" && process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : undefined;

// Every user signs up from 127.0.0.1, so the per-IP sign-up and sign-in limits are raised by config;
// the per-user plan limits (decision 020) stay as they are in production.
const raised = { max: 1_000_000, windowMs: 60_000 };
const app = await buildApp(
  testConfig({
    dataDir,
    logLevel: "warn",
    rateLimits: { token: raised, signup: raised, refresh: raised },
    ...(postgres ? { databaseUrl: postgres.url } : {}),
  }),
  { logStream: process.stderr },
);

let peakRssBytes = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
}, 100);

const bare = Fastify();
bare.get("/bare", async () => ({ hello: "world" }));
bare.get("/stats", async () => {
  const memory = process.memoryUsage();
  peakRssBytes = Math.max(peakRssBytes, memory.rss);
  return { cpu: process.cpuUsage(), rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, peakRssBytes };
});
bare.post<{ Body: { userId: string } }>("/pro", async (request) => {
  await makePro(app.db, request.body.userId);
  return { ok: true };
});

const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });

process.stdout.write(`${JSON.stringify({ target, appUrl, bareUrl })}\n`);

process.stdin.resume();
process.stdin.on("end", () => {
  void (async () => {
    clearInterval(sampler);
    await bare.close();
    await app.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
