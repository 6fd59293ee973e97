import { LogDateSchema, WEIGHT_KG_MAX, WEIGHT_KG_MIN } from "@fitwise/contracts/progress";
import type { WeighInEntry } from "@fitwise/contracts/progress";
import { parseCsv, toCsv } from "@fitwise/contracts/csv";

/** The weigh-in file's columns, as exported and as imported (weight_lb is read too, in pounds). */
export const WEIGH_IN_COLUMNS = ["date", "weight_kg"] as const;

/** docs/product.md §6.1: pounds to kilograms. */
const LB_PER_KG = 2.20462;

export function weighInsToCsv(entries: readonly WeighInEntry[]): string {
  return toCsv([[...WEIGH_IN_COLUMNS], ...entries.map((entry) => [entry.date, entry.weight_kg])]);
}

export interface WeighInRow extends WeighInEntry {
  line: number;
  /** The weight logged that day now, which the import replaces. */
  replacesKg?: number;
}

export interface WeighInImport {
  rows: WeighInRow[];
  skipped: { line: number; reason: string }[];
  /** Set when the file cannot be read at all. */
  problem?: string;
}

/**
 * The weigh-ins of a CSV file, checked as log_weight checks them, with every row left out and why.
 * Nothing is imported twice: a day already logged with the same weight is left out, and so is a
 * day repeated in the file (the first row counts). A day logged with another weight is replaced,
 * as logging it again does, and the preview says so.
 */
export function readWeighInCsv(
  text: string,
  existing: readonly WeighInEntry[],
  today: string,
): WeighInImport {
  const [header, ...body] = parseCsv(text);
  const columns = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const dateColumn = columns.indexOf("date");
  const kgColumn = columns.indexOf("weight_kg");
  const lbColumn = columns.indexOf("weight_lb");
  if (dateColumn === -1 || (kgColumn === -1 && lbColumn === -1)) {
    return {
      rows: [],
      skipped: [],
      problem: "The first line must name the columns date and weight_kg (or weight_lb).",
    };
  }
  const logged = new Map(existing.map((entry) => [entry.date, entry.weight_kg]));
  const seen = new Map<string, number>();
  const rows: WeighInRow[] = [];
  const skipped: { line: number; reason: string }[] = [];
  for (const { line, fields } of body) {
    const date = fields[dateColumn]?.trim() ?? "";
    const weightText =
      (kgColumn !== -1 ? fields[kgColumn] : fields[lbColumn])?.trim().replace(",", ".") ?? "";
    const number = Number(weightText);
    const weightKg = Math.round((kgColumn !== -1 ? number : number / LB_PER_KG) * 100) / 100;
    const reason = !LogDateSchema.safeParse(date).success
      ? `"${date}" is not a date as YYYY-MM-DD from 1900 on.`
      : date > today
        ? `${date} is in the future.`
        : weightText === "" || !Number.isFinite(number)
          ? `"${weightText}" is not a weight.`
          : weightKg < WEIGHT_KG_MIN || weightKg > WEIGHT_KG_MAX
            ? `${weightKg} kg is outside ${WEIGHT_KG_MIN}–${WEIGHT_KG_MAX} kg.`
            : seen.has(date)
              ? `${date} is already on line ${seen.get(date)}.`
              : logged.get(date) === weightKg
                ? `${date} is already logged with ${weightKg} kg.`
                : null;
    if (reason) {
      skipped.push({ line, reason });
      continue;
    }
    seen.set(date, line);
    const before = logged.get(date);
    rows.push({ line, date, weight_kg: weightKg, ...(before === undefined ? {} : { replacesKg: before }) });
  }
  return { rows, skipped };
}
