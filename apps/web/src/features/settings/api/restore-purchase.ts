import { useMutation } from "@tanstack/react-query";
import { RestorePurchaseResponseSchema } from "@fitwise/contracts/payments";
import { callFunction } from "../../../lib/api-client";
import { useStoreSubscription } from "./get-subscription";

/** `restore_purchase`: the server reads the subscription again from the payment provider. */
export function useRestorePurchase() {
  const store = useStoreSubscription();
  return useMutation({
    mutationFn: () => callFunction("restore_purchase", {}, RestorePurchaseResponseSchema),
    onSuccess: ({ subscription }) => store(subscription),
  });
}
