import type { Database } from "../../db/database";
import type { SubscriptionRow } from "../../db/schema";

/** Provider statuses that grant Pro (docs/product.md §7 names active and on_trial), while their date holds. */
const PRO_STATUSES = new Set(["active", "on_trial"]);

/**
 * How long past its renewal (or trial end) an active or trialling subscription is still believed
 * without news from the provider. Lemon Squeezy sends subscription_updated and a payment event
 * within minutes of a renewal or trial end, and retries failed deliveries for about a day.
 */
export const STATUS_DATE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Pro = an active or trialling subscription whose renewal (for a trial: its end, which Lemon
 * Squeezy reports as renews_at) has not passed by more than the grace, or a cancelled one whose paid
 * period has not ended (docs/product.md §10: cancelled is valid until ends_at). Everything else
 * (paused, past_due, unpaid, expired, no row) is the free tier. `now` is an argument so tests can move time.
 */
export function isProSubscription(subscription: SubscriptionRow | null | undefined, now: Date): boolean {
  if (!subscription?.status_name) return false;
  if (PRO_STATUSES.has(subscription.status_name)) {
    const until = subscription.renew_date ?? subscription.ends_at;
    return until === null || until.getTime() + STATUS_DATE_GRACE_MS > now.getTime();
  }
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
