import { CHECKOUT_PLANS, PRO_PLAN_PRICES } from "@fitwise/contracts/pricing";
import type { CheckoutPlan } from "@fitwise/contracts/pricing";

/** docs/product.md §3.13 "Upgrade overlay": monthly is marked most popular, yearly best value. */
const BADGES: Record<CheckoutPlan, string> = { monthly: "Most popular", yearly: "Best value" };

export const PRO_PACKAGES = CHECKOUT_PLANS.map((plan) => ({
  plan,
  badge: BADGES[plan],
  ...PRO_PLAN_PRICES[plan],
}));

/** docs/product.md §5 "Free tier and Pro". */
export const PRO_FEATURES: readonly string[] = [
  "Three meal plan types",
  "Unlimited meal resets",
  "Unlimited meal replacements",
  "Unlimited workout resets",
  "Unlimited workout replacements",
  "Priority support",
];

export const trialNote = (trialDays: number) => `${trialDays} days free trial, cancel anytime`;
