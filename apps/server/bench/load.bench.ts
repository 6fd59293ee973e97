import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
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
 * cost. Prints a table and one JSON line; the machine's load average is part of it (figures from a
 * shared machine are only comparable at a similar load).
 * Run: npm run bench:load [-- seconds]   (PostgreSQL too when DATABASE_URL is set)
 * LOAD_CPU_PROFILE_DIR=/tmp/prof npm run bench:load profiles the server process.
 */
const seconds = Number(process.argv[2] ?? 5);
/** Rounds of the per-route runs (medians are reported). */
const ROUNDS = 3;
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
  // LOAD_CPU_PROFILE_DIR=<folder>: the server writes a V8 CPU profile there (open it in Chrome DevTools).
  const profile = process.env.LOAD_CPU_PROFILE_DIR;
  const profiling = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(
    process.execPath,
    // --v8-pool-size=2 as `npm start` passes it (docs/decisions/037), so the server is measured as it runs.
    [...profiling, "--v8-pool-size=2", "--import", "tsx", resolve(here, "load-server.ts"), target, users],
    {
      stdio: ["pipe", "pipe", "inherit"],
      env: process.env,
    },
  );
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

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * One user reading their profile, one request after another, timed to the microsecond (autocannon
 * rounds latencies to whole milliseconds, too coarse for a read that takes about one).
 */
async function timedReads(url: string, token: string, durationS: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latenciesMs: number[] = [];
  let failed = 0;
  const once = () =>
    new Promise<number>((done, fail) => {
      const req = httpRequest(
        url,
        { method: "POST", agent, headers: { ...json, authorization: `Bearer ${token}` } },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
          res.on("error", fail);
        },
      );
      req.on("error", fail);
      req.end(PROFILE_READ);
    });
  const endAt = performance.now() + durationS * 1000;
  while (performance.now() < endAt) {
    const started = performance.now();
    const status = await once();
    if (status === 200) latenciesMs.push(performance.now() - started);
    else failed += 1;
  }
  agent.destroy();
  latenciesMs.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(3));
  return {
    reads: latenciesMs.length,
    failed,
    p50Ms: round(percentile(latenciesMs, 0.5)),
    p99Ms: round(percentile(latenciesMs, 0.99)),
  };
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
    const routeOptions: Record<string, Options> = {
      bareFastify: { url: `${bareUrl}/bare` },
      publicPlanGet: { url: `${appUrl}/functions/v1/get_saved_data?table=saved_diets&diet_id=${dietId}` },
      publicPlanPost: {
        url: `${appUrl}/functions/v1/get_saved_data`,
        method: "POST",
        headers: json,
        body: JSON.stringify({ table: "saved_diets", diet_id: dietId }),
      },
      profileRead: { url: `${appUrl}/functions/v1/get_user_data`, ...rotating(solvers, PROFILE_READ) },
    };
    // Rounds of bare-then-each-route, each route compared with the bare run just before it: other
    // work on a shared machine comes in bursts, and one long run per route would compare a route
    // measured in a burst with a bare route measured outside one. Figures are medians over rounds.
    const rounds: Array<Record<string, Figures>> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured: Record<string, Figures> = {};
      for (const [name, options] of Object.entries(routeOptions))
        measured[name] = figures(await run(options));
      rounds.push(measured);
    }
    const routes: Record<string, Figures> = {};
    const ratioToBare: Record<string, number> = {};
    for (const name of Object.keys(routeOptions)) {
      const byRate = [...rounds].sort((a, b) => (a[name]?.reqPerS ?? 0) - (b[name]?.reqPerS ?? 0));
      const middle = byRate[Math.floor(byRate.length / 2)]?.[name];
      if (middle) routes[name] = middle;
      const ratios = rounds
        .map((round) => (round[name]?.reqPerS ?? 0) / Math.max(round.bareFastify?.reqPerS ?? 0, 1))
        .sort((a, b) => a - b);
      ratioToBare[name] = Number((ratios[Math.floor(ratios.length / 2)] ?? 0).toFixed(3));
    }

    const reset = JSON.stringify({ currentDay: 1, buttonPress: true });
    const solveUrl = `${appUrl}/functions/v1/openai_get_meal_plan`;
    // Solve rates swing with which solves a 5 s window catches (a fast-path plan takes milliseconds, an
    // exact fallback up to a second), so solves also run in rounds: each round compares 100 connections
    // with the best of 1 and 8 in that round, and the median round is reported.
    const solveRounds: Array<{ solves: Record<string, Figures>; best: number; ratio: number }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured: Record<string, Figures> = {};
      for (const connections of [1, 8, 100]) {
        measured[`c${connections}`] = figures(
          await run({ url: solveUrl, connections, ...rotating(solvers, reset) }),
        );
      }
      const best = Math.max(measured.c1?.reqPerS ?? 0, measured.c8?.reqPerS ?? 0, 1);
      solveRounds.push({ solves: measured, best, ratio: (measured.c100?.reqPerS ?? 0) / best });
    }
    solveRounds.sort((a, b) => a.ratio - b.ratio);
    const medianSolves = solveRounds[Math.floor(solveRounds.length / 2)];
    const solves = medianSolves?.solves ?? {};
    const bestSolves = medianSolves?.best ?? 1;

    const readerUrl = `${appUrl}/functions/v1/get_user_data`;
    const idle = await timedReads(readerUrl, reader, seconds);
    const [duringFlood, flood] = await Promise.all([
      timedReads(readerUrl, reader, seconds),
      run({
        url: solveUrl,
        method: "POST",
        headers: { ...json, authorization: `Bearer ${flooder}` },
        body: reset,
      }),
    ]);
    return {
      routes,
      ratioToBare,
      solves,
      bestSolvesPerS: bestSolves,
      solvesAt100OverBest: Number((medianSolves?.ratio ?? 0).toFixed(3)),
      solvesAt100OverBestRounds: solveRounds.map((round) => Number(round.ratio.toFixed(3))),
      fairness: {
        readerIdle: idle,
        readerDuringFlood: duringFlood,
        slowdownP50: Number((duringFlood.p50Ms / Math.max(idle.p50Ms, 0.001)).toFixed(2)),
        slowdownP99: Number((duringFlood.p99Ms / Math.max(idle.p99Ms, 0.001)).toFixed(2)),
        flood: {
          connections: 100,
          solvedPerS: Math.round(flood["2xx"] / flood.duration),
          refusedPerS: Math.round(flood.non2xx / flood.duration),
        },
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
const out: Record<string, unknown> = {
  connections: 100,
  seconds,
  routeRounds: ROUNDS,
  loadAverageAtStart: loadavg()[0],
};
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
  console.log("solves at 100 connections over the best rate", measured.solvesAt100OverBest);
  console.log("fairness", JSON.stringify(measured.fairness));
}
out.pgliteDurability = await pgliteDurability();
out.loadAverageAtEnd = loadavg()[0];
console.log(JSON.stringify({ bench: "load", ...out }));
