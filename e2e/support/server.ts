import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "@fitwise/server/app";
import { loadConfig } from "@fitwise/server/env";

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server on 127.0.0.1 and a free port, with a fresh temporary DATA_DIR (so an
 * embedded PGlite database) and the built web app. The environment is built here, not inherited,
 * so a DATABASE_URL set for the server's integration tests never leaks into browser tests.
 */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "fitwise-e2e-"));
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...options.env,
  });
  if (!existsSync(join(config.webDistDir, "index.html"))) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`The web app is not built (${config.webDistDir}). Run: npm run build -w @fitwise/web`);
  }
  const app = await buildApp(config, { logger: false });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url: address.replace(/\/+$/, ""),
    dataDir,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
