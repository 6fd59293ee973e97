import type { Database } from "./database";

/**
 * PostgreSQL's serialization failure and deadlock codes: the transaction was rolled back as a whole
 * and running it again is safe and likely to succeed (PostgreSQL manual, "Serialization Failure
 * Handling"). PGlite has one connection, so it never reports them.
 */
export const RETRYABLE_SQLSTATES = new Set(["40001", "40P01"]);

/** Attempts in all, the first included: enough for a burst of one user's tabs, bounded for the rest. */
export const TRANSACTION_ATTEMPTS = 4;

function sqlState(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  return RETRYABLE_SQLSTATES.has(sqlState(error) ?? "");
}

/**
 * Runs `work` in a transaction, running it again (up to TRANSACTION_ATTEMPTS in all, after a short
 * random pause that keeps the rivals from meeting again) when the database rolled it back for a
 * deadlock or a serialization failure. The one place such failures are retried: `work` must only
 * touch the database through `trx` (it may run more than once). Any other error, and the last
 * retryable one, is thrown as it is.
 */
export async function inTransaction<T>(
  db: Database,
  work: (trx: Database) => Promise<T>,
  onRetry?: (attempt: number, error: unknown) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      onRetry?.(attempt, error);
      const pauseMs = 5 + Math.random() * 20 * attempt;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
