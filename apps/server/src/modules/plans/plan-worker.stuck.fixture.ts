import { parentPort } from "node:worker_threads";
import { createPlanJobRunner } from "./plan-jobs";
import type { FromWorker, ToWorker } from "./plan-worker";

/** A plan worker whose meal solves never finish (a stuck CPU loop), for the pool's time-limit tests. */
const port = parentPort;
if (port === null) throw new Error("must run in a worker thread");
const run = await createPlanJobRunner();
port.postMessage({ type: "ready" } satisfies FromWorker);
port.on("message", ({ id, job }: ToWorker) => {
  if (job.kind === "meal-plan") {
    for (;;) {
      // Spins until the pool terminates this worker.
    }
  }
  port.postMessage({ type: "result", id, outcome: run(job) } satisfies FromWorker);
});
