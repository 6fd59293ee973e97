import type { UndoPlanChangeResponse } from "@fitwise/contracts/chat";
import { callFunction } from "../../../lib/call-function";

/** `undo_plan_change`: puts the plans back as they were before one chat change (decision 046). */
export function undoPlanChange(changeId: string): Promise<UndoPlanChangeResponse> {
  return callFunction("undo_plan_change", { change_id: changeId });
}
