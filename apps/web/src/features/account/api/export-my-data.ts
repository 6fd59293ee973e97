import { z } from "zod";
import { callFunction } from "../../../lib/call-function";
import { toCsv } from "@fitwise/contracts/csv";
import { FoodDiaryLogsSchema, foodDiaryToCsv } from "../model/food-diary-csv";
import { weighInsToCsv } from "../model/weigh-in-csv";

/** Hands a file to the browser's downloads. */
function saveFile(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking later keeps slow browsers working.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const today = () => new Date().toISOString().slice(0, 10);

/** export_my_data, saved as a JSON file by the browser. */
export async function downloadMyData(): Promise<void> {
  const data = await callFunction("export_my_data", {});
  saveFile(`fitwise-my-data-${today()}.json`, "application/json", JSON.stringify(data, null, 2));
}

/** The logs of export_my_data (apps/server/src/modules/account/data-export.ts), every one of them. */
const LogsSchema = z.object({
  weight_logs: z.array(z.object({ date: z.string(), weight_kg: z.number() })),
  workout_sets: z.array(
    z.object({
      date: z.string(),
      exercise_id: z.string(),
      set_number: z.number(),
      reps: z.number(),
      load_kg: z.number(),
      rir: z.number(),
    }),
  ),
});

export const WORKOUT_SET_COLUMNS = ["date", "exercise_id", "set_number", "reps", "load_kg", "rir"] as const;

/** Weigh-ins, workout sets or the food diary as a CSV file, beside the JSON export. */
export async function downloadLogsCsv(kind: "weigh-ins" | "workout-sets" | "food-diary"): Promise<void> {
  const data = await callFunction("export_my_data", {});
  let csv: string;
  if (kind === "food-diary") csv = foodDiaryToCsv(FoodDiaryLogsSchema.parse(data));
  else {
    const logs = LogsSchema.parse(data);
    csv =
      kind === "weigh-ins"
        ? weighInsToCsv(logs.weight_logs)
        : toCsv([
            [...WORKOUT_SET_COLUMNS],
            ...logs.workout_sets.map((set) => WORKOUT_SET_COLUMNS.map((column) => set[column])),
          ]);
  }
  saveFile(`fitwise-${kind}-${today()}.csv`, "text/csv", csv);
}
