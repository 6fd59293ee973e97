import { useId, useState } from "react";
import type { ChangeEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ImportWorkoutHistoryResponse } from "@fitwise/contracts/workout-import";
import { Button } from "../../../components/Button";
import { queryKeys } from "../../../lib/query-keys";
import { importWorkoutHistory } from "../api/import-workout-history";
import styles from "./Account.module.css";
import { SkippedRows } from "./SkippedRows";

const APP_NAMES = { strong: "Strong", hevy: "Hevy" } as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * Workout history from Strong's or Hevy's CSV export (docs/decisions/067): the server reads the file and shows a
 * preview — which of our exercises each name became, the names it could not match, every row left out and why —
 * and imports only after the person confirms. Sets already logged are never written again.
 */
export function WorkoutHistoryImport() {
  const fileId = useId();
  const unitId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [unit, setUnit] = useState<"kg" | "lb">("kg");
  const [preview, setPreview] = useState<ImportWorkoutHistoryResponse | null>(null);
  const [problem, setProblem] = useState("");
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const showPreview = async (csvText: string, weightUnit: "kg" | "lb") => {
    setBusy(true);
    setProblem("");
    setPreview(null);
    try {
      setPreview(await importWorkoutHistory(csvText, weightUnit, true));
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : "The file could not be read.");
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setStatus("");
    if (!file) {
      setText(null);
      setPreview(null);
      return;
    }
    const csvText = await file.text();
    setText(csvText);
    await showPreview(csvText, unit);
  };

  const onUnit = (next: "kg" | "lb") => {
    setUnit(next);
    if (text !== null) void showPreview(text, next);
  };

  const onImport = async () => {
    if (text === null) return;
    setBusy(true);
    try {
      const done = await importWorkoutHistory(text, unit, false);
      setStatus(`Imported ${plural(done.imported, "set")}.`);
      setPreview(null);
      setText(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.workoutHistory() });
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : "The import failed; nothing was changed.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.import}>
      <h3>Import workout history</h3>
      <label htmlFor={fileId}>CSV export from Strong or Hevy</label>
      <input id={fileId} type="file" accept=".csv,text/csv" onChange={(event) => void onFile(event)} />
      <label htmlFor={unitId}>Weights in the file (Strong's export does not say)</label>
      <select
        id={unitId}
        value={unit}
        onChange={(event) => onUnit(event.target.value === "lb" ? "lb" : "kg")}
      >
        <option value="kg">kg</option>
        <option value="lb">lb</option>
      </select>
      {problem ? <p role="alert">{problem}</p> : null}
      {preview ? (
        <>
          <p>
            {APP_NAMES[preview.format]} export
            {preview.first_date ? `, ${preview.first_date} to ${preview.last_date}` : ""}:{" "}
            {plural(preview.sets_new, "new set")} to import
            {preview.sets_already_logged > 0
              ? `, ${preview.sets_already_logged} already logged (kept as they are)`
              : ""}
            .{preview.rir_defaulted ? " Sets without an RPE are logged with 2 reps in reserve." : ""}
          </p>
          {/* Focusable: a long preview scrolls inside its box, and keyboard users must be able to scroll it. */}
          <table className={styles.preview} data-testid="workout-import-preview" tabIndex={0}>
            <caption>{plural(preview.exercises.length, "exercise")} matched</caption>
            <thead>
              <tr>
                <th scope="col">In the file</th>
                <th scope="col">In Fitwise</th>
                <th scope="col">Sets</th>
              </tr>
            </thead>
            <tbody>
              {preview.exercises.map((exercise) => (
                <tr key={exercise.exercise_id}>
                  <td>{exercise.file_names.join(", ")}</td>
                  <td>{exercise.exercise_name}</td>
                  <td>{exercise.sets}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.unmatched.length > 0 ? (
            <p>
              Not in our exercise library, so left out:{" "}
              {preview.unmatched
                .map((entry) => `${entry.file_name} (${plural(entry.sets, "set")})`)
                .join(", ")}
              .
            </p>
          ) : null}
          <SkippedRows rows={preview.skipped} total={preview.skipped_count} testId="workout-import-skipped" />
          <Button busy={busy} disabled={preview.sets_new === 0} onClick={() => void onImport()}>
            Import {plural(preview.sets_new, "set")}
          </Button>
        </>
      ) : null}
      <p role="status">{busy && !preview ? "Reading the file…" : status}</p>
    </div>
  );
}
