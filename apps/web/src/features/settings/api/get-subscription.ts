import { useQuery, useQueryClient } from "@tanstack/react-query";
import { subscriptionGrantsPro } from "@fitwise/contracts/payments";
import { SubscriptionResponseSchema } from "@fitwise/contracts/profile";
import type { SubscriptionResponse } from "@fitwise/contracts/profile";
import { ApiError, callFunction } from "../../../lib/api-client";
import { removeCache, writeCache } from "../../../lib/local-cache";

export const SUBSCRIPTION_QUERY_KEY = ["get_user_data", "user_subscriptions"] as const;

/** Spec §3: the subscription is cached as subscription_data, and user_pro follows it. */
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
      SubscriptionResponseSchema,
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
  return useQuery({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: fetchSubscription });
}

/** After any change the profile (its user_pro) is read again too, so every screen agrees on Pro. */
export function useStoreSubscription() {
  const queryClient = useQueryClient();
  return (subscription: SubscriptionResponse | null) => {
    cacheSubscription(subscription);
    queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription);
    void queryClient.invalidateQueries({ queryKey: ["get_user_data", "my_users"] });
  };
}
