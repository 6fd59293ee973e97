import {
  WORKOUT_IMPORT_SKIPPED_LISTED,
  type ImportWorkoutHistoryRequest,
  type ImportWorkoutHistoryResponse,
} from "@fitwise/contracts/workout-import";
import { SET_NUMBER_MAX } from "@fitwise/contracts/progress";
import { isoDateOfDay } from "@fitwise/engine/progress/weight-trend";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { latestAllowedDay } from "../diary/log-dates";
import { insertSetsKeepingLogged, loggedSetKeys, setKey, type SetRow } from "./progress.repository";
import { matchExercise } from "./workout-import.names";
import { parseWorkoutFile } from "./workout-import.parser";

/** The workout logger's default reps in reserve, used where the file has no RPE. */
const DEFAULT_RIR = 2;

/** RPE 10 is no rep left, RPE 8 two (the RIR-based RPE scale, Zourdos et al. 2016, J Strength Cond Res 30(1)). */
function rirOf(rpe: number | null): number {
  return rpe === null ? DEFAULT_RIR : Math.min(10, Math.max(0, Math.round(10 - rpe)));
}

/**
 * import_workout_history: the file's work sets matched to our library and numbered per day and exercise in file
 * order (so the same file always gives the same set numbers), previewed, and — unless a dry run — written, leaving
 * every set already logged as it is.
 */
export async function importWorkoutHistory(
  db: Database,
  userId: string,
  input: ImportWorkoutHistoryRequest,
  now: Date,
): Promise<ImportWorkoutHistoryResponse> {
  const file = parseWorkoutFile(input.csv_text, input.weight_unit);
  if (!file) {
    throw new HttpError(
      422,
      "unknown_workout_file",
      "This is not a Strong or Hevy export: its first line must name their columns (Strong: Date, Exercise Name, Set Order…; Hevy: start_time, exercise_title, set_index…).",
    );
  }
  const lastAllowed = isoDateOfDay(latestAllowedDay(now));
  const skipped = [...file.skipped];
  const unmatched = new Map<string, number>();
  const setsSoFar = new Map<string, number>();
  const rows: (SetRow & { fileName: string; exerciseName: string })[] = [];
  let rirDefaulted = false;
  for (const set of file.sets) {
    const exercise = matchExercise(set.exerciseName);
    if (!exercise) {
      unmatched.set(set.exerciseName, (unmatched.get(set.exerciseName) ?? 0) + 1);
      skipped.push({ line: set.line, reason: `no exercise of ours matches "${set.exerciseName}".` });
      continue;
    }
    if (set.date > lastAllowed) {
      skipped.push({ line: set.line, reason: `${set.date} is in the future.` });
      continue;
    }
    const dayKey = `${set.date}|${exercise.id}`;
    const setNumber = (setsSoFar.get(dayKey) ?? 0) + 1;
    setsSoFar.set(dayKey, setNumber);
    if (setNumber > SET_NUMBER_MAX) {
      skipped.push({
        line: set.line,
        reason: `set ${setNumber} of ${exercise.name} on ${set.date}; the logger keeps ${SET_NUMBER_MAX} a day.`,
      });
      continue;
    }
    if (set.rpe === null) rirDefaulted = true;
    rows.push({
      date: set.date,
      exercise_id: exercise.id,
      set_number: setNumber,
      reps: set.reps,
      load_kg: set.loadKg,
      rir: rirOf(set.rpe),
      fileName: set.exerciseName,
      exerciseName: exercise.name,
    });
  }

  const dates = rows.map((row) => row.date).sort();
  const firstDate = dates[0] ?? null;
  const lastDate = dates.at(-1) ?? null;
  const logged =
    firstDate && lastDate ? await loggedSetKeys(db, userId, firstDate, lastDate) : new Set<string>();
  const isLogged = (row: SetRow) => logged.has(setKey(row.date, row.exercise_id, row.set_number));
  const fresh = rows.filter((row) => !isLogged(row));

  const byExercise = new Map<string, ImportWorkoutHistoryResponse["exercises"][number]>();
  for (const row of rows) {
    const entry = byExercise.get(row.exercise_id) ?? {
      exercise_id: row.exercise_id,
      exercise_name: row.exerciseName,
      file_names: [],
      sets: 0,
      already_logged: 0,
    };
    if (!entry.file_names.includes(row.fileName)) entry.file_names.push(row.fileName);
    entry.sets += 1;
    if (isLogged(row)) entry.already_logged += 1;
    byExercise.set(row.exercise_id, entry);
  }

  const imported = input.dry_run
    ? 0
    : await db.transaction().execute((trx) => insertSetsKeepingLogged(trx, userId, fresh));
  skipped.sort((a, b) => a.line - b.line);
  return {
    format: file.format,
    exercises: [...byExercise.values()].sort(
      (a, b) => b.sets - a.sets || a.exercise_name.localeCompare(b.exercise_name),
    ),
    unmatched: [...unmatched]
      .map(([file_name, sets]) => ({ file_name, sets }))
      .sort((a, b) => b.sets - a.sets),
    sets_new: fresh.length,
    sets_already_logged: rows.length - fresh.length,
    first_date: firstDate,
    last_date: lastDate,
    rir_defaulted: rirDefaulted,
    skipped: skipped.slice(0, WORKOUT_IMPORT_SKIPPED_LISTED),
    skipped_count: skipped.length,
    imported,
  };
}
