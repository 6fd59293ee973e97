/**
 * The Pro prices, the one source for the landing page, the upgrade overlay and the server's checkout.
 * Kept free of zod so the landing page can import it without loading a schema library.
 */

export const CHECKOUT_PLANS = ["monthly", "yearly"] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

/** docs/product.md §3.13: prices in USD with the original price struck through. */
export const PRO_PLAN_PRICES: Record<
  CheckoutPlan,
  { name: string; priceUsd: string; originalPriceUsd: string; period: "month" | "year" }
> = {
  monthly: { name: "Pro monthly", priceUsd: "4.99", originalPriceUsd: "9.99", period: "month" },
  yearly: { name: "Pro yearly", priceUsd: "49.99", originalPriceUsd: "99.99", period: "year" },
};

/** docs/product.md §3.13: every Pro plan starts with a 7-day free trial. */
export const TRIAL_DAYS = 7;

/**
 * docs/product.md §3 "/fulldiet", "/fullworkout": guests on a shared plan are invited to a 14-day free trial.
 * A guest who signs up from a public plan keeps that promise at every checkout (docs/decisions/054).
 */
export const SHARED_PLAN_TRIAL_DAYS = 14;

/** The trial an account was promised: the server records it at sign-up in the account's app_metadata. */
export function trialDaysOf(appMetadata: object | undefined): number {
  const promised = appMetadata && "trial_days" in appMetadata ? appMetadata.trial_days : undefined;
  return promised === SHARED_PLAN_TRIAL_DAYS ? SHARED_PLAN_TRIAL_DAYS : TRIAL_DAYS;
}
