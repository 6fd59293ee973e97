import type { Selectable } from "kysely";
import type { Database } from "../../db/database";
import type {
  PaymentCheckoutsTable,
  PaymentSubscriptionsTable,
  SubscriptionRow,
  User,
  WebhookEventsTable,
} from "../../db/schema";
import type { SubscriptionState, SubscriptionStatus } from "./lemonsqueezy.webhook";

export type PaymentCheckout = Selectable<PaymentCheckoutsTable>;
export type PaymentDetails = Selectable<PaymentSubscriptionsTable>;
export type Provider = PaymentDetails["provider"];

export async function userExists(db: Database, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** Locks the row for the rest of the transaction, so two events for one user apply one after the other. */
export async function lockSubscription(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom("user_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findUserIdBySubscription(
  db: Database,
  subscriptionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("user_subscriptions")
    .select("user_id")
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  return row?.user_id;
}

export async function findPaymentDetails(db: Database, userId: string): Promise<PaymentDetails | undefined> {
  return db.selectFrom("payment_subscriptions").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** The user's subscription becomes exactly `state` (the provider's latest description of it). */
export async function writeSubscriptionState(
  db: Database,
  userId: string,
  state: SubscriptionState,
  provider: Provider,
  now: Date,
): Promise<void> {
  const values = {
    subscription_id: state.subscriptionId,
    status_name: state.status,
    manually_cancelled: state.manuallyCancelled ? "true" : "false",
    renew_date: state.renewDate,
    ends_at: state.endsAt,
    variant: state.variant,
    updated_at: now,
    last_event_at: state.updatedAt,
  };
  await db
    .insertInto("user_subscriptions")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
  const details = {
    subscription_id: state.subscriptionId,
    provider,
    trial_ends_at: state.trialEndsAt,
    updated_at: now,
  };
  await db
    .insertInto("payment_subscriptions")
    .values({ user_id: userId, ...details })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(details))
    .execute();
}

export async function writeSubscriptionStatus(
  db: Database,
  userId: string,
  status: SubscriptionStatus,
  eventAt: Date,
  now: Date,
): Promise<void> {
  await db
    .updateTable("user_subscriptions")
    .set({ status_name: status, last_event_at: eventAt, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/** Records the event id; false when it was already recorded (a repeated delivery). */
export async function claimWebhookEvent(
  db: Database,
  event: { eventId: string; eventName: string; payloadSha256: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("webhook_events")
    .values({
      event_id: event.eventId,
      event_name: event.eventName,
      payload_sha256: event.payloadSha256,
      outcome: "ignored",
    })
    .onConflict((conflict) => conflict.column("event_id").doNothing())
    .returning("event_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setWebhookOutcome(
  db: Database,
  eventId: string,
  outcome: WebhookEventsTable["outcome"],
  subscriptionId: string | null,
  userId: string | null,
): Promise<void> {
  await db
    .updateTable("webhook_events")
    .set({ outcome, subscription_id: subscriptionId, user_id: userId })
    .where("event_id", "=", eventId)
    .execute();
}

export async function insertCheckout(
  db: Database,
  checkout: Omit<PaymentCheckout, "created_at" | "completed_at">,
): Promise<void> {
  await db.insertInto("payment_checkouts").values(checkout).execute();
}

export async function findOpenCheckout(
  db: Database,
  checkoutId: string,
  now: Date,
): Promise<PaymentCheckout | undefined> {
  return db
    .selectFrom("payment_checkouts")
    .selectAll()
    .where("checkout_id", "=", checkoutId)
    .where("completed_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Marks the checkout paid; undefined when it was already used or has expired (a double submit). */
export async function completeCheckout(
  db: Database,
  checkoutId: string,
  now: Date,
): Promise<PaymentCheckout | undefined> {
  return db
    .updateTable("payment_checkouts")
    .set({ completed_at: now })
    .where("checkout_id", "=", checkoutId)
    .where("completed_at", "is", null)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

export async function insertCancellation(
  db: Database,
  cancellation: { userId: string; subscriptionId: string; reason: string },
): Promise<void> {
  await db
    .insertInto("subscription_cancellations")
    .values({
      user_id: cancellation.userId,
      subscription_id: cancellation.subscriptionId,
      reason: cancellation.reason,
    })
    .execute();
}

/**
 * Ends every subscription bought through the test checkout (PAYMENTS_PROVIDER=test) that still
 * grants Pro: run when the server starts with a real provider, where a test payment is worth nothing.
 * Answers how many were ended.
 */
export async function endTestProviderSubscriptions(db: Database, now: Date): Promise<number> {
  const ended = await db
    .updateTable("user_subscriptions")
    .set({ status_name: "expired", renew_date: null, ends_at: now, updated_at: now, last_event_at: now })
    .where("status_name", "in", ["active", "on_trial", "cancelled"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("payment_subscriptions")
          .select("payment_subscriptions.user_id")
          .whereRef("payment_subscriptions.user_id", "=", "user_subscriptions.user_id")
          .whereRef("payment_subscriptions.subscription_id", "=", "user_subscriptions.subscription_id")
          .where("payment_subscriptions.provider", "=", "test"),
      ),
    )
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/** Whether the user has proved they own their e-mail address (migration 009). */
export async function isEmailVerified(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("email_verified_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

export async function findUser(db: Database, userId: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}
