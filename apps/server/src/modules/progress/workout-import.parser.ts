import { parseCsv } from "@fitwise/contracts/csv";
import type { WorkoutImportFormat } from "@fitwise/contracts/workout-import";
import { isoDayNumber } from "@fitwise/engine/progress/weight-trend";

/*
 * The column layouts of the two exports we read (fixtures beside this file show each):
 * - Strong, current: comma-separated, `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,
 *   Seconds,Notes,Workout Notes,RPE`; no unit column (weights are in the unit the app was set to); Set Order is a
 *   number, "W" for a warm-up, "D" for a drop set, "F" for a set to failure, or "Rest Timer" on a timer row.
 * - Strong, older: semicolon-separated, `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;
 *   Distance;Distance Unit;Seconds;Notes;Workout Notes[;Workout Duration]`, with the unit ("kg" or "lbs") per row.
 * - Hevy: `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,
 *   weight_kg|weight_lbs,reps,distance_km|distance_miles,duration_seconds,rpe`; start_time like "26 Jul 2025, 07:06";
 *   set_type "normal", "warmup", "dropset" or "failure".
 */

/** A set as the file gives it, before it is matched to our library. */
export interface FileSet {
  line: number;
  date: string;
  exerciseName: string;
  reps: number;
  loadKg: number;
  rpe: number | null;
}

export interface ParsedWorkoutFile {
  format: WorkoutImportFormat;
  sets: FileSet[];
  skipped: { line: number; reason: string }[];
}

/** docs/product.md §6.1: pounds to kilograms. */
const LB_PER_KG = 2.20462;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "2024-01-31 18:02:11", "2024-01-31 6:02:11 PM" or "31 Jan 2024, 18:02" → "2024-01-31"; null otherwise. */
function dateOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const written = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})/.exec(text);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (written) {
    const month = MONTHS.indexOf((written[2] ?? "").toLowerCase()) + 1;
    if (month > 0)
      date = `${written[3]}-${String(month).padStart(2, "0")}-${(written[1] ?? "").padStart(2, "0")}`;
  }
  return date !== null && !Number.isNaN(isoDayNumber(date)) ? date : null;
}

/** A number as either app writes it, with a decimal comma in the semicolon layout; NaN when empty or not one. */
function numberOf(text: string | undefined): number {
  const trimmed = (text ?? "").trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

interface Layout {
  format: WorkoutImportFormat;
  date: number;
  exercise: number;
  setKind: number;
  weight: number;
  reps: number;
  rpe: number;
  /** Column of a per-row unit, or the unit of every weight. */
  unit: number | "kg" | "lb";
}

function layoutOf(header: readonly string[], strongUnit: "kg" | "lb"): Layout | null {
  const at = (name: string) => header.indexOf(name);
  if (at("exercise_title") !== -1 && at("start_time") !== -1) {
    const inLb = at("weight_lbs") !== -1;
    return {
      format: "hevy",
      date: at("start_time"),
      exercise: at("exercise_title"),
      setKind: at("set_type"),
      weight: inLb ? at("weight_lbs") : at("weight_kg"),
      reps: at("reps"),
      rpe: at("rpe"),
      unit: inLb ? "lb" : "kg",
    };
  }
  if (at("exercise name") !== -1 && at("date") !== -1) {
    return {
      format: "strong",
      date: at("date"),
      exercise: at("exercise name"),
      setKind: at("set order"),
      weight: at("weight"),
      reps: at("reps"),
      rpe: at("rpe"),
      unit: at("weight unit") !== -1 ? at("weight unit") : strongUnit,
    };
  }
  return null;
}

/** Why a set is not a work set (warm-ups are not hard sets, timer rows not sets at all), or null for a work set. */
function notAWorkSet(kind: string): string | null {
  const value = kind.trim().toLowerCase();
  if (value === "w" || value === "warmup" || value === "warm-up")
    return "a warm-up set; only work sets are logged.";
  if (value === "rest timer") return "a rest timer, not a set.";
  return null;
}

/**
 * The sets of a Strong or Hevy export, each checked, with every row left out and why; null when the first line is
 * neither app's header.
 */
export function parseWorkoutFile(text: string, strongUnit: "kg" | "lb"): ParsedWorkoutFile | null {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ";" : ",";
  const [header, ...body] = parseCsv(text, delimiter);
  const layout = layoutOf(header?.fields.map((name) => name.trim().toLowerCase()) ?? [], strongUnit);
  if (!layout) return null;
  const sets: FileSet[] = [];
  const skipped: { line: number; reason: string }[] = [];
  for (const { line, fields } of body) {
    const field = (column: number) => (column === -1 ? "" : (fields[column] ?? "").trim());
    const exerciseName = field(layout.exercise);
    const date = dateOf(field(layout.date));
    const reps = numberOf(field(layout.reps));
    const weight = numberOf(field(layout.weight));
    const unit =
      typeof layout.unit === "number"
        ? field(layout.unit).toLowerCase().startsWith("lb")
          ? "lb"
          : "kg"
        : layout.unit;
    const loadKg = Number.isNaN(weight)
      ? 0
      : Math.round((unit === "lb" ? weight / LB_PER_KG : weight) * 100) / 100;
    const rpe = numberOf(field(layout.rpe));
    const reason =
      notAWorkSet(field(layout.setKind)) ??
      (exerciseName === "" ? "no exercise name." : null) ??
      (Number.isNaN(reps) || reps === 0
        ? "no reps: a timed or distance set, and the logger counts reps."
        : null) ??
      (!Number.isInteger(reps) || reps < 0 || reps > 100
        ? `${field(layout.reps)} reps is not a whole number from 1 to 100.`
        : null) ??
      (loadKg < 0 ? "a negative weight (an assisted set), which the logger does not hold." : null) ??
      (loadKg > 500 ? `${loadKg} kg is more than the 500 kg the logger holds.` : null);
    if (reason !== null) {
      skipped.push({ line, reason });
      continue;
    }
    if (date === null) {
      skipped.push({
        line,
        reason: `"${field(layout.date)}" is not a date (like 2024-01-31 18:02 or 31 Jan 2024, 18:02).`,
      });
      continue;
    }
    sets.push({
      line,
      date,
      exerciseName,
      reps,
      loadKg,
      rpe: Number.isNaN(rpe) || rpe < 1 || rpe > 10 ? null : rpe,
    });
  }
  return { format: layout.format, sets, skipped };
}
