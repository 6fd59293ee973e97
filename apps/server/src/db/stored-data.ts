import type { z } from "zod";

/** Where a stored value came from, for the log line: never the value itself. */
export interface StoredDataPlace {
  table: string;
  column: string;
  /** The row's key, e.g. "<user id> day 3". */
  row: string;
}

/**
 * A stored JSON value that no longer matches its contract: written by an older release, or edited by hand.
 * The message names the place and the issue paths (zod's messages state expectations, not the values), so
 * the log says what to repair while the client only sees a generic 500 (http/errors.ts).
 */
export class StoredDataError extends Error {
  readonly place: StoredDataPlace;

  constructor(place: StoredDataPlace, issues: readonly z.core.$ZodIssue[]) {
    const detail = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(value)"}: ${issue.message}`)
      .join("; ");
    super(`stored ${place.table}.${place.column} of ${place.row} does not match its contract: ${detail}`);
    this.name = "StoredDataError";
    this.place = place;
  }
}

/**
 * Reads a JSON column through the contracts' schema, so the services never run on a shape the
 * types only claim. The drivers hand jsonb back already parsed; this checks it, it does not decode it.
 */
export function parseStored<S extends z.ZodType>(
  schema: S,
  value: unknown,
  place: StoredDataPlace,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new StoredDataError(place, result.error.issues);
  return result.data;
}
