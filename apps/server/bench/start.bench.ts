/**
 * How fast `npm start` answers: from spawning `npm start` at the repository root to the first 200 on
 * `/`, once with an empty data folder (PGlite created and migrated) and once again on that folder
 * (warm), plus the server process's resident memory over the 5 s after its first answer. The plan
 * worker starts with the first request to the plan functions (docs/decisions/037), so the warm start
 * then makes one and reports the memory over the next 5 s as well (no target: a server in use). The
 * build is brought up to date first, so the figures are of serving the prebuilt output, as every
 * start after `npm install` does.
 * Targets (docs/decisions/015, 037): fresh ≤ 8 s, warm ≤ 3 s, RSS ≤ 300 MB. Linux only (reads /proc).
 * Run: npm run bench:start
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const POLL_MS = 50;
const GIVE_UP_MS = 120_000;
const RSS_WINDOW_MS = 5_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Every process below pid (npm → sh → node), read from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command name before it may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of children.get(next) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

function serverPid(npmPid: number): number {
  const pid = descendants(npmPid).find((candidate) => {
    try {
      return readFileSync(`/proc/${candidate}/cmdline`, "utf8").split("\0").includes("scripts/start.mjs");
    } catch {
      return false;
    }
  });
  if (pid === undefined) throw new Error("no `node scripts/start.mjs` process under npm start");
  return pid;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function answers(url: string, method = "GET"): Promise<boolean> {
  try {
    const response = await fetch(url, { method });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Start {
  firstOkMs: number;
  rssPeakMb: number;
  /** Only when asked: the peak over the 5 s after a request to the plan functions started the plan worker. */
  rssWithPlanWorkerMb?: number;
}

async function rssPeakOver(pid: number, windowMs: number): Promise<number> {
  let peakMb = 0;
  for (const until = performance.now() + windowMs; performance.now() < until; await sleep(100))
    peakMb = Math.max(peakMb, rssMb(pid));
  return peakMb;
}

/** Gone, or a zombie waiting to be reaped: either way it has let go of the data folder's lock. */
function exited(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

async function measureStart(dataDir: string, withPlanWorker = false): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const npm: ChildProcess = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let server: number | undefined;
  try {
    const url = `http://127.0.0.1:${port}/`;
    while (!(await answers(url))) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error("no answer within 2 minutes");
      await sleep(POLL_MS);
    }
    const firstOkMs = performance.now() - started;
    server = serverPid(npm.pid ?? -1);
    const rssPeakMb = await rssPeakOver(server, RSS_WINDOW_MS);
    if (!withPlanWorker) return { firstOkMs, rssPeakMb };
    // Unauthenticated, so answered 401, but it starts the worker as a user's first plan request would.
    await answers(`http://127.0.0.1:${port}/functions/v1/openai_get_meal_plan`, "POST");
    return { firstOkMs, rssPeakMb, rssWithPlanWorkerMb: await rssPeakOver(server, RSS_WINDOW_MS) };
  } finally {
    if (npm.pid !== undefined && npm.exitCode === null) {
      const npmExited = new Promise((resolve) => npm.once("exit", resolve));
      process.kill(-npm.pid, "SIGTERM");
      await npmExited;
    }
    // The server closes PGlite and releases the data folder after npm has gone: the next start on
    // the same folder would find it locked.
    const stopping = performance.now();
    while (server !== undefined && !exited(server) && performance.now() - stopping < GIVE_UP_MS)
      await sleep(POLL_MS);
  }
}

execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
const dataDir = mkdtempSync(join(tmpdir(), "fitwise-start-"));
try {
  const fresh = await measureStart(dataDir);
  const warm = await measureStart(dataDir, true);
  const rssMbAfterStart = Math.max(fresh.rssPeakMb, warm.rssPeakMb);
  console.log("npm start                      time to first 200   RSS peak (5 s after)");
  console.log(
    `fresh data folder              ${fresh.firstOkMs.toFixed(0).padStart(8)} ms   ${fresh.rssPeakMb.toFixed(0).padStart(8)} MB`,
  );
  console.log(
    `warm (same folder)             ${warm.firstOkMs.toFixed(0).padStart(8)} ms   ${warm.rssPeakMb.toFixed(0).padStart(8)} MB`,
  );
  console.log(
    `warm, plan worker started                       ${(warm.rssWithPlanWorkerMb ?? Number.NaN).toFixed(0).padStart(8)} MB`,
  );
  console.log(
    JSON.stringify({
      bench: "start",
      freshFirstOkMs: Math.round(fresh.firstOkMs),
      warmFirstOkMs: Math.round(warm.firstOkMs),
      rssMbAfterStart: Math.round(rssMbAfterStart),
      rssMbWithPlanWorker: Math.round(warm.rssWithPlanWorkerMb ?? Number.NaN),
      targets: { freshFirstOkMs: 8_000, warmFirstOkMs: 3_000, rssMbAfterStart: 300 },
      withinTargets: fresh.firstOkMs <= 8_000 && warm.firstOkMs <= 3_000 && rssMbAfterStart <= 300,
      loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
