import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon, { type Options, type Result } from "autocannon";
import { sql } from "kysely";
import { createPGlite, wrapPGlite } from "../src/db/database";
import { PGliteDurability } from "../src/db/pglite-durability";

/**
 * bench:load — HTTP throughput of the server beside a bare Fastify JSON route in the same run
 * (autocannon, 100 connections), per route and database; then fresh plan solves at 8 and 100
 * connections, a second user's reads while one user floods resets, and what durable PGlite commits
 * cost. Prints a table and one JSON line.
 * Run: npm run bench:load [-- seconds]   (PostgreSQL too when DATABASE_URL is set)
 */
const seconds = Number(process.argv[2] ?? 5);
const here = dirname(fileURLToPath(import.meta.url));

interface Seeded {
  target: string;
  appUrl: string;
  bareUrl: string;
  tokens: string[];
  dietId: string;
}

async function startServer(target: string) {
  // More users than connections, so the per-user limits (one solve at a time) do not refuse the load.
  const users = "110";
  const child = spawn(process.execPath, ["--import", "tsx", resolve(here, "load-server.ts"), target, users], {
    stdio: ["pipe", "pipe", "inherit"],
    env: process.env,
  });
  const lines = createInterface({ input: child.stdout });
  const seeded = await new Promise<Seeded>((done, fail) => {
    lines.once("line", (line) => done(JSON.parse(line) as Seeded));
    child.once("exit", (code) => fail(new Error(`load server exited with ${code}`)));
  });
  return {
    seeded,
    stop: async () => {
      child.stdin.end();
      await new Promise((done) => child.once("exit", done));
    },
  };
}

function run(options: Options): Promise<Result> {
  return autocannon({ duration: seconds, connections: 100, ...options });
}

interface Figures {
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

function figures(result: Result): Figures {
  return {
    reqPerS: Math.round(result["2xx"] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const json = { "content-type": "application/json" };
const PROFILE_READ = JSON.stringify({ table: "my_users" });

/** Each request signs in as the next of `tokens`, so per-user limits reflect many users. */
function rotating(tokens: string[], body: string): Pick<Options, "requests"> {
  let next = 0;
  return {
    requests: [
      {
        method: "POST",
        body,
        setupRequest: (request) => {
          const token = tokens[next++ % tokens.length] ?? "";
          return { ...request, headers: { ...json, authorization: `Bearer ${token}` } };
        },
      },
    ],
  };
}

async function measureTarget(target: string) {
  const { seeded, stop } = await startServer(target);
  try {
    const { appUrl, bareUrl, tokens, dietId } = seeded;
    const reader = tokens[1] ?? "";
    const flooder = tokens[2] ?? "";
    const solvers = tokens.slice(3);
    // One unmeasured second on each kind of route first, so no figure pays for cold code.
    for (const url of [
      `${bareUrl}/bare`,
      `${appUrl}/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}`,
    ]) {
      await run({ url, duration: 1 });
    }
    const routes: Record<string, Figures> = {};
    routes.bareFastify = figures(await run({ url: `${bareUrl}/bare` }));
    routes.publicPlanGet = figures(
      await run({ url: `${appUrl}/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}` }),
    );
    routes.publicPlanPost = figures(
      await run({
        url: `${appUrl}/functions/v1/get_saved_data`,
        method: "POST",
        headers: json,
        body: JSON.stringify({ table: "saved_diets", diet_id: dietId }),
      }),
    );
    routes.profileRead = figures(
      await run({ url: `${appUrl}/functions/v1/get_user_data`, ...rotating(solvers, PROFILE_READ) }),
    );
    const bareRate = routes.bareFastify.reqPerS;
    const ratioToBare = Object.fromEntries(
      Object.entries(routes).map(([name, value]) => [name, Number((value.reqPerS / bareRate).toFixed(3))]),
    );

    const reset = JSON.stringify({ currentDay: 1, buttonPress: true });
    const solveUrl = `${appUrl}/functions/v1/openai_get_meal_plan`;
    const solves: Record<string, Figures> = {};
    for (const connections of [8, 100]) {
      solves[`c${connections}`] = figures(
        await run({ url: solveUrl, connections, ...rotating(solvers, reset) }),
      );
    }
    const bestSolves = Math.max(solves.c8?.reqPerS ?? 0, 1);

    const readerOptions: Options = {
      url: `${appUrl}/functions/v1/get_user_data`,
      connections: 1,
      method: "POST",
      headers: { ...json, authorization: `Bearer ${reader}` },
      body: PROFILE_READ,
    };
    const idle = figures(await run(readerOptions));
    const [duringFlood, flood] = await Promise.all([
      run(readerOptions),
      run({
        url: solveUrl,
        method: "POST",
        headers: { ...json, authorization: `Bearer ${flooder}` },
        body: reset,
      }),
    ]);
    const busy = figures(duringFlood);
    return {
      routes,
      ratioToBare,
      solves,
      solvesAt100OverBest: Number(((solves.c100?.reqPerS ?? 0) / bestSolves).toFixed(3)),
      fairness: {
        readerIdle: idle,
        readerDuringFlood: busy,
        readerP50Ratio: Number((busy.p50Ms / Math.max(idle.p50Ms, 0.001)).toFixed(2)),
        readerP99Ratio: Number((busy.p99Ms / Math.max(idle.p99Ms, 0.001)).toFixed(2)),
        flood: { ok: flood["2xx"], refused: flood.non2xx, reqPerS: Math.round(flood.requests.average) },
      },
    };
  } finally {
    await stop();
  }
}

/** Single-row commits one after another, with and without the WAL flush (decision 019). */
async function pgliteDurability() {
  const result: Record<string, number> = {};
  for (const durable of [false, true]) {
    const folder = await mkdtemp(join(tmpdir(), "fitwise-durability-"));
    const durability = new PGliteDurability(folder);
    const db = wrapPGlite(await createPGlite({ dataDir: folder }), durable ? { durability } : {});
    await sql`create table t (a int, b text)`.execute(db);
    const commits = 200;
    const started = performance.now();
    for (let i = 0; i < commits; i += 1)
      await sql`insert into t values (${i}, ${"x".repeat(100)})`.execute(db);
    result[durable ? "durableCommitsPerS" : "relaxedCommitsPerS"] = Math.round(
      commits / ((performance.now() - started) / 1000),
    );
    await db.destroy();
    await rm(folder, { recursive: true, force: true });
  }
  return result;
}

const targets = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
const out: Record<string, unknown> = { connections: 100, seconds };
for (const target of targets) {
  const measured = await measureTarget(target);
  out[target] = measured;
  console.log(`\n${target}`);
  console.table(
    Object.fromEntries(
      Object.entries(measured.routes).map(([name, value]) => [
        name,
        { ...value, ratioToBare: measured.ratioToBare[name] },
      ]),
    ),
  );
  console.table(measured.solves);
  console.log("fairness", JSON.stringify(measured.fairness));
}
out.pgliteDurability = await pgliteDurability();
console.log(JSON.stringify({ bench: "load", ...out }));
