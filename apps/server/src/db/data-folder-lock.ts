import { createHash } from "node:crypto";
import { mkdirSync, rmdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * One writer per embedded data folder. Two PGlite processes on one folder each keep their own view
 * of the files and overwrite each other's writes, so the second must not start.
 *
 * The lock is a Unix socket this process listens on inside the folder. The kernel closes it when the
 * process ends in any way (kill -9 included); the file stays, but nothing answers on it, so a later
 * start finds it stale and takes it over. The take-over itself runs under a short mkdir mutex so two
 * processes starting at once after a crash cannot both win.
 */

export class DataFolderLockedError extends Error {
  constructor(folder: string) {
    super(
      `The data folder ${folder} is already in use by another Fitwise server process. ` +
        "Stop that process, or give this one its own DATA_DIR (or a DATABASE_URL to share one PostgreSQL database).",
    );
    this.name = "DataFolderLockedError";
  }
}

export interface DataFolderLock {
  release(): Promise<void>;
}

/** sun_path holds 108 bytes on Linux (104 on macOS); longer folder paths lock through a socket in the temp folder. */
const MAX_SOCKET_PATH = 100;
/** A take-over mutex older than this was left by a process that died inside the few milliseconds it is held. */
const STALE_MUTEX_MS = 10_000;
const MUTEX_ATTEMPTS = 200;

function socketPathFor(folder: string): string {
  const inFolder = join(folder, "server.lock");
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  const digest = createHash("sha256").update(resolve(folder)).digest("hex").slice(0, 32);
  return join(tmpdir(), `fitwise-${digest}.lock`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Whether a live process answers on the socket (ECONNREFUSED or ENOENT: nobody). */
function answers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(path);
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

function listen(path: string): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer((socket) => socket.destroy());
    server.once("error", fail);
    server.listen(path, () => {
      server.off("error", fail);
      // The lock never keeps the process alive on its own.
      server.unref();
      done(server);
    });
  });
}

async function withMutex<T>(path: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ageMs = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (ageMs > STALE_MUTEX_MS || attempt >= MUTEX_ATTEMPTS) rmSync(path, { recursive: true, force: true });
      else await sleep(10);
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(path);
  }
}

/** Takes the folder's lock or throws DataFolderLockedError; release() (or the process ending) frees it. */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  mkdirSync(folder, { recursive: true });
  const socketPath = socketPathFor(folder);
  const server = await withMutex(`${socketPath}.mutex`, async () => {
    try {
      return await listen(socketPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
    if (await answers(socketPath)) throw new DataFolderLockedError(folder);
    // Left by a process that ended without releasing it (kill -9, power cut).
    unlinkSync(socketPath);
    return listen(socketPath);
  });
  return {
    release: () =>
      new Promise<void>((done) => {
        // Closing a listening Unix socket removes its file.
        server.close(() => done());
      }),
  };
}
