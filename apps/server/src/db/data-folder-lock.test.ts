import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { DataFolderLockedError, lockDataFolder } from "./data-folder-lock";
import { createPGlite, wrapPGlite } from "./database";
import { PGliteDurability } from "./pglite-durability";

/**
 * The bundle `npm start` runs, which `npm test` builds first: it starts from the build's initdb
 * template, where the TypeScript entry would run PGlite's initdb at each of the three start-ups
 * (5–20 s each on a busy 2-core machine).
 */
const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/server.js");
/** The build's initdb output (apps/server/scripts/build.mjs): a data folder copied from it skips initdb. */
const initdbTemplate = resolve(dirname(serverEntry), "pglite-initdb");
const folders: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "fitwise-lock-"));
  folders.push(folder);
  return folder;
}

interface Started {
  child: ChildProcess;
  /** Resolves with the listening URL, or rejects with the exit code and stderr. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; stderr: string }>;
}

/** A real server process (the same entry point as npm start) on the embedded database in `dataDir`. */
function startServer(dataDir: string): Started {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !["DATABASE_URL", "REDIS_URL", "PORT", "JWT_SECRET"].includes(key))
      env[key] = value;
  }
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = once(child, "exit").then(([code]) => ({ code: code as number | null, stderr }));
  const ready = new Promise<string>((done, fail) => {
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1]) done(match[1]);
    });
    void exited.then(({ code }) => fail(new Error(`server exited with ${code}: ${stderr}`)));
  });
  ready.catch(() => {});
  return { child, ready, exited };
}

describe("one writer per embedded data folder", () => {
  it("refuses a second lock in the same folder until the first is released", async () => {
    const folder = await tempFolder();
    const first = await lockDataFolder(folder);
    await expect(lockDataFolder(folder)).rejects.toBeInstanceOf(DataFolderLockedError);
    await first.release();
    const again = await lockDataFolder(folder);
    await again.release();
  });

  it("stops a second server process with a clear message, and starts after the first is killed with -9", async () => {
    const dataDir = await tempFolder();
    const first = startServer(dataDir);
    const firstUrl = await first.ready;

    const email = `lock-${Date.now()}@example.com`;
    const signUp = await fetch(`${firstUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery staple" }),
    });
    expect(signUp.status).toBe(200);

    const second = startServer(dataDir);
    const secondExit = await second.exited;
    expect(secondExit.code).toBe(1);
    expect(secondExit.stderr).toContain("is already in use by another Fitwise server process");

    first.child.kill("SIGKILL");
    await first.exited;

    const third = startServer(dataDir);
    const thirdUrl = await third.ready;
    const signIn = await fetch(`${thirdUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery staple" }),
    });
    expect(signIn.status).toBe(200);
    third.child.kill("SIGTERM");
    expect((await third.exited).code).toBe(0);
    // Three server start-ups (each opens PGlite and migrates) on a shared 2-core machine.
  }, 120_000);
});

describe("PGlite durability", () => {
  it("flushes the WAL after every committed write, and not after reads or rolled-back work", async () => {
    const folder = await tempFolder();
    await cp(initdbTemplate, folder, { recursive: true });
    const durability = new PGliteDurability(folder);
    const db = wrapPGlite(await createPGlite({ dataDir: folder }), { durability });
    await sql`create table t (a int)`.execute(db);
    const afterCreate = durability.counts.walSyncs;
    for (let i = 0; i < 5; i += 1) await sql`insert into t values (${i})`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`insert into t values (100)`.execute(trx);
      await sql`insert into t values (101)`.execute(trx);
    });
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (200)`.execute(trx);
        throw new Error("roll back");
      })
      .catch(() => {});
    await sql`select count(*) from t`.execute(db);
    expect(durability.counts.walSyncs - afterCreate).toBe(6);
    expect(durability.counts.folderSyncs).toBeGreaterThanOrEqual(1);
    await db.destroy();

    const reopened = wrapPGlite(await createPGlite({ dataDir: folder }));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(reopened);
    await reopened.destroy();
    expect(rows[0]?.n).toBe(7);
  }, 60_000);
});
