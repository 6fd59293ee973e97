import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UndoPlanChangeResponse } from "@fitwise/contracts/chat";
import { PlanChangeSchema, type PlanChange } from "@fitwise/contracts/plans";
import { useAlert } from "./alerts";
import { ApiError } from "./api-client";
import { callFunction } from "./call-function";
import { queryKeys } from "./query-keys";

/**
 * `undo_plan_change`: puts the plans back as they were before one change — Alex's (decision 046), or a Replace or
 * reset on /diet and /workouts (decision 069). Shared by the chat and both plan screens.
 */
export function undoPlanChange(changeId: string): Promise<UndoPlanChangeResponse> {
  return callFunction("undo_plan_change", { change_id: changeId });
}

/** Undo on a plan screen: on success every meal day and the week are read again, as the server now has them. */
export function useUndoPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoPlanChange,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workoutPlan() }),
      ]);
    },
  });
}

/** A reset's plan-change header (decision 069), or null from a server that does not send it or sent something unreadable. */
export function readPlanChange(header: string | null): PlanChange | null {
  if (header === null) return null;
  try {
    return PlanChangeSchema.safeParse(JSON.parse(header)).data ?? null;
  } catch {
    return null;
  }
}

/** The server's own refusals (409 plan_changed, 404 change_not_found) say why in words meant for the person. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

export const UNDONE_MESSAGE = "Undone: your plan is back as it was.";
const UNDO_FAILED = "We couldn't undo that change. Please try again later.";

/**
 * The last Replace or reset of a plan screen and its Undo (decision 069). `show` after a change; `undo` puts it back
 * and tells how it went: a refusal (the plan changed since, or the change is too old) says the server's reason.
 */
export function usePlanChangeUndo() {
  const { showAlert } = useAlert();
  const [change, setChange] = useState<PlanChange | null>(null);
  const mutation = useUndoPlanChange();
  return {
    change,
    undoing: mutation.isPending,
    show: (next: PlanChange | null) => setChange(next),
    dismiss: () => setChange(null),
    undo: () => {
      if (change === null || mutation.isPending) return;
      mutation.mutate(change.change_id, {
        onSuccess: () => showAlert("success", UNDONE_MESSAGE),
        onError: (error) => showAlert("error", isRefusal(error) ? error.message : UNDO_FAILED),
        onSettled: () => setChange(null),
      });
    },
  };
}
