import { createHash } from "node:crypto";

/**
 * Engine seeds derived from who and what is planned: the same user, day and generation always give
 * the same plan (a repeated request is stable, and two servers agree), while a reset bumps the
 * generation and so gives another plan. 31 bits so it fits a Postgres integer.
 */
export function derivedSeed(...parts: ReadonlyArray<string | number>): number {
  return createHash("sha256").update(parts.join("\u001f")).digest().readUInt32BE(0) >>> 1;
}

/** Fingerprint of the planning inputs: a stored plan made from other inputs is stale. */
export function inputsHash(inputs: unknown): string {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex");
}
