import { useMutation } from "@tanstack/react-query";
import { UpdatedSubscriptionResponseSchema } from "@fitwise/contracts/payments";
import { callFunction } from "../../../lib/api-client";
import { useStoreSubscription } from "./get-subscription";

/** `resume_subscription`: keeps a cancelled subscription going ("Continue being a Pro"). */
export function useResumeSubscription() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      callFunction(
        "resume_subscription",
        { subscription_id: subscriptionId },
        UpdatedSubscriptionResponseSchema,
      ),
    onSuccess: ({ updatedRow }) => store(updatedRow),
  });
}
