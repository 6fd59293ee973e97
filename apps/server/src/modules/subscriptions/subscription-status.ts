import type { Database } from "../../db/database";
import type { SubscriptionRow } from "../../db/schema";

/** Provider statuses that grant Pro outright (spec §3 names active and on_trial). */
const PRO_STATUSES = new Set(["active", "on_trial"]);

/**
 * Pro = an active or trialling subscription, or a cancelled one whose paid period has not ended
 * (DESIGN.md "Payments": cancelled is valid until ends_at). Everything else (paused, past_due,
 * unpaid, expired, no row) is the free tier. `now` is an argument so tests can move time.
 */
export function isProSubscription(subscription: SubscriptionRow | null | undefined, now: Date): boolean {
  if (!subscription?.status_name) return false;
  if (PRO_STATUSES.has(subscription.status_name)) return true;
  return (
    subscription.status_name === "cancelled" && subscription.ends_at !== null && subscription.ends_at > now
  );
}

export async function getProStatus(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ isPro: boolean; subscription: SubscriptionRow | null }> {
  const subscription =
    (await db
      .selectFrom("user_subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst()) ?? null;
  return { isPro: isProSubscription(subscription, now), subscription };
}
