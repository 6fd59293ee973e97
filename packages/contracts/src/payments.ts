import { z } from "zod";
import {
  CHECKOUT_PLANS,
  PRO_PLAN_PRICES,
  SHARED_PLAN_TRIAL_DAYS,
  TRIAL_DAYS,
  trialDaysOf,
  type CheckoutPlan,
} from "./pricing";
import { SubscriptionResponseSchema, type SubscriptionResponse } from "./profile";

/**
 * Shapes of the payment functions: `create_checkout`, `cancel_subscription`, `resume_subscription`
 * and `restore_purchase` (docs/product.md §7 "Subscription", §4, docs/product.md §10).
 */

export const CheckoutPlanSchema = z.enum(CHECKOUT_PLANS);

// The prices live in the zod-free ./pricing; the server's payment code reads them through this module.
export { PRO_PLAN_PRICES, SHARED_PLAN_TRIAL_DAYS, TRIAL_DAYS, trialDaysOf };
export type { CheckoutPlan };

/** `create_checkout` { plan } → { url }: the provider's checkout page for the signed-in user. */
export const CreateCheckoutRequestSchema = z.object({ plan: CheckoutPlanSchema });
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequestSchema>;
export const CreateCheckoutResponseSchema = z.object({ url: z.string().min(1) });
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponseSchema>;

/**
 * `claim_shared_plan_trial` { shared_plan } → { trial_days } (docs/decisions/054): a guest who arrived from a public
 * plan and then signed up with Google (which carries no sign-up data) asks for the trial that page promised. The
 * server grants it only to an account made in the last hour that never had a subscription, for a plan public now.
 */
export const ClaimSharedPlanTrialRequestSchema = z.object({
  shared_plan: z.object({ kind: z.enum(["diet", "workout"]), id: z.uuid() }),
});
export const ClaimSharedPlanTrialResponseSchema = z.object({ trial_days: z.number() });

/** docs/product.md §3 "Settings": the reasons offered by the cancel modal ("Other" comes with the user's own text). */
export const CANCEL_REASONS = [
  "Too expensive",
  "Not using enough",
  "Found a better alternative",
  "Technical issues",
  "Other",
] as const;
export const CANCEL_REASON_MAX = 500;

/** `cancel_subscription` { subscription_id, cancel_reason } → { updatedRow } (docs/product.md §7, §4). */
export const CancelSubscriptionRequestSchema = z.object({
  subscription_id: z.string().trim().min(1, "subscription_id is required").max(200),
  cancel_reason: z
    .string()
    .trim()
    .min(1, "Please provide a reason for cancellation.")
    .max(CANCEL_REASON_MAX, `The reason may be at most ${CANCEL_REASON_MAX} characters.`),
});
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequestSchema>;

/** `resume_subscription` { subscription_id? } → { updatedRow }: undoes a cancellation before ends_at. */
export const ResumeSubscriptionRequestSchema = z.object({
  subscription_id: z.string().trim().min(1).max(200).optional(),
});
export type ResumeSubscriptionRequest = z.infer<typeof ResumeSubscriptionRequestSchema>;

export const UpdatedSubscriptionResponseSchema = z.object({ updatedRow: SubscriptionResponseSchema });
export type UpdatedSubscriptionResponse = z.infer<typeof UpdatedSubscriptionResponseSchema>;

/** `restore_purchase` → { restored, subscription }: restored is true when the subscription grants Pro. */
export const RestorePurchaseResponseSchema = z.object({
  restored: z.boolean(),
  subscription: SubscriptionResponseSchema.nullable(),
});
export type RestorePurchaseResponse = z.infer<typeof RestorePurchaseResponseSchema>;

/**
 * The Pro rule (docs/product.md §10): an active or trialling subscription, or a cancelled one
 * before its ends_at. The server decides what Pro unlocks; clients use this to choose what to show.
 */
export function subscriptionGrantsPro(
  subscription: Pick<SubscriptionResponse, "status_name" | "ends_at"> | null | undefined,
  now: Date,
): boolean {
  const status = subscription?.status_name;
  if (status === "active" || status === "on_trial") return true;
  const endsAt = subscription?.ends_at ? Date.parse(subscription.ends_at) : Number.NaN;
  return status === "cancelled" && endsAt > now.getTime();
}
