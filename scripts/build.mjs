#!/usr/bin/env node
// Builds what `npm start` serves: the web app (Vite, apps/web/dist) and the server bundle (esbuild,
// apps/server/dist). Each is rebuilt only when one of its sources is newer than its output, so
// `npm install` builds once and later starts, tests and checks skip the work. `--force` rebuilds both.
// Plain JavaScript, so `npm start` needs nothing but Node to decide there is nothing to do.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Sources both builds compile in: the shared packages, and the lock file that pins their tools. */
const SHARED_INPUTS = [
  "packages/contracts/src",
  "packages/engine/src",
  "package-lock.json",
  "tsconfig.base.json",
];
/** Tests are not part of any build, so editing one does not make the output stale. */
const NOT_AN_INPUT = /\.(test|spec)\.tsx?$|\.fixture\.ts$/;

const TARGETS = [
  {
    name: "web",
    output: "apps/web/dist/.vite/manifest.json",
    inputs: [
      ...SHARED_INPUTS,
      "apps/web/src",
      "apps/web/public",
      "apps/web/scripts",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
    ],
    command: [npm, ["run", "build", "-w", "@fitwise/web"]],
  },
  {
    name: "server",
    output: "apps/server/dist/server.js",
    inputs: [...SHARED_INPUTS, "apps/server/src", "apps/server/scripts", "apps/server/package.json"],
    command: [process.execPath, ["apps/server/scripts/build.mjs"]],
  },
];

/** The newest modification time under path (a file or a folder), or 0 when it does not exist. */
function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return NOT_AN_INPUT.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtimeMs(join(path, name)));
  return newest;
}

/** Why the target must be rebuilt, or undefined when its output is newer than every source. */
function staleReason(target) {
  const output = join(root, target.output);
  if (!existsSync(output)) return "not built yet";
  const builtAt = statSync(output).mtimeMs;
  const changed = target.inputs.find((input) => newestMtimeMs(join(root, input)) > builtAt);
  return changed ? `${changed} changed` : undefined;
}

/** Rebuilds the stale targets (all with force); throws when a build fails. */
export function buildIfStale({ force = false } = {}) {
  for (const target of TARGETS) {
    const reason = force ? "forced" : staleReason(target);
    if (!reason) continue;
    console.log(`build: ${target.name} (${reason})`);
    const [command, args] = target.command;
    const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0)
      throw new Error(`build: ${target.name} failed (${relative(root, target.output)} not written)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale({ force: process.argv.includes("--force") });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
