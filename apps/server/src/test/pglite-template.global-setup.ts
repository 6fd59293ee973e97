import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { createPGlite, wrapPGlite } from "../db/database";
import { migrate } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar dump of a PGlite database with every migration applied (openTestPGlite starts from it). */
    migratedPGliteDump: string;
  }
}

/** Written by the server build (scripts/build.mjs), which `npm test` runs first. */
const INITDB_TEMPLATE = fileURLToPath(new URL("../../dist/pglite-initdb", import.meta.url));

/**
 * Makes the migrated PGlite database every suite starts from once for the whole run, instead of once
 * per test file: initdb alone takes 5–20 s on a busy 2-core machine, and the server has ~30 test files.
 * It starts from the build's initdb template when there is one, as `npm start` does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "fitwise-test-pglite-"));
  let dataDir: string | undefined;
  if (existsSync(INITDB_TEMPLATE)) {
    dataDir = join(folder, "pg");
    await cp(INITDB_TEMPLATE, dataDir, { recursive: true });
  }
  const pglite = await createPGlite(dataDir ? { dataDir } : {});
  await migrate(wrapPGlite(pglite));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dumpFile = join(folder, "migrated.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedPGliteDump", dumpFile);
  return () => rm(folder, { recursive: true, force: true });
}
