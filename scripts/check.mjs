#!/usr/bin/env node
// `npm run check`: every guardrail (docs/decisions/016-guardrails.md) in two lanes at once. Each step
// is single-threaded and CI's machine has two cores, so type-aware ESLint (the longest step) runs
// alone in one lane and the other steps one after another in the second (docs/decisions/037). A lane
// stops at its first failing step, as `&&` would; a step's output is printed when the step ends, so
// two steps' output never interleaves. Exits 1 when any step failed.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** npm scripts of package.json, by lane. */
const LANES = [["lint"], ["check:format", "check:citations", "typecheck", "check:imports", "check:budget"]];

/** Runs one npm script with its output collected; resolves with the exit code and that output. */
function runScript(name) {
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", name], { cwd: root, shell: process.platform === "win32" });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

async function runLane(scripts) {
  const summary = [];
  for (const name of scripts) {
    const startedMs = Date.now();
    const { code, output } = await runScript(name);
    process.stdout.write(output);
    const seconds = ((Date.now() - startedMs) / 1000).toFixed(0);
    summary.push(`check: ${name} ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
    if (code !== 0) return { ok: false, summary };
  }
  return { ok: true, summary };
}

const lanes = await Promise.all(LANES.map(runLane));
for (const line of lanes.flatMap((lane) => lane.summary)) console.log(line);
process.exit(lanes.every((lane) => lane.ok) ? 0 : 1);
