import { useMutation } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { useStoreSubscription } from "./get-subscription";

/** `resume_subscription`: keeps a cancelled subscription going ("Continue being a Pro"). */
export function useResumeSubscription() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      callFunction("resume_subscription", { subscription_id: subscriptionId }),
    onSuccess: ({ updatedRow }) => store(updatedRow),
  });
}
