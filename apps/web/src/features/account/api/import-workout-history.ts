import type { ImportWorkoutHistoryResponse } from "@fitwise/contracts/workout-import";
import { callFunction } from "../../../lib/call-function";

/**
 * import_workout_history: a Strong or Hevy export, read and matched on the server. With `dryRun` nothing is
 * written and the answer is the preview; the same file without it imports what the preview showed.
 */
export function importWorkoutHistory(
  csvText: string,
  weightUnit: "kg" | "lb",
  dryRun: boolean,
): Promise<ImportWorkoutHistoryResponse> {
  return callFunction("import_workout_history", {
    csv_text: csvText,
    weight_unit: weightUnit,
    dry_run: dryRun,
  });
}
