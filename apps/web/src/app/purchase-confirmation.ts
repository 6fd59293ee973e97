import type { QueryClient } from "@tanstack/react-query";
import { subscriptionGrantsPro } from "@fitwise/contracts/payments";
import { fetchSubscription } from "../features/settings/api/get-subscription";
import { queryKeys } from "../lib/query-keys";

/**
 * The provider's webhook can trail the browser's return by a few seconds: ask again, up to ten times
 * (about 18 s in all) before telling the buyer to reload.
 */
const ATTEMPTS = 10;
const RETRY_MS = 2_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the subscription from the server (which also refreshes the cached subscription_data and
 * user_pro) until it grants Pro; then makes every screen fetch the profile's user_pro again.
 * Resolves true once Pro is confirmed, false when it is still pending after the last attempt.
 */
export async function confirmPurchase(queryClient: QueryClient): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const subscription = await fetchSubscription();
    queryClient.setQueryData(queryKeys.subscription(), subscription);
    if (subscriptionGrantsPro(subscription, new Date())) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile() });
      return true;
    }
    if (attempt < ATTEMPTS) await wait(RETRY_MS);
  }
  return false;
}
