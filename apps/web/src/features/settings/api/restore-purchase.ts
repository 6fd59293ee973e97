import { useMutation } from "@tanstack/react-query";
import { callFunction } from "../../../lib/call-function";
import { useStoreSubscription } from "./get-subscription";

/** `restore_purchase`: the server reads the subscription again from the payment provider. */
export function useRestorePurchase() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: () => callFunction("restore_purchase", {}),
    onSuccess: ({ subscription }) => store(subscription),
  });
}
