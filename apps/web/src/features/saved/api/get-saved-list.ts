import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import {
  withMealItems,
  withWorkoutItems,
  type WithMealItems,
  type WithWorkoutItems,
} from "@fitwise/contracts/plan-items.mapper";
import {
  GetSavedListRequestSchema,
  SavedDietRecordSchema,
  SavedWorkoutRecordSchema,
} from "@fitwise/contracts/saved";
import type { SavedDietRecord, SavedTable, SavedWorkoutRecord } from "@fitwise/contracts/saved";
import { ApiError } from "../../../lib/api-client";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

export type SavedDiet = WithMealItems<SavedDietRecord>;
export type SavedWorkout = WithWorkoutItems<SavedWorkoutRecord>;
export type SavedListOf<T extends SavedTable> = T extends "saved_diets" ? SavedDiet[] : SavedWorkout[];

/** `get_saved_list` (bearer): the signed-in user's saved plans of one kind, newest first. */
export async function getSavedList<T extends SavedTable>(table: T): Promise<SavedListOf<T>> {
  const request = GetSavedListRequestSchema.parse({ table });
  const list: SavedDiet[] | SavedWorkout[] =
    request.table === "saved_diets"
      ? (await callFunction("get_saved_list", request, { schema: z.array(SavedDietRecordSchema) })).map(
          withMealItems,
        )
      : (await callFunction("get_saved_list", request, { schema: z.array(SavedWorkoutRecordSchema) })).map(
          withWorkoutItems,
        );
  return list as SavedListOf<T>;
}

/** docs/product.md §9 "Saved list": the message shown in the red banner for a failed listing. */
export function savedListErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // No token at all (apiFetch's own answer, or the server's); any other 401 is a token it refused.
    if (error.code === "no_authorization") return "No active session found. Please log in.";
    if (error.status === 401) return "Invalid session data. Please log in again.";
    if (error.status === 404) return "No saved plans found.";
    if (error.code === "unexpected_response") return "Received unexpected data format from server.";
  }
  return "Failed to fetch saved plans. Please try again later.";
}

/** Re-requested whenever its tab is shown (docs/product.md §8); a list seen before stays on screen meanwhile. */
export function useSavedList<T extends SavedTable>(table: T) {
  return useQuery({
    queryKey: queryKeys.savedList(table),
    queryFn: () => getSavedList(table),
    staleTime: 0,
    refetchOnMount: "always",
  });
}
