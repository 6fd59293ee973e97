import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Lemon Squeezy's webhook format and the subscription resource it carries
 * (https://docs.lemonsqueezy.com/help/webhooks, .../api/subscriptions). The same resource shape is
 * answered by its subscription API, so cancel, resume and restore reuse `subscriptionStateOf`.
 */

/** Every subscription status Lemon Squeezy documents (docs/product.md §10). */
export const SUBSCRIPTION_STATUSES = [
  "on_trial",
  "active",
  "paused",
  "past_due",
  "unpaid",
  "cancelled",
  "expired",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Events whose body is the subscription itself: its attributes are the whole new state. */
export const SUBSCRIPTION_EVENTS = [
  "subscription_created",
  "subscription_updated",
  "subscription_cancelled",
  "subscription_resumed",
  "subscription_expired",
  "subscription_paused",
  "subscription_unpaused",
] as const;

/**
 * Events whose body is a subscription invoice: they say only whether a payment went through, so
 * they change the status and nothing else (Lemon Squeezy follows them with subscription_updated).
 */
export const INVOICE_EVENT_STATUS: Record<string, SubscriptionStatus> = {
  subscription_payment_success: "active",
  subscription_payment_recovered: "active",
  subscription_payment_failed: "past_due",
};

/** HMAC-SHA256 hex digest of the raw body: how Lemon Squeezy fills X-Signature. */
export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Compares in constant time, so the response time says nothing about how much of a guess was right. */
export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]+$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

const IdSchema = z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String);
/** Lemon Squeezy writes microseconds ("2021-08-11T13:47:27.000000Z"); a Date keeps milliseconds. */
const DateSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const NullableDateSchema = DateSchema.nullable().optional();

const SubscriptionAttributesSchema = z.looseObject({
  status: z.enum(SUBSCRIPTION_STATUSES),
  renews_at: NullableDateSchema,
  ends_at: NullableDateSchema,
  trial_ends_at: NullableDateSchema,
  cancelled: z.boolean().optional(),
  variant_id: IdSchema.nullable().optional(),
  user_email: z.string().optional(),
  updated_at: DateSchema,
});

const InvoiceAttributesSchema = z.looseObject({
  subscription_id: IdSchema,
  updated_at: DateSchema,
});

export const ResourceSchema = z.looseObject({
  type: z.string(),
  id: IdSchema,
  attributes: z.record(z.string(), z.unknown()),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const WebhookBodySchema = z.looseObject({
  meta: z.looseObject({
    event_name: z.string().min(1).max(100),
    custom_data: z.record(z.string(), z.unknown()).nullish(),
    event_id: z.string().min(1).max(200).optional(),
  }),
  data: ResourceSchema,
});
export type WebhookBody = z.infer<typeof WebhookBodySchema>;

/** A subscription as the provider last described it; updatedAt orders descriptions of one subscription. */
export interface SubscriptionState {
  subscriptionId: string;
  status: SubscriptionStatus;
  renewDate: Date | null;
  endsAt: Date | null;
  trialEndsAt: Date | null;
  manuallyCancelled: boolean;
  variant: string | null;
  updatedAt: Date;
}

/** A subscription resource (webhook body or API answer) as a state; throws ZodError when malformed. */
export function subscriptionStateOf(resource: Resource): SubscriptionState {
  const attributes = SubscriptionAttributesSchema.parse(resource.attributes);
  return {
    subscriptionId: resource.id,
    status: attributes.status,
    renewDate: attributes.renews_at ?? null,
    endsAt: attributes.ends_at ?? null,
    trialEndsAt: attributes.trial_ends_at ?? null,
    // `cancelled` is true once the customer (or we, for them) cancelled; it turns false on resume.
    manuallyCancelled: attributes.cancelled ?? attributes.status === "cancelled",
    variant: attributes.variant_id ?? null,
    updatedAt: attributes.updated_at,
  };
}

export type WebhookChange =
  | { kind: "state"; state: SubscriptionState }
  | { kind: "status"; subscriptionId: string; status: SubscriptionStatus; updatedAt: Date }
  | { kind: "none" };

/** What an event says about a subscription; events we do not act on (orders, licences...) say nothing. */
export function changeOf(body: WebhookBody): WebhookChange {
  const eventName = body.meta.event_name;
  if ((SUBSCRIPTION_EVENTS as readonly string[]).includes(eventName) && body.data.type === "subscriptions") {
    return { kind: "state", state: subscriptionStateOf(body.data) };
  }
  const status = INVOICE_EVENT_STATUS[eventName];
  if (status && body.data.type === "subscription-invoices") {
    const attributes = InvoiceAttributesSchema.parse(body.data.attributes);
    return {
      kind: "status",
      subscriptionId: attributes.subscription_id,
      status,
      updatedAt: attributes.updated_at,
    };
  }
  return { kind: "none" };
}

/**
 * Lemon Squeezy puts no event id in its deliveries. Only what the signature covers may name the
 * event: meta.event_id when present, otherwise the SHA-256 of the raw body, which a retry repeats
 * byte for byte and a different event cannot share (its updated_at differs). An unsigned header
 * (X-Event-Id) is never used: anyone relaying a genuine body could pick its id and so have it
 * treated as a duplicate of another event, or a duplicate as new.
 */
export function eventIdOf(rawBody: Buffer, body: WebhookBody): string {
  if (body.meta.event_id) return `meta:${body.meta.event_id}`;
  return `sha256:${sha256Hex(rawBody)}`;
}

/**
 * Which of two descriptions with the same updated_at wins, whatever order they arrive in: the one
 * further along the subscription's life (docs/product.md §10 lists the statuses), since a later
 * status never turns back into an earlier one within the same second.
 */
const STATUS_RANK: Record<SubscriptionStatus, number> = {
  on_trial: 0,
  active: 1,
  paused: 2,
  past_due: 3,
  unpaid: 4,
  cancelled: 5,
  expired: 6,
};

/**
 * Whether an event's description replaces the stored one: strictly newer, or as new and further
 * along (STATUS_RANK). The stored status is text; an unknown one ranks lowest.
 */
export function supersedes(
  incoming: { updatedAt: Date; status: SubscriptionStatus },
  stored: { lastEventAt: Date | null; status: string | null },
): boolean {
  if (stored.lastEventAt === null) return true;
  const difference = incoming.updatedAt.getTime() - stored.lastEventAt.getTime();
  if (difference !== 0) return difference > 0;
  const storedRank = STATUS_RANK[stored.status as SubscriptionStatus] ?? -1;
  return STATUS_RANK[incoming.status] > storedRank;
}
