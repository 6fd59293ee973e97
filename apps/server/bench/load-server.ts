import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../src/app";
import { callOk, makePro, PROFILE } from "../src/test/plan-journey.fixture";
import { createPostgresDatabase, signUpThrough, testConfig } from "../src/test/test-app";

/**
 * The server side of bench:load, in its own process so the load generator does not share its event
 * loop: the real app (PGlite in a temp folder, with its durable commits, or a fresh PostgreSQL
 * database) and a bare Fastify JSON route beside it. Seeds users, a public saved plan and Pro
 * accounts, prints one JSON line with the URLs and tokens, and runs until its stdin closes.
 */
const target = process.argv[2] === "postgres" ? "postgres" : "pglite";
const users = Number(process.argv[3] ?? 60);
const dataDir = await mkdtemp(join(tmpdir(), "fitwise-load-"));
const postgres =
  target === "postgres" && process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : undefined;

const app = await buildApp(
  testConfig({ dataDir, logLevel: "warn", ...(postgres ? { databaseUrl: postgres.url } : {}) }),
  { logStream: process.stderr },
);
const bare = Fastify();
bare.get("/bare", async () => ({ hello: "world" }));

const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });

const tokens: string[] = [];
for (let i = 0; i < users; i += 1) {
  const user = await signUpThrough(app, `load-${i}-${Date.now()}@example.com`);
  await callOk(app, "write_user_data", PROFILE, user.accessToken);
  await makePro(app.db, user.userId);
  tokens.push(user.accessToken);
}
// The first solve warms the worker; the saved plan is what public links show.
const owner = tokens[0] ?? "";
const meals = await callOk<unknown[]>(app, "openai_get_meal_plan", { currentDay: 1 }, owner);
const { diet_id: dietId } = await callOk<{ diet_id: string }>(
  app,
  "write_user_data",
  { write_table: "saved_diets", diet_one: meals },
  owner,
);

process.stdout.write(`${JSON.stringify({ target, appUrl, bareUrl, tokens, dietId })}\n`);

process.stdin.resume();
process.stdin.on("end", () => {
  void (async () => {
    await bare.close();
    await app.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
