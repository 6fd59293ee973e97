import { parentPort } from "node:worker_threads";
import { createPlanJobRunner, WARM_UP_JOBS, type PlanJob } from "./plan-jobs";

/** Protocol: the worker posts `{ type: "ready" }` once warm, then answers each `{ id, job }` with `{ id, outcome }` or `{ id, error }`. */
export type ToWorker = { id: number; job: PlanJob };
export type FromWorker =
  | { type: "ready" }
  | { type: "result"; id: number; outcome: unknown }
  | { type: "failed"; id: number; error: string };

const port = parentPort;
if (port === null) throw new Error("plan-worker.ts must run in a worker thread");

const run = await createPlanJobRunner();
for (const job of WARM_UP_JOBS) run(job);
port.postMessage({ type: "ready" } satisfies FromWorker);

port.on("message", ({ id, job }: ToWorker) => {
  let message: FromWorker;
  try {
    message = { type: "result", id, outcome: run(job) };
  } catch (error) {
    message = { type: "failed", id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
});
