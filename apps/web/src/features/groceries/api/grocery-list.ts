import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  GetGroceryListResponseSchema,
  GroceryDaySchema,
  SetGroceryTickRequestSchema,
  type GroceryDay,
  type GroceryListResponse,
} from "@fitwise/contracts/groceries";
import { callFunction } from "../../../lib/call-function";
import { readCache, writeCache } from "../../../lib/local-cache";
import { sendOrQueue } from "../../../lib/offline-queue";
import { queryKeys } from "../../../lib/query-keys";

/** The last list asked for, kept for offline reading (docs/decisions/047). */
const KeptListSchema = z.object({
  days: z.array(GroceryDaySchema),
  list: GetGroceryListResponseSchema,
});
type KeptList = z.infer<typeof KeptListSchema>;

const keyOf = (days: readonly GroceryDay[]) => days.map(({ day, plan }) => `${day}:${plan}`).join(",");

export function readKeptList(): KeptList | undefined {
  const parsed = KeptListSchema.safeParse(readCache("grocery_list"));
  return parsed.success ? parsed.data : undefined;
}

function keepTicks(ticked: readonly string[]): void {
  const kept = readKeptList();
  if (kept) writeCache("grocery_list", { ...kept, list: { ...kept.list, ticked: [...ticked] } });
}

/** `get_grocery_list` for the chosen days (docs/product.md §3.15); null until the user asks for a list. */
export function useGroceryList(days: readonly GroceryDay[] | null) {
  const key = days === null ? "" : keyOf(days);
  return useQuery<GroceryListResponse>({
    queryKey: queryKeys.groceryList(key),
    queryFn: async ({ signal }) => {
      const list = await callFunction("get_grocery_list", { days: [...(days ?? [])] }, { signal });
      writeCache("grocery_list", { days: [...(days ?? [])], list });
      return list;
    },
    // The kept list of the same days is shown at once and refreshed; offline it stays until the server answers.
    initialData: (): GroceryListResponse | undefined => {
      const kept = readKeptList();
      return kept && keyOf(kept.days) === key ? kept.list : undefined;
    },
    initialDataUpdatedAt: 0,
    enabled: days !== null && days.length > 0,
    retry: false,
  });
}

/**
 * `set_grocery_tick` through the offline queue: in the supermarket basement the tick is kept on the device and
 * sent when the connection returns. Every cached list takes the ticks at once.
 */
export function useSetGroceryTick() {
  const queryClient = useQueryClient();
  const applyTicks = (ticked: readonly string[]) => {
    queryClient.setQueriesData<GroceryListResponse>({ queryKey: queryKeys.groceryLists() }, (list) =>
      list ? { ...list, ticked: [...ticked] } : list,
    );
    keepTicks(ticked);
  };
  const currentTicks = () =>
    queryClient
      .getQueriesData<GroceryListResponse>({ queryKey: queryKeys.groceryLists() })
      .find(([, list]) => list !== undefined)?.[1]?.ticked ??
    readKeptList()?.list.ticked ??
    [];
  return useMutation({
    mutationFn: (input: { name: string; ticked: boolean }) =>
      sendOrQueue(
        "set_grocery_tick",
        SetGroceryTickRequestSchema.parse(input),
        `The tick on ${input.name} in your shopping list`,
      ),
    networkMode: "always",
    // The box follows the finger at once, online or not; the server's answer then has the last word.
    onMutate: (input) => {
      const before = currentTicks();
      applyTicks(
        input.ticked ? [...new Set([...before, input.name])] : before.filter((name) => name !== input.name),
      );
      return { before };
    },
    onSuccess: (outcome) => {
      if (outcome.status === "sent") applyTicks(outcome.response.ticked);
    },
    onError: (_error, _input, context) => {
      if (context) applyTicks(context.before);
    },
  });
}
