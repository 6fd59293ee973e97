#!/usr/bin/env node
// Compiles the server for `npm start` (docs/decisions/015-server-bundle-esbuild.md).
// Usage: node apps/server/scripts/build.mjs [outDir] [--bundle-only]
//
// esbuild bundles our own code — apps/server/src and the @fitwise workspace packages, which are
// TypeScript sources — into dist/server.js and dist/plan-worker.js, and leaves every npm package
// external, so packages that load files beside themselves (PGlite's WebAssembly, argon2's native
// binary) keep working and production needs only the runtime dependencies. The SQL migrations are
// copied beside the bundle, where db/migrate.ts looks for them. Unless --bundle-only, it also runs
// PGlite's initdb into dist/pglite-initdb, the template of new data folders (INITDB_TEMPLATE in
// src/db/database.ts), again only when the PGlite version changes: initdb takes seconds and ~800 MB.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * npm packages are bundled too — one file loads much faster than hundreds — except those that load
 * files beside themselves (PGlite's WebAssembly and data, argon2's native binary) and node-postgres'
 * optional native binding, which stay imports of node_modules.
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "@node-rs/argon2",
  "pg-native",
  // HiGHS loads highs.wasm from beside its own module.
  "highs",
];

/** CommonJS packages inside an ES module bundle still call require() for Node's own modules. */
const REQUIRE_SHIM = `import { createRequire as __fitwiseCreateRequire } from "node:module"; const require = __fitwiseCreateRequire(import.meta.url);`;

async function bundle(outDir) {
  mkdirSync(outDir, { recursive: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints: {
      server: "src/server.ts",
      "plan-worker": "src/modules/plans/plan-worker.ts",
    },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    logLevel: "warning",
  });
  rmSync(join(outDir, "migrations"), { recursive: true, force: true });
  cpSync(join(serverDir, "src", "db", "migrations"), join(outDir, "migrations"), { recursive: true });
}

async function writeInitdbTemplate(outDir) {
  const require = createRequire(join(serverDir, "package.json"));
  const pgliteVersion = JSON.parse(
    readFileSync(join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json"), "utf8"),
  ).version;
  const templateDir = join(outDir, "pglite-initdb");
  const versionFile = `${templateDir}.version`;
  if (existsSync(versionFile) && readFileSync(versionFile, "utf8") === pgliteVersion) return;
  rmSync(templateDir, { recursive: true, force: true });
  rmSync(versionFile, { force: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create({ dataDir: templateDir });
  await pglite.close();
  writeFileSync(versionFile, pgliteVersion);
  console.log(`server: ran PGlite ${pgliteVersion}'s initdb into ${templateDir}`);
}

const args = process.argv.slice(2);
const outDir = resolve(args.find((arg) => !arg.startsWith("--")) ?? join(serverDir, "dist"));
await bundle(outDir);
if (!args.includes("--bundle-only")) await writeInitdbTemplate(outDir);
console.log(`server: bundled into ${outDir}`);
