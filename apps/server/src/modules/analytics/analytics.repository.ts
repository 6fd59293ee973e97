import type { Database } from "../../db/database";

export interface StoredAnalyticsEvent {
  name: string;
  properties: Record<string, string>;
}

/** One insert for the whole batch; identities keep the batch's order. */
export async function insertAnalyticsEvents(
  db: Database,
  userId: string | null,
  events: StoredAnalyticsEvent[],
): Promise<void> {
  await db
    .insertInto("analytics_events")
    .values(
      events.map((event) => ({
        user_id: userId,
        name: event.name,
        properties: JSON.stringify(event.properties),
      })),
    )
    .execute();
}

/** How long events are kept (the privacy policy says one year), with or without a user. */
export const ANALYTICS_RETENTION_DAYS = 365;

const DAY_MS = 86_400_000;

/** Deletes events older than the retention period, whoever wrote them (this module or the chat); returns how many. */
export async function deleteExpiredAnalyticsEvents(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS);
  const result = await db.deleteFrom("analytics_events").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
