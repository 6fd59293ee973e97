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
