import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import type { FastifyInstance } from "fastify";
import { buildApp } from "@fitwise/server/app";
import { loadConfig } from "@fitwise/server/env";
import { seedDataFolder, startPlanWorker } from "./server";

export interface InProcessServer {
  /** The running app: specs read its database (app.db) to check what the browser caused. */
  app: FastifyInstance;
  baseUrl: string;
  /** DATA_DIR: the e-mail outbox lives under it. */
  dataDir: string;
  /** Claims the stand-in Google provider puts into the next id_token (sub, email, email_verified…). */
  setGoogleClaims(claims: Record<string, unknown>): void;
  stop(): Promise<void>;
}

/** A free loopback port, so PUBLIC_URL (e-mail links, redirects) can name the port the server listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The server in the test's own process (unlike support/server.ts, which spawns `npm start`), for specs
 * that must read the database it writes to, with a local OpenID Connect provider standing in for Google.
 */
export async function startInProcessServer(name: string): Promise<InProcessServer> {
  const provider = new OAuth2Server();
  let googleClaims: Record<string, unknown> = {};
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, googleClaims);
  });
  const dataDir = await mkdtemp(join(tmpdir(), `fitwise-e2e-${name}-`));
  await seedDataFolder(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await buildApp(
    loadConfig({
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BACKGROUND_JOBS: "false",
      GOOGLE_CLIENT_ID: "fitwise-e2e",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER: (provider.issuer.url ?? "").replace(/\/+$/, ""),
    }),
    { logger: false },
  );
  await app.listen({ host: "127.0.0.1", port });
  await startPlanWorker(baseUrl);
  return {
    app,
    baseUrl,
    dataDir,
    setGoogleClaims(claims) {
      googleClaims = claims;
    },
    async stop() {
      await app.close();
      await provider.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
