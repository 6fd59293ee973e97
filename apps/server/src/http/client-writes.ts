import { CLIENT_ID_REUSED } from "@fitwise/contracts/progress";
import type { Database } from "../db/database";
import { HttpError } from "./errors";

/**
 * Applies a write once per browser-made id (docs/decisions/047, migration 015). The id is claimed and
 * the write applied in one transaction: a replay, even one racing the first arrival, waits on the
 * claim's key and then gets the first answer, with nothing written again. A write that fails rolls
 * its claim back, so a later attempt is applied afresh. Without an id the write is simply applied.
 */
export async function applyOnce<T>(
  db: Database,
  userId: string,
  functionName: string,
  clientId: string | undefined,
  apply: (db: Database) => Promise<T>,
): Promise<T> {
  if (clientId === undefined) return apply(db);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("client_writes")
      .values({ user_id: userId, client_id: clientId, function_name: functionName })
      .onConflict((conflict) => conflict.columns(["user_id", "client_id"]).doNothing())
      .returning("client_id")
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom("client_writes")
        .select(["function_name", "response"])
        .where("user_id", "=", userId)
        .where("client_id", "=", clientId)
        .executeTakeFirstOrThrow();
      if (first.function_name !== functionName || first.response === null) {
        throw new HttpError(409, CLIENT_ID_REUSED, "This client_id was already used for another write.");
      }
      return first.response as T;
    }
    const answer = await apply(trx);
    await trx
      .updateTable("client_writes")
      .set({ response: JSON.stringify(answer) })
      .where("user_id", "=", userId)
      .where("client_id", "=", clientId)
      .execute();
    return answer;
  });
}
