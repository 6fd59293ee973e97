import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { createPlanJobRunner, type PlanJob, type PlanJobOutcome, type PlanJobRunner } from "./plan-jobs";
import type { FromWorker, ToWorker, WorkerData } from "./plan-worker";

/**
 * Plan solves are CPU-bound (hundreds of ms on a loaded 2-core machine), so they run in worker
 * threads: a solve never blocks the event loop that serves every other request. The pool is small
 * (1–2 workers) because the machine is small and the server scales by processes (docs/product.md §10).
 */
export interface PlanRunOptions {
  /**
   * The next job of a request whose earlier job just ran (a reset trying another seed): it goes to
   * the front of the queue and is never refused as queue_full, so work already done is not thrown away.
   */
  resume?: boolean;
}

export interface PlanPool {
  /** `owner` (the user) is held to the per-user limits; jobs without one (the trainer's) are not. */
  run<J extends PlanJob>(job: J, owner?: string, options?: PlanRunOptions): Promise<PlanJobOutcome<J>>;
  /** True while a new job would be refused as queue_full: callers refuse before doing any work for it. */
  saturated(): boolean;
  /** Jobs running and queued at most (workers + queue places); callers admit no more solving requests. */
  capacity(): number;
  /** Starts the workers and resolves once they are warm, or once the pool has fallen back to in-thread solves. */
  warm(): Promise<void>;
  close(): Promise<void>;
  /** "workers" normally; "inline" while workers cannot start (solves then run on the request thread). */
  mode(): "workers" | "inline";
}

/** The job did not finish in time, its worker died, or the queue is full: the caller answers 503 and the user retries. */
export class PlanningBusyError extends Error {
  readonly reason: "queue_full" | "waited_too_long" | "timeout" | "worker_stopped";

  constructor(reason: PlanningBusyError["reason"] = "queue_full") {
    super("Planning is busy, please retry");
    this.name = "PlanningBusyError";
    this.reason = reason;
  }
}

/** One user asked for more solves than their share: answered 429 before the job takes a place in the queue. */
export class PlanningLimitError extends Error {
  readonly retryAfterS: number;

  constructor(message: string, retryAfterS: number) {
    super(message);
    this.name = "PlanningLimitError";
    this.retryAfterS = retryAfterS;
  }
}

export interface PlanPoolEvents {
  warn(detail: Record<string, unknown>, message: string): void;
}

export interface WorkerPlanPoolOptions {
  /** Default: one worker per spare core, 1 to 2. */
  size?: number;
  /** Per job, from hand-over to a warm worker; past it the worker is replaced and the job answered busy. */
  jobTimeoutMs?: number;
  /** A worker that is not warm by then counts as unable to start (from sources, tsx compiles the engine on first load). */
  startTimeoutMs?: number;
  /** Jobs allowed to wait; more are refused at once rather than queued behind minutes of work. */
  maxQueue?: number;
  /** A job still queued after this long is refused (its user has waited enough; a retry is better). */
  maxQueueWaitMs?: number;
  /** Jobs one user may have queued or running at once. */
  perOwnerConcurrent?: number;
  /** Jobs one user may start per minute. */
  perOwnerPerMinute?: number;
  /** After workers failed to start, solve in-thread for this long before trying workers again. */
  retryWorkersAfterMs?: number;
  workerUrl?: URL;
  /** Niceness of the worker threads (default WORKER_NICE; Linux only, elsewhere ignored). */
  workerNice?: number;
  events?: PlanPoolEvents;
  now?: () => number;
}

/**
 * Measured solves take 0.1–1 s here, and up to about 2.5 s on a loaded machine when the exact HiGHS fallback runs after
 * the search (docs/decisions/029: its own limit is 1 s, model building and the search come on top); 4 s is generous yet keeps a
 * stuck solve from holding a request.
 */
export const DEFAULT_JOB_TIMEOUT_MS = 4_000;
const DEFAULT_START_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_QUEUE = 32;
/**
 * A fresh solve takes 10–300 ms on an idle machine but several times that on a busy 2-core one; 10 s in the queue
 * means the pool is saturated, while a busy but working server still answers rather than refusing.
 */
const DEFAULT_MAX_QUEUE_WAIT_MS = 10_000;
/** A screen may ask for a meal and a workout plan at once; more at once is a repeat or a flood. */
const DEFAULT_PER_OWNER_CONCURRENT = 2;
/** Far above what the screens ask for (a reset or a replacement per click), far below a flood. */
const DEFAULT_PER_OWNER_PER_MINUTE = 30;
const DEFAULT_RETRY_WORKERS_AFTER_MS = 30_000;
/**
 * Niceness of the solving threads (0: the process's own; up to 19, the lowest). Measured with
 * bench:load on this 2-core machine: at 10, the flooded reader was no faster than at 0 (held
 * refusals and the read caches already keep it at its idle latency), while solves at 100
 * connections fell to a quarter of the best rate: the database work done for the requests
 * waiting on a solve outranked the solve itself. So the default leaves the priority alone.
 */
export const WORKER_NICE = 0;
/** A solve needs tens of MB; the cap keeps a runaway worker from taking the server's memory with it. */
const WORKER_HEAP_LIMIT_MB = 256;

export function defaultPoolSize(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

/**
 * `npm start` runs the esbuild bundle, where this module is part of dist/server.js and the worker is
 * dist/plan-worker.js beside it; tests and `npm run dev` run the TypeScript sources, where the worker
 * is plan-worker.ts beside this file.
 */
function defaultWorkerUrl(): URL {
  const compiled = import.meta.url.endsWith(".js");
  return new URL(compiled ? "./plan-worker.js" : "./plan-worker.ts", import.meta.url);
}

/**
 * A TypeScript worker needs tsx inside the worker thread. On Node 20, `execArgv: ["--import",
 * "tsx"]` does not reach a worker's module loader (ERR_UNKNOWN_FILE_EXTENSION), so a small bootstrap
 * registers tsx's loader inside the worker and then imports the worker module. A compiled worker
 * (.js) starts directly, with nothing but Node.
 */
function startWorker(workerUrl: URL, nice: number): Worker {
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB },
    workerData: { nice } satisfies WorkerData,
  };
  if (!workerUrl.pathname.endsWith(".ts")) return new Worker(workerUrl, options);
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

interface Pending {
  id: number;
  job: PlanJob;
  queuedAtMs: number;
  resolve(outcome: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  current?: Pending;
  timer?: NodeJS.Timeout;
}

/** Solves on the calling thread: the fallback, and what tests inject when they do not exercise workers. */
export function createInlinePlanPool(): PlanPool {
  let runner: Promise<PlanJobRunner> | undefined;
  const getRunner = () => (runner ??= createPlanJobRunner());
  return {
    async run(job) {
      const run = await getRunner();
      return run(job) as PlanJobOutcome<typeof job>;
    },
    async warm() {
      await getRunner();
    },
    async close() {},
    saturated: () => false,
    capacity: () => Infinity,
    mode: () => "inline",
  };
}

export function createWorkerPlanPool(options: WorkerPlanPoolOptions = {}): PlanPool {
  const size = options.size ?? defaultPoolSize();
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  const retryAfterMs = options.retryWorkersAfterMs ?? DEFAULT_RETRY_WORKERS_AFTER_MS;
  const maxQueueWaitMs = options.maxQueueWaitMs ?? DEFAULT_MAX_QUEUE_WAIT_MS;
  const owners = ownerLimits(
    options.perOwnerConcurrent ?? DEFAULT_PER_OWNER_CONCURRENT,
    options.perOwnerPerMinute ?? DEFAULT_PER_OWNER_PER_MINUTE,
    options.now ?? Date.now,
  );
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const workerNice = options.workerNice ?? WORKER_NICE;
  const now = options.now ?? Date.now;
  const inline = createInlinePlanPool();

  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let warmWaiters: Array<() => void> = [];
  let inlineUntil = 0;
  let nextId = 1;
  let closed = false;

  const settleWarmWaiters = () => {
    if (slots.some((slot) => !slot.ready) && now() >= inlineUntil) return;
    const waiters = warmWaiters;
    warmWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const runQueuedInline = () => {
    for (const pending of queue.splice(0)) inline.run(pending.job).then(pending.resolve, pending.reject);
  };

  const retire = (slot: Slot) => {
    slot.dead = true;
    clearTimeout(slot.timer);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (!slot.ready || slot.dead || slot.current) continue;
      let pending = queue.shift();
      while (pending && now() - pending.queuedAtMs > maxQueueWaitMs) {
        pending.reject(new PlanningBusyError("waited_too_long"));
        pending = queue.shift();
      }
      if (!pending) return;
      slot.current = pending;
      slot.timer = setTimeout(() => {
        options.events?.warn(
          { jobKind: pending.job.kind, timeoutMs: jobTimeoutMs },
          "plan job timed out; replacing its worker",
        );
        retire(slot);
        void slot.worker.terminate();
        pending.reject(new PlanningBusyError("timeout"));
        if (queue.length > 0) spawnMissing();
      }, jobTimeoutMs);
      slot.worker.postMessage({ id: pending.id, job: pending.job } satisfies ToWorker);
    }
  };

  const startFailed = (slot: Slot | undefined, reason: unknown) => {
    if (slot) retire(slot);
    if (closed) return;
    options.events?.warn({ err: reason }, "plan workers could not start; solving in-thread for now");
    inlineUntil = now() + retryAfterMs;
    for (const other of [...slots]) {
      if (other.ready) continue;
      retire(other);
      void other.worker.terminate();
    }
    if (slots.length === 0) runQueuedInline();
    settleWarmWaiters();
  };

  const spawn = () => {
    let worker: Worker;
    try {
      worker = startWorker(workerUrl, workerNice);
    } catch (error) {
      startFailed(undefined, error);
      return;
    }
    // Workers never keep the process alive on their own; close() ends them.
    worker.unref();
    const slot: Slot = { worker, ready: false, dead: false };
    slots.push(slot);
    const startTimer = setTimeout(() => {
      if (slot.ready || slot.dead) return;
      void worker.terminate();
      startFailed(slot, new Error(`plan worker not ready after ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    startTimer.unref();

    worker.on("message", (message: FromWorker) => {
      if (message.type === "ready") {
        clearTimeout(startTimer);
        slot.ready = true;
        settleWarmWaiters();
        dispatch();
        return;
      }
      const pending = slot.current;
      if (!pending || pending.id !== message.id) return;
      clearTimeout(slot.timer);
      slot.current = undefined;
      if (message.type === "result") pending.resolve(message.outcome);
      else pending.reject(new Error(`plan job failed in worker: ${message.error}`));
      dispatch();
    });
    const onGone = (reason: unknown) => {
      clearTimeout(startTimer);
      if (slot.dead) return;
      if (!slot.ready) {
        startFailed(slot, reason);
        return;
      }
      const pending = slot.current;
      retire(slot);
      if (closed) return;
      options.events?.warn({ err: reason }, "plan worker stopped; starting another");
      pending?.reject(new PlanningBusyError("worker_stopped"));
      spawnMissing();
    };
    worker.on("error", onGone);
    worker.on("exit", (code) => onGone(new Error(`plan worker exited with code ${code}`)));
  };

  const spawnMissing = () => {
    if (closed || now() < inlineUntil) return;
    while (slots.length < size) {
      const before = slots.length;
      spawn();
      if (slots.length === before) return;
    }
  };

  return {
    run<J extends PlanJob>(
      job: J,
      owner?: string,
      runOptions: PlanRunOptions = {},
    ): Promise<PlanJobOutcome<J>> {
      if (closed) return Promise.reject(new Error("the plan pool is closed"));
      let release: () => void;
      try {
        release = owner === undefined ? () => {} : owners.admit(owner);
      } catch (error) {
        return Promise.reject(error);
      }
      const run = (): Promise<PlanJobOutcome<J>> => {
        if (now() < inlineUntil) return inline.run(job);
        if (!runOptions.resume && queue.length >= maxQueue)
          return Promise.reject(new PlanningBusyError("queue_full"));
        return new Promise<PlanJobOutcome<J>>((resolve, reject) => {
          const pending = { id: nextId++, job, queuedAtMs: now(), resolve, reject };
          if (runOptions.resume) queue.unshift(pending);
          else queue.push(pending);
          spawnMissing();
          if (slots.length === 0) runQueuedInline();
          else dispatch();
        });
      };
      return run().finally(release);
    },
    warm() {
      spawnMissing();
      const done = new Promise<void>((resolve) => warmWaiters.push(resolve));
      settleWarmWaiters();
      return done;
    },
    async close() {
      closed = true;
      // Jobs cut short by a shutdown are answered busy (503, retry): another instance, or this one
      // restarted, can make the plan; a 500 would say something is broken.
      for (const pending of queue.splice(0)) pending.reject(new PlanningBusyError("worker_stopped"));
      const workers = slots.splice(0).map((slot) => {
        slot.dead = true;
        clearTimeout(slot.timer);
        slot.current?.reject(new PlanningBusyError("worker_stopped"));
        return slot.worker.terminate();
      });
      await Promise.all(workers);
      settleWarmWaiters();
    },
    saturated: () => now() >= inlineUntil && queue.length >= maxQueue,
    capacity: () => (now() < inlineUntil ? Infinity : size + maxQueue),
    mode: () => (now() < inlineUntil ? "inline" : "workers"),
  };
}

/**
 * Per-user admission: at most `concurrent` jobs queued or running and `perMinute` started in any
 * minute (a fixed window), so one user's flood takes one place in the queue, not all of them.
 */
function ownerLimits(concurrent: number, perMinute: number, now: () => number) {
  const running = new Map<string, number>();
  const windows = new Map<string, { startMs: number; count: number }>();
  return {
    /** Takes a place for `owner` or throws PlanningLimitError; the returned function gives it back. */
    admit(owner: string): () => void {
      const inFlight = running.get(owner) ?? 0;
      if (inFlight >= concurrent) {
        throw new PlanningLimitError("Your previous plan is still being made. Please wait for it.", 1);
      }
      const nowMs = now();
      let window = windows.get(owner);
      if (!window || nowMs - window.startMs >= 60_000) {
        window = { startMs: nowMs, count: 0 };
        windows.set(owner, window);
        // Forget windows that have ended, so the map holds only this minute's users.
        if (windows.size > 10_000) {
          for (const [key, value] of windows) if (nowMs - value.startMs >= 60_000) windows.delete(key);
        }
      }
      if (window.count >= perMinute) {
        const retryAfterS = Math.max(1, Math.ceil((window.startMs + 60_000 - nowMs) / 1000));
        throw new PlanningLimitError(
          "You have made many plans in the last minute. Please wait a little.",
          retryAfterS,
        );
      }
      window.count += 1;
      running.set(owner, inFlight + 1);
      return () => {
        const left = (running.get(owner) ?? 1) - 1;
        if (left <= 0) running.delete(owner);
        else running.set(owner, left);
      };
    },
  };
}
