import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { buildApp } from "@fitwise/server/app";
import { loadConfig } from "@fitwise/server/env";

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

/**
 * Starts the real server on 127.0.0.1 and a free port, with a fresh temporary DATA_DIR (so an
 * embedded PGlite database) and the built web app. The environment is built here, not inherited,
 * so a DATABASE_URL set for the server's integration tests never leaks into browser tests.
 */
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

export async function startServer(
  options: {
    env?: Record<string, string>;
    /** Another build of the web app to serve (e.g. a copy a test changes), instead of apps/web/dist. */
    webDistDir?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "fitwise-e2e-"));
  // The port is chosen first so PUBLIC_URL can name it: share links and their preview tags are built from it.
  const port = await freePort();
  const config = {
    ...loadConfig({
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    }),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  };
  if (!existsSync(join(config.webDistDir, "index.html"))) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`The web app is not built (${config.webDistDir}). Run: npm run build -w @fitwise/web`);
  }
  await seedDataFolder(dataDir);
  const app = await buildApp(config, { logger: false });
  const url = (await app.listen({ host: "127.0.0.1", port })).replace(/\/+$/, "");
  await startPlanWorker(url);
  return {
    url,
    dataDir,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
