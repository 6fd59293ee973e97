import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GroceryDay, GroceryListResponse } from "@fitwise/contracts/groceries";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `get_grocery_list` for the chosen days (docs/product.md §3.15); null until the user asks for a list. */
export function useGroceryList(days: readonly GroceryDay[] | null) {
  const key = days === null ? "" : days.map(({ day, plan }) => `${day}:${plan}`).join(",");
  return useQuery({
    queryKey: queryKeys.groceryList(key),
    queryFn: ({ signal }) => callFunction("get_grocery_list", { days: [...(days ?? [])] }, { signal }),
    enabled: days !== null && days.length > 0,
    retry: false,
  });
}

/** `set_grocery_tick`: the server keeps ticks per user; every cached list takes the answer's ticks. */
export function useSetGroceryTick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; ticked: boolean }) => callFunction("set_grocery_tick", input),
    onSuccess: ({ ticked }) => {
      queryClient.setQueriesData<GroceryListResponse>({ queryKey: queryKeys.groceryLists() }, (list) =>
        list ? { ...list, ticked } : list,
      );
    },
  });
}
