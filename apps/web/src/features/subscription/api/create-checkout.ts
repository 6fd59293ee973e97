import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { CreateCheckoutRequestSchema, CreateCheckoutResponseSchema } from "@fitwise/contracts/payments";
import type { CheckoutPlan } from "@fitwise/contracts/pricing";
import { callFunction } from "../../../lib/call-function";

/** The URL made absolute; only http(s) is opened, never javascript: or data:. */
const CheckoutUrlSchema = CreateCheckoutResponseSchema.transform(({ url }, context) => {
  const href = URL.parse(url, window.location.origin)?.href;
  if (href && /^https?:/.test(href)) return { url: href };
  context.addIssue({ code: "custom", message: "checkout URL must be http(s)" });
  return z.NEVER;
});

/** `create_checkout` (bearer): the server builds the provider's checkout URL for the signed-in user. */
export function createCheckout(plan: CheckoutPlan): Promise<{ url: string }> {
  return callFunction("create_checkout", CreateCheckoutRequestSchema.parse({ plan }), {
    schema: CheckoutUrlSchema,
  });
}

/**
 * Opens the checkout in a new tab (docs/product.md §3). The new tab is detached from ours (opener cleared);
 * when a pop-up blocker refuses it, the caller offers the URL as a plain link instead.
 */
export function openCheckout(url: string): { opened: boolean } {
  const checkoutWindow = window.open(url, "_blank");
  if (!checkoutWindow) return { opened: false };
  checkoutWindow.opener = null;
  return { opened: true };
}

export function useCreateCheckout() {
  return useMutation({
    mutationFn: async (plan: CheckoutPlan) => {
      const { url } = await createCheckout(plan);
      return { url, ...openCheckout(url) };
    },
  });
}
