import { randomBytes } from "node:crypto";
import { z, ZodError } from "zod";
import type { SubscriptionResponse } from "@fitwise/contracts/profile";
import {
  PRO_PLAN_PRICES,
  SHARED_PLAN_TRIAL_DAYS,
  trialDaysOf,
  type CancelSubscriptionRequest,
  type CheckoutPlan,
  type RestorePurchaseResponse,
  type ResumeSubscriptionRequest,
  type UpdatedSubscriptionResponse,
} from "@fitwise/contracts/payments";
import type { Database } from "../../db/database";
import type { SubscriptionRow } from "../../db/schema";
import type { AppConfig, PaymentsConfig } from "../../env";
import { HttpError } from "../../http/errors";
import { firstUnstorableText } from "../../http/input-text";
import { findProfile, findSignUpName } from "../profile/profile.repository";
import { findPublicDiet, findPublicWorkout } from "../saved/saved.repository";
import { readSubscription } from "../profile/profile.service";
import { getProStatus, isProSubscription } from "../subscriptions/subscription-status";
import { createLemonSqueezyClient, type LemonSqueezyClient } from "./lemonsqueezy.client";
import {
  changeOf,
  eventIdOf,
  supersedes,
  sha256Hex,
  signWebhookBody,
  subscriptionStateOf,
  verifyWebhookSignature,
  WebhookBodySchema,
  type SubscriptionState,
  type WebhookBody,
} from "./lemonsqueezy.webhook";
import {
  claimWebhookEvent,
  completeCheckout,
  findOpenCheckout,
  findPaymentDetails,
  findUserIdBySubscription,
  insertCancellation,
  insertCheckout,
  isEmailVerified,
  lockSubscription,
  setWebhookOutcome,
  userExists,
  writeSubscriptionState,
  writeSubscriptionStatus,
  type PaymentCheckout,
  type Provider,
} from "./payments.repository";

export interface PaymentsDeps {
  db: Database;
  payments: PaymentsConfig;
  /** Present only with PAYMENTS_PROVIDER=lemonsqueezy. */
  lemonSqueezy: LemonSqueezyClient | undefined;
  now(): Date;
}

export interface Caller {
  id: string;
  email: string;
}

/** A pending test checkout can be paid for an hour. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where a paid checkout sends the user back: the diet screen refreshes Pro status and shows the toast. */
export const PURCHASE_RETURN_PATH = "/diet?premium_zxy=active";

const NOT_FOUND = (): HttpError =>
  new HttpError(404, "subscription_not_found", "No subscription with this id belongs to you.");

async function displayName(db: Database, userId: string): Promise<string | undefined> {
  const profileName = (await findProfile(db, userId))?.user_full_name?.trim();
  return profileName || (await findSignUpName(db, userId));
}

/** What the sign-up form sends for a guest who came from a public plan: `data.shared_plan`. */
const SharedPlanRefSchema = z.object({ kind: z.enum(["diet", "workout"]), id: z.uuid() });

/**
 * The trial promised to a guest who signs up from a public plan (docs/decisions/054): 14 days when
 * `data.shared_plan` names a plan that is public right now, nothing (the usual 7 days) otherwise. The
 * answer goes into the new account's app_metadata, which only the server writes.
 */
export async function sharedPlanTrial(
  db: Database,
  data: Record<string, unknown> | undefined,
): Promise<{ trial_days: number; shared_plan: string } | undefined> {
  const ref = SharedPlanRefSchema.safeParse(data?.shared_plan);
  if (!ref.success) return undefined;
  const { kind, id } = ref.data;
  const found = kind === "diet" ? await findPublicDiet(db, id) : await findPublicWorkout(db, id);
  return found ? { trial_days: SHARED_PLAN_TRIAL_DAYS, shared_plan: `${kind}:${id}` } : undefined;
}

/** How new an account must be to claim a public plan's trial after signing up with Google. */
const CLAIM_WINDOW_MS = 60 * 60 * 1000;

/**
 * `claim_shared_plan_trial`: the 14-day trial for an account that signed up with Google straight from a public
 * plan (docs/decisions/054). Granted once, only to an account made in the last hour that never had a
 * subscription and had no trial recorded, for a plan that is public now; otherwise the answer is the trial the
 * account already has and nothing changes.
 */
export async function claimSharedPlanTrial(
  db: Database,
  userId: string,
  sharedPlan: { kind: "diet" | "workout"; id: string },
  now: Date,
): Promise<{ trial_days: number }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["raw_app_meta_data", "created_at"])
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    const current = trialDaysOf(user?.raw_app_meta_data);
    if (!user || user.raw_app_meta_data.trial_days !== undefined) return { trial_days: current };
    if (now.getTime() - new Date(user.created_at).getTime() > CLAIM_WINDOW_MS) return { trial_days: current };
    if (await findPaymentDetails(trx, userId)) return { trial_days: current };
    const offer = await sharedPlanTrial(trx, { shared_plan: sharedPlan });
    if (!offer) return { trial_days: current };
    await trx
      .updateTable("users")
      .set({ raw_app_meta_data: JSON.stringify({ ...user.raw_app_meta_data, ...offer }) })
      .where("id", "=", userId)
      .execute();
    return { trial_days: offer.trial_days };
  });
}

/** The trial length the user was promised at sign-up. */
export async function trialDaysFor(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select("raw_app_meta_data")
    .where("id", "=", userId)
    .executeTakeFirst();
  return trialDaysOf(row?.raw_app_meta_data);
}

/** `create_checkout`: a URL where the caller can start the trial of the chosen plan (7 or 14 days, trialDaysFor). */
export async function createCheckoutUrl(
  deps: PaymentsDeps,
  caller: Caller,
  plan: CheckoutPlan,
): Promise<string> {
  const now = deps.now();
  const { isPro } = await getProStatus(deps.db, caller.id, now);
  if (isPro) throw new HttpError(409, "already_pro", "You already have Pro.");
  const name = await displayName(deps.db, caller.id);
  if (deps.payments.provider === "test") {
    const checkoutId = randomBytes(24).toString("base64url");
    await insertCheckout(deps.db, {
      checkout_id: checkoutId,
      user_id: caller.id,
      email: caller.email,
      full_name: name ?? null,
      plan,
      expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
    // A path, not an absolute URL: the test checkout is served by this very server, whatever host
    // name the browser used to reach it (the web app resolves it against its own origin).
    return `/test-checkout/${checkoutId}`;
  }
  // Hosted checkout link with prefilled fields and custom data
  // (https://docs.lemonsqueezy.com/help/checkout/prefilled-checkout-fields, .../passing-custom-data).
  const query = new URLSearchParams();
  query.set("checkout[email]", caller.email);
  if (name) query.set("checkout[name]", name);
  query.set("checkout[custom][user_id]", caller.id);
  const variant = deps.payments.variants[plan];
  return `${deps.payments.checkoutUrl}/${encodeURIComponent(variant)}?${query.toString()}`;
}

function isProState(state: SubscriptionState, now: Date): boolean {
  return (
    state.status === "active" ||
    state.status === "on_trial" ||
    (state.status === "cancelled" && state.endsAt !== null && state.endsAt > now)
  );
}

type ApplyOutcome = "applied" | "stale" | "ignored";

/**
 * Makes `state` the user's subscription unless what is stored is newer: events may arrive in any
 * order, and the provider's updated_at says which description is the latest. A different, dead
 * subscription never replaces a live one (an old subscription expiring after the user bought anew).
 */
async function applyState(
  db: Database,
  userId: string,
  state: SubscriptionState,
  provider: Provider,
  now: Date,
): Promise<ApplyOutcome> {
  const current = await lockSubscription(db, userId);
  if (current && !supersedes(state, { lastEventAt: current.last_event_at, status: current.status_name }))
    return "stale";
  const otherSubscription = current?.subscription_id && current.subscription_id !== state.subscriptionId;
  if (otherSubscription && isProSubscription(current, now) && !isProState(state, now)) return "ignored";
  await writeSubscriptionState(db, userId, state, provider, now);
  return "applied";
}

export type WebhookResult =
  | { statusCode: 200; body: { received: true; duplicate: boolean; outcome?: ApplyOutcome } }
  | { statusCode: 400 | 401; body: { error: { code: string; message: string } } };

function userIdFromCustomData(customData: Record<string, unknown> | null | undefined): string | undefined {
  const userId = customData?.user_id;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return typeof userId === "string" && uuid.test(userId) ? userId.toLowerCase() : undefined;
}

/**
 * POST /webhooks/lemonsqueezy. The signature is checked on the raw bytes before anything is parsed;
 * the event id is claimed in the same transaction as the change, so a repeated delivery changes
 * nothing even when two copies arrive at once.
 */
export async function handleWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  headers: { signature: string | undefined; eventName: string | undefined },
): Promise<WebhookResult> {
  if (!verifyWebhookSignature(rawBody, headers.signature, deps.payments.webhookSecret)) {
    return { statusCode: 401, body: { error: { code: "invalid_signature", message: "Invalid signature" } } };
  }
  let body;
  try {
    const parsed: unknown = JSON.parse(rawBody.toString("utf8"));
    const unstorable = firstUnstorableText(parsed, "body");
    if (unstorable) {
      const message = `${unstorable} contains a character that cannot be stored`;
      return { statusCode: 400, body: { error: { code: "bad_payload", message } } };
    }
    body = WebhookBodySchema.parse(parsed);
  } catch {
    return { statusCode: 400, body: { error: { code: "bad_payload", message: "Unreadable webhook body" } } };
  }
  if (headers.eventName && headers.eventName !== body.meta.event_name) {
    return {
      statusCode: 400,
      body: { error: { code: "bad_payload", message: "X-Event-Name does not match meta.event_name" } },
    };
  }
  let change: ReturnType<typeof changeOf>;
  try {
    // A test-mode event (the provider's own test mode, or our test checkout) pays nothing: in live mode it changes nothing.
    change = deps.payments.provider !== "test" && isTestModeEvent(body) ? { kind: "none" } : changeOf(body);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return { statusCode: 400, body: { error: { code: "bad_payload", message: "Unreadable subscription" } } };
  }
  const eventId = eventIdOf(rawBody, body);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await claimWebhookEvent(trx, {
      eventId,
      eventName: body.meta.event_name,
      payloadSha256: sha256Hex(rawBody),
    });
    if (!claimed) return { statusCode: 200, body: { received: true, duplicate: true } };
    if (change.kind === "none")
      return { statusCode: 200, body: { received: true, duplicate: false, outcome: "ignored" } };

    const subscriptionId = change.kind === "state" ? change.state.subscriptionId : change.subscriptionId;
    const fromCustomData = userIdFromCustomData(body.meta.custom_data);
    const userId =
      fromCustomData && (await userExists(trx, fromCustomData))
        ? fromCustomData
        : await findUserIdBySubscription(trx, subscriptionId);
    let outcome: ApplyOutcome = "ignored";
    if (userId && change.kind === "state") {
      const provider: Provider = deps.payments.provider;
      outcome = await applyState(trx, userId, change.state, provider, now);
    } else if (userId && change.kind === "status") {
      const current = await lockSubscription(trx, userId);
      if (current?.subscription_id === change.subscriptionId) {
        if (!supersedes(change, { lastEventAt: current.last_event_at, status: current.status_name }))
          outcome = "stale";
        else {
          await writeSubscriptionStatus(trx, userId, change.status, change.updatedAt, now);
          outcome = "applied";
        }
      }
    }
    await setWebhookOutcome(trx, eventId, outcome, subscriptionId, userId ?? null);
    return { statusCode: 200, body: { received: true, duplicate: false, outcome } };
  });
}

function isTestModeEvent(body: WebhookBody): boolean {
  return body.meta.test_mode === true || body.data.attributes.test_mode === true;
}

function lemonSqueezyFor(deps: PaymentsDeps, provider: Provider): LemonSqueezyClient | undefined {
  // A test checkout's subscription is never changed locally once a real provider runs (it no longer grants Pro).
  if (provider !== deps.payments.provider) throw NOT_FOUND();
  if (provider !== "lemonsqueezy") return undefined;
  if (!deps.lemonSqueezy) {
    throw new HttpError(503, "payments_unavailable", "Subscriptions cannot be changed right now.");
  }
  return deps.lemonSqueezy;
}

async function ownSubscription(
  deps: PaymentsDeps,
  caller: Caller,
  subscriptionId: string | undefined,
): Promise<{ row: SubscriptionRow; provider: Provider; trialEndsAt: Date | null }> {
  const { subscription } = await getProStatus(deps.db, caller.id, deps.now());
  if (!subscription?.subscription_id) throw NOT_FOUND();
  if (subscriptionId !== undefined && subscription.subscription_id !== subscriptionId) throw NOT_FOUND();
  const details = await findPaymentDetails(deps.db, caller.id);
  const sameSubscription = details?.subscription_id === subscription.subscription_id;
  return {
    row: subscription,
    provider: sameSubscription ? details.provider : deps.payments.provider,
    trialEndsAt: sameSubscription ? details.trial_ends_at : null,
  };
}

async function storeState(
  deps: PaymentsDeps,
  caller: Caller,
  state: SubscriptionState,
  provider: Provider,
): Promise<SubscriptionResponse> {
  await deps.db.transaction().execute((trx) => applyState(trx, caller.id, state, provider, deps.now()));
  return readSubscription(deps.db, caller.id, deps.now());
}

/** `cancel_subscription`: Pro stays until the paid (or trial) period ends; the reason is kept. */
export async function cancelSubscription(
  deps: PaymentsDeps,
  caller: Caller,
  input: CancelSubscriptionRequest,
): Promise<UpdatedSubscriptionResponse> {
  const { row, provider, trialEndsAt } = await ownSubscription(deps, caller, input.subscription_id);
  const now = deps.now();
  if (row.status_name === "cancelled" && row.manually_cancelled === "true" && isProSubscription(row, now)) {
    return { updatedRow: await readSubscription(deps.db, caller.id, now) };
  }
  if (!isProSubscription(row, now)) {
    throw new HttpError(409, "subscription_not_active", "This subscription has already ended.");
  }
  const client = lemonSqueezyFor(deps, provider);
  const state: SubscriptionState = client
    ? {
        ...subscriptionStateOf(await client.cancelSubscription(input.subscription_id)),
        manuallyCancelled: true,
      }
    : {
        subscriptionId: input.subscription_id,
        status: "cancelled",
        renewDate: row.renew_date,
        // As Lemon Squeezy does: a cancelled subscription ends when the current period would renew.
        endsAt: row.renew_date ?? trialEndsAt ?? now,
        trialEndsAt,
        manuallyCancelled: true,
        variant: row.variant,
        updatedAt: now,
      };
  await insertCancellation(deps.db, {
    userId: caller.id,
    subscriptionId: input.subscription_id,
    reason: input.cancel_reason,
  });
  return { updatedRow: await storeState(deps, caller, state, provider) };
}

/** `resume_subscription`: takes back a cancellation while the subscription has not ended. */
export async function resumeSubscription(
  deps: PaymentsDeps,
  caller: Caller,
  input: ResumeSubscriptionRequest,
): Promise<UpdatedSubscriptionResponse> {
  const { row, provider, trialEndsAt } = await ownSubscription(deps, caller, input.subscription_id);
  const now = deps.now();
  const subscriptionId = row.subscription_id ?? "";
  if (row.status_name !== "cancelled" || !isProSubscription(row, now)) {
    throw new HttpError(
      409,
      "subscription_not_resumable",
      "Only a cancelled subscription that has not ended yet can be resumed.",
    );
  }
  const client = lemonSqueezyFor(deps, provider);
  const state: SubscriptionState = client
    ? subscriptionStateOf(await client.resumeSubscription(subscriptionId))
    : {
        subscriptionId,
        status: trialEndsAt && trialEndsAt > now ? "on_trial" : "active",
        renewDate: row.renew_date ?? row.ends_at,
        endsAt: null,
        trialEndsAt,
        manuallyCancelled: false,
        variant: row.variant,
        updatedAt: now,
      };
  return { updatedRow: await storeState(deps, caller, state, provider) };
}

/** The provider's subscriptions in order of preference: one that grants Pro, then the latest. */
function bestSubscription(states: SubscriptionState[], now: Date): SubscriptionState | undefined {
  return [...states].sort(
    (a, b) =>
      Number(isProState(b, now)) - Number(isProState(a, now)) ||
      b.updatedAt.getTime() - a.updatedAt.getTime(),
  )[0];
}

/**
 * `restore_purchase`: reads the subscription again from the provider (by e-mail) or the stored row.
 * A store subscription is found by e-mail alone, so only an address the caller has proved is theirs
 * may claim one; otherwise `verifyEmail` sends a sign-in link (following it proves the address) and
 * the call answers 403 email_not_verified.
 */
export async function restorePurchase(
  deps: PaymentsDeps,
  caller: Caller,
  verifyEmail: () => Promise<void>,
): Promise<RestorePurchaseResponse> {
  const now = deps.now();
  if (deps.payments.provider === "lemonsqueezy" && deps.lemonSqueezy) {
    if (!(await isEmailVerified(deps.db, caller.id))) {
      await verifyEmail();
      throw new HttpError(
        403,
        "email_not_verified",
        "To restore a purchase, first confirm your e-mail address: we sent you a link. Open it, then restore again.",
      );
    }
    const resources = await deps.lemonSqueezy.listSubscriptionsByEmail(deps.payments.storeId, caller.email);
    const states: SubscriptionState[] = [];
    for (const resource of resources) {
      let state: SubscriptionState;
      try {
        state = subscriptionStateOf(resource);
      } catch {
        continue;
      }
      // A subscription already linked to another account stays there: the e-mail alone does not
      // prove the caller paid for it.
      const linkedTo = await findUserIdBySubscription(deps.db, state.subscriptionId);
      if (linkedTo === undefined || linkedTo === caller.id) states.push(state);
    }
    const best = bestSubscription(states, now);
    if (best)
      await deps.db.transaction().execute((trx) => applyState(trx, caller.id, best, "lemonsqueezy", now));
  }
  const { isPro, subscription } = await getProStatus(deps.db, caller.id, now);
  return {
    restored: isPro,
    subscription: subscription ? await readSubscription(deps.db, caller.id, now) : null,
  };
}

/** An open test checkout, for its page; undefined once paid, expired or unknown. */
export function findTestCheckout(
  deps: PaymentsDeps,
  checkoutId: string,
): Promise<PaymentCheckout | undefined> {
  return findOpenCheckout(deps.db, checkoutId, deps.now());
}

/** The card number the test checkout accepts (the usual test card of card processors). */
export const TEST_CARD_NUMBER = "4242424242424242";

export interface TestPaymentForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The message to show for a refused test payment, or undefined when the form is acceptable. */
export function testPaymentProblem(form: TestPaymentForm, now: Date): string | undefined {
  const digits = form.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return "Enter the card number.";
  if (digits !== TEST_CARD_NUMBER) {
    return "Your card was declined. This is a test checkout: use the test card 4242 4242 4242 4242.";
  }
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    return "Enter an expiry date in the future, as MM/YY.";
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return "Enter the 3- or 4-digit security code.";
  return undefined;
}

/**
 * Marks the checkout paid and builds the subscription_created webhook Lemon Squeezy would send for
 * it: same body shape (meta.custom_data.user_id, a subscriptions resource, a 7-day trial) and the
 * same headers, signed with the webhook secret. Undefined when the checkout was already used.
 */
export async function completeTestCheckout(
  deps: PaymentsDeps,
  checkoutId: string,
): Promise<{ rawBody: string; headers: Record<string, string> } | undefined> {
  const now = deps.now();
  const checkout = await completeCheckout(deps.db, checkoutId, now);
  if (!checkout) return undefined;
  const trialDays = await trialDaysFor(deps.db, checkout.user_id);
  const trialEndsAt = new Date(now.getTime() + trialDays * DAY_MS).toISOString();
  const body = {
    meta: { test_mode: true, event_name: "subscription_created", custom_data: { user_id: checkout.user_id } },
    data: {
      type: "subscriptions",
      id: `test_sub_${randomBytes(12).toString("hex")}`,
      attributes: {
        status: "on_trial",
        status_formatted: "On Trial",
        cancelled: false,
        trial_ends_at: trialEndsAt,
        renews_at: trialEndsAt,
        ends_at: null,
        user_email: checkout.email,
        user_name: checkout.full_name,
        variant_id: checkout.plan,
        variant_name: PRO_PLAN_PRICES[checkout.plan].name,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        test_mode: true,
      },
    },
  };
  const rawBody = JSON.stringify(body);
  return {
    rawBody,
    headers: {
      "content-type": "application/json",
      "x-event-name": "subscription_created",
      "x-signature": signWebhookBody(rawBody, deps.payments.webhookSecret),
    },
  };
}

/**
 * Before an account is deleted: a paid subscription that would renew is cancelled at the provider,
 * so the user is not charged for an account that no longer exists. A provider failure stops the
 * deletion (the caller answers with its error) rather than leaving a charge running.
 */
export async function cancelBeforeAccountDeletion(deps: PaymentsDeps, userId: string): Promise<void> {
  const now = deps.now();
  const { subscription } = await getProStatus(deps.db, userId, now);
  if (!subscription?.subscription_id || !isProSubscription(subscription, now)) return;
  if (subscription.status_name === "cancelled") return;
  const details = await findPaymentDetails(deps.db, userId);
  if (details?.subscription_id !== subscription.subscription_id || details.provider !== "lemonsqueezy")
    return;
  if (!deps.lemonSqueezy) {
    throw new HttpError(
      409,
      "subscription_active",
      "Your Pro subscription is still running and cannot be cancelled right now. Cancel it in Settings first, then delete your account.",
    );
  }
  await deps.lemonSqueezy.cancelSubscription(subscription.subscription_id);
}

/** Without payments configuration (hand-built test configs) the test provider runs with a secret of its own. */
function paymentsConfigOf(config: AppConfig): PaymentsConfig {
  return config.payments ?? { provider: "test", webhookSecret: randomBytes(32).toString("hex") };
}

/** What the payments service needs; account deletion builds the same to cancel at the provider. */
export function paymentsDepsFor(db: Database, config: AppConfig, now?: () => Date): PaymentsDeps {
  const payments = paymentsConfigOf(config);
  return {
    db,
    payments,
    lemonSqueezy:
      payments.provider === "lemonsqueezy"
        ? createLemonSqueezyClient({ apiKey: payments.apiKey, apiUrl: payments.apiUrl })
        : undefined,
    now: now ?? (() => new Date()),
  };
}
