import { useQuery } from "@tanstack/react-query";
import type { ListMyFoodsResponse } from "@fitwise/contracts/my-foods";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `list_my_foods`: the person's own foods by name, and how many they may keep (docs/decisions/068). */
export function listMyFoods(): Promise<ListMyFoodsResponse> {
  return callFunction("list_my_foods", {});
}

export function useMyFoods() {
  return useQuery({ queryKey: queryKeys.myFoods(), queryFn: listMyFoods });
}
