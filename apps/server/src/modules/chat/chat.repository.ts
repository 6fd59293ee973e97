import type { ChatSender } from "@fitwise/contracts/chat";
import type { Database } from "../../db/database";

export interface StoredChatMessage {
  sender: ChatSender;
  content: string;
  created_at: Date;
}

/** The newest `limit` messages of a user, returned oldest first. */
export async function listChatMessages(
  db: Database,
  userId: string,
  limit: number,
): Promise<StoredChatMessage[]> {
  const rows = await db
    .selectFrom("chat_messages")
    .select(["sender", "content", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function countChatMessages(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Stores a user message and its answer; the answer gets a later timestamp so the order survives any sort. */
export async function insertChatExchange(
  db: Database,
  userId: string,
  exchange: { userMessage: string; reply: string; at: Date },
): Promise<void> {
  await db
    .insertInto("chat_messages")
    .values([
      { user_id: userId, sender: "user", content: exchange.userMessage, created_at: exchange.at },
      {
        user_id: userId,
        sender: "assistant",
        content: exchange.reply,
        created_at: new Date(exchange.at.getTime() + 1),
      },
    ])
    .execute();
}

export async function deleteChatMessages(db: Database, userId: string): Promise<number> {
  const result = await db.deleteFrom("chat_messages").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordAnalyticsEvent(
  db: Database,
  event: { userId: string | null; name: string; properties: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto("analytics_events")
    .values({ user_id: event.userId, name: event.name, properties: JSON.stringify(event.properties) })
    .execute();
}

/** Marks a stored day as planned from `inputsHash` without touching its items (they were checked against those inputs). */
export async function setMealPlanInputsHash(
  trx: Database,
  change: { userId: string; dayIndex: number; inputsHash: string },
): Promise<void> {
  await trx
    .updateTable("meal_plans")
    .set({ inputs_hash: change.inputsHash })
    .where("user_id", "=", change.userId)
    .where("day_index", "=", change.dayIndex)
    .execute();
}
