import { CHECKOUT_PLANS, PRO_PLAN_PRICES, TRIAL_DAYS } from "@fitwise/contracts/pricing";
import type { CheckoutPlan } from "@fitwise/contracts/pricing";

/** Spec §2 "Pro upgrade overlay": monthly is marked most popular, yearly best value. */
const BADGES: Record<CheckoutPlan, string> = { monthly: "Most popular", yearly: "Best value" };

export const PRO_PACKAGES = CHECKOUT_PLANS.map((plan) => ({
  plan,
  badge: BADGES[plan],
  ...PRO_PLAN_PRICES[plan],
}));

/** Spec §1 "Pro benefits". */
export const PRO_FEATURES: readonly string[] = [
  "Three meal plan types",
  "Unlimited meal resets",
  "Unlimited meal replacements",
  "Unlimited workout resets",
  "Unlimited workout replacements",
  "Priority support",
];

export const TRIAL_NOTE = `${TRIAL_DAYS} days free trial, cancel anytime`;
