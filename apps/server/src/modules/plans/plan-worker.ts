import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createPlanJobRunner, WARM_UP_JOBS, type PlanJob } from "./plan-jobs";

/** Protocol: the worker posts `{ type: "ready" }` once warm, then answers each `{ id, job }` with `{ id, outcome }` or `{ id, error }`. */
export type ToWorker = { id: number; job: PlanJob };
export type FromWorker =
  | { type: "ready" }
  | { type: "result"; id: number; outcome: unknown }
  | { type: "failed"; id: number; error: string };

/** Given by the pool when it starts the worker. */
export interface WorkerData {
  /** Niceness for this thread (plan-pool.ts WORKER_NICE); 0 leaves it as the process's. */
  nice: number;
}

const port = parentPort;
if (port === null) throw new Error("plan-worker.ts must run in a worker thread");

/**
 * Linux gives each thread its own id and niceness (/proc/thread-self names the thread). Elsewhere,
 * or where lowering is not allowed, the worker keeps the process's priority: slower reads under a
 * flood, never a failed start.
 */
function lowerOwnPriority(nice: number): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, nice);
  } catch {
    return;
  }
}

const { nice } = workerData as WorkerData;
if (nice !== 0) lowerOwnPriority(nice);
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
