import { useQuery, useQueryClient } from "@tanstack/react-query";
import { subscriptionGrantsPro } from "@fitwise/contracts/payments";
import { SubscriptionResponseSchema } from "@fitwise/contracts/profile";
import type { SubscriptionResponse } from "@fitwise/contracts/profile";
import { ApiError } from "../../../lib/api-client";
import { callFunction } from "../../../lib/call-function";
import { removeCache, writeCache } from "../../../lib/local-cache";
import { queryKeys } from "../../../lib/query-keys";

/** docs/decisions/006: the subscription is cached as subscription_data, and user_pro follows it. */
export function cacheSubscription(subscription: SubscriptionResponse | null): void {
  if (subscription) writeCache("subscription_data", subscription);
  else removeCache("subscription_data");
  writeCache("user_pro", subscriptionGrantsPro(subscription, new Date()) ? 1 : 0);
}

/** `get_user_data` { table: "user_subscriptions" }; null when the user never subscribed (404). */
export async function fetchSubscription(): Promise<SubscriptionResponse | null> {
  try {
    const subscription = await callFunction(
      "get_user_data",
      { table: "user_subscriptions" },
      { schema: SubscriptionResponseSchema },
    );
    cacheSubscription(subscription);
    return subscription;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      cacheSubscription(null);
      return null;
    }
    throw error;
  }
}

export function useSubscription() {
  return useQuery({ queryKey: queryKeys.subscription(), queryFn: fetchSubscription });
}

/** After any change the profile (its user_pro) is read again too, so every screen agrees on Pro. */
export function useStoreSubscription() {
  const queryClient = useQueryClient();
  return (subscription: SubscriptionResponse | null) => {
    cacheSubscription(subscription);
    queryClient.setQueryData(queryKeys.subscription(), subscription);
    void queryClient.invalidateQueries({ queryKey: queryKeys.profile() });
  };
}
