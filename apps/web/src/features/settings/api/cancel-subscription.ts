import { useMutation } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { useStoreSubscription } from "./get-subscription";

/** `cancel_subscription` { subscription_id, cancel_reason } → updatedRow replaces the subscription (docs/product.md §5). */
export function useCancelSubscription() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: (input: { subscription_id: string; cancel_reason: string }) =>
      callFunction("cancel_subscription", input),
    onSuccess: ({ updatedRow }) => store(updatedRow),
  });
}
