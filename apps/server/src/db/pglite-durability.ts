import { open, readdir, stat, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Makes PGlite commits survive a power cut (docs/decisions/019-pglite-durability.md).
 *
 * PGlite runs PostgreSQL with fsync=off, and its Node file system layer has no fsync either: a
 * commit is in the operating system's page cache when it is acknowledged, so kill -9 loses nothing
 * but a power cut can. After every committed write this flushes the WAL segment holding the commit
 * (as PostgreSQL itself does at commit with fsync=on); when a checkpoint has rewritten pg_control,
 * every file of the folder is flushed first, since the WAL before a checkpoint may be recycled.
 */
export class PGliteDurability {
  readonly #dataDir: string;
  #segment: { name: string; handle: FileHandle } | undefined;
  #controlMtimeMs = 0;
  /** Flushes done: WAL segment fsyncs and whole-folder syncs (the benchmark reports them). */
  readonly counts = { commits: 0, walSyncs: 0, folderSyncs: 0 };

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  /** Called with the connection still held, after a commit (or a write outside a transaction). */
  async afterCommit(pg: PGlite): Promise<void> {
    this.counts.commits += 1;
    const control = await stat(join(this.#dataDir, "global", "pg_control"));
    if (control.mtimeMs !== this.#controlMtimeMs) {
      await this.#syncFolder(this.#dataDir);
      this.#controlMtimeMs = control.mtimeMs;
      this.counts.folderSyncs += 1;
    }
    const { rows } = await pg.query<{ name: string }>("select pg_walfile_name(pg_current_wal_lsn()) as name");
    const name = rows[0]?.name;
    if (!name) return;
    if (this.#segment?.name !== name) {
      // The commit may span the end of the previous segment; a new file also needs its directory entry flushed.
      await this.#segment?.handle.sync();
      await this.#segment?.handle.close();
      this.#segment = { name, handle: await open(join(this.#dataDir, "pg_wal", name), "r") };
      await syncPath(join(this.#dataDir, "pg_wal"));
    }
    await this.#segment.handle.sync();
    this.counts.walSyncs += 1;
  }

  async #syncFolder(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await this.#syncFolder(path);
      else if (entry.isFile()) await syncPath(path);
    }
    await syncPath(folder);
  }

  /** After PGlite has closed (its shutdown checkpoint rewrote data files and pg_control). */
  async close(): Promise<void> {
    await this.#segment?.handle.close();
    this.#segment = undefined;
    await this.#syncFolder(this.#dataDir);
  }
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
