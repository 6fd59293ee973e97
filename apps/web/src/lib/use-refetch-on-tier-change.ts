import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";

/**
 * The server sends a plan as the user's tier shows it (a free user gets no locked meals or exercises,
 * docs/decisions/055), so an answer cached under the other tier is out of date the moment Pro starts or ends:
 * this reads it again then. A screen mounted later asks the server anyway (the plans' staleTime is 0).
 */
export function useRefetchOnTierChange(queryKey: readonly unknown[], isPro: boolean): void {
  const queryClient = useQueryClient();
  const tier = useRef(isPro);
  const key = useRef(queryKey);
  useEffect(() => {
    if (tier.current === isPro) return;
    tier.current = isPro;
    void queryClient.invalidateQueries({ queryKey: key.current });
  }, [isPro, queryClient]);
}
