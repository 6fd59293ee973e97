import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const serverDir = fileURLToPath(new URL("../../apps/server/", import.meta.url));
/** What the server build's initdb wrote (apps/server/scripts/build.mjs), and for which PGlite version. */
const INITDB_TEMPLATE = join(serverDir, "dist", "pglite-initdb");

function installedPGliteVersion(): string {
  const entry = createRequire(join(serverDir, "package.json")).resolve("@electric-sql/pglite");
  return (JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string })
    .version;
}

/**
 * Starts a data folder from the server build's initdb template, as `npm start` does: the server
 * running from its TypeScript sources finds no template beside src/db and would run PGlite's initdb,
 * which takes 5–20 s per spec file on a busy 2-core machine. `npm test` builds first, so the template
 * is there; without it (or for another PGlite version) the server runs initdb itself, as before.
 */
export async function seedDataFolder(dataDir: string): Promise<void> {
  const versionFile = `${INITDB_TEMPLATE}.version`;
  if (!existsSync(versionFile) || readFileSync(versionFile, "utf8") !== installedPGliteVersion()) return;
  await cp(INITDB_TEMPLATE, join(dataDir, "pg"), { recursive: true });
}

/**
 * Starts the server's plan worker now. It starts with the first request to the plan functions (an
 * idle server stays small, docs/decisions/037), and a spec's first request is often a solve: from the
 * TypeScript sources on a busy machine the worker can take longer to start than a solve may wait in
 * the queue. An unauthenticated call is refused (401) but starts it, while the browser launches.
 */
export async function startPlanWorker(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/functions/v1/openai_get_meal_plan`, { method: "POST" });
  await response.arrayBuffer();
}

/** A port nothing listens on right now, as the system hands one out. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null
          ? resolvePort(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** The bundle `npm start` runs (apps/server/scripts/build.mjs); the e2e project's global setup builds what is stale. */
const SERVER_BUNDLE = join(serverDir, "dist", "server.js");

/**
 * Starts the real server, as `npm start` runs it (the built bundle, in a process of its own), on
 * 127.0.0.1 and a free port, with a fresh temporary DATA_DIR (so an embedded PGlite database that
 * starts from the build's initdb output) and the built web app. Running the bundle rather than the
 * TypeScript sources inside the test's worker spares each spec compiling the server and its plan
 * worker (~5 s of CI's two cores per spec file). The environment is built here, not inherited, so a
 * DATABASE_URL set for the server's integration tests never leaks into browser tests.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    /** Another build of the web app to serve (e.g. a copy a test changes), instead of apps/web/dist. */
    webDistDir?: string;
  } = {},
): Promise<RunningServer> {
  const webDistDir = options.webDistDir ?? join(serverDir, "..", "web", "dist");
  if (!existsSync(join(webDistDir, "index.html")))
    throw new Error(`The web app is not built (${webDistDir}). Run: npm run build`);
  const dataDir = await mkdtemp(join(tmpdir(), "fitwise-e2e-"));
  // The port is chosen first so PUBLIC_URL can name it: share links and their preview tags are built from it.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...(process.env.PATH ? { PATH: process.env.PATH } : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: "warn",
      // A re-plan of the week ahead of time would only spend CI's two cores: the screens re-plan stale days when they
      // read them either way, and the server's own suites test the job queue (docs/decisions/070).
      BACKGROUND_JOBS: "false",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    process.stderr.write(chunk);
  });
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, exited, () => stderr);
    await startPlanWorker(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

/** Resolves once /healthz answers 200; rejects when the server process ends first. */
async function untilHealthy(url: string, exited: Promise<unknown>, stderr: () => string): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`The server exited before it answered:\n${stderr()}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}
