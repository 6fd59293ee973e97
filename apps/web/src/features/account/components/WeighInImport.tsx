import { useId, useState } from "react";
import type { ChangeEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/Button";
import { fetchProgress } from "../../../lib/get-progress";
import { localIsoDate } from "../../../lib/local-date";
import { logWeight } from "../../../lib/log-weight";
import { queryKeys } from "../../../lib/query-keys";
import { readWeighInCsv } from "../model/weigh-in-csv";
import type { WeighInImport as Preview } from "../model/weigh-in-csv";
import styles from "./Account.module.css";
import { SkippedRows } from "./SkippedRows";

/**
 * Weigh-ins from a CSV file (date and weight_kg or weight_lb, as the weigh-in export writes them):
 * a preview of what will be logged, every row left out with its reason, then one log_weight per row
 * through the offline queue (docs/decisions/047). Days already logged with the same weight are left
 * out, so importing a file again imports nothing.
 */
export function WeighInImport() {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setStatus("");
    if (!file) {
      setPreview(null);
      return;
    }
    setBusy(true);
    try {
      const existing = (await fetchProgress()).entries;
      setPreview(readWeighInCsv(await file.text(), existing, localIsoDate()));
    } catch {
      setPreview({ rows: [], skipped: [], problem: "Your weigh-ins could not be read from the server." });
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (!preview) return;
    setBusy(true);
    let done = 0;
    let kept = 0;
    try {
      for (const row of preview.rows) {
        const outcome = await logWeight({ date: row.date, weight_kg: row.weight_kg });
        if (outcome.status === "sent") done += 1;
        else kept += 1;
      }
      setStatus(
        `Imported ${done} weigh-in${done === 1 ? "" : "s"}.` +
          (kept > 0 ? ` ${kept} kept on this device, sent when you are back online.` : ""),
      );
    } catch (caught) {
      setStatus(
        `Imported ${done} weigh-in${done === 1 ? "" : "s"}; then: ${caught instanceof Error ? caught.message : "the server refused one"}`,
      );
    } finally {
      setPreview(null);
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    }
  };

  return (
    <div className={styles.import}>
      <h3>Import weigh-ins</h3>
      <label htmlFor={inputId}>CSV file with the columns date and weight_kg (or weight_lb)</label>
      <input id={inputId} type="file" accept=".csv,text/csv" onChange={(event) => void onFile(event)} />
      {preview?.problem ? <p role="alert">{preview.problem}</p> : null}
      {preview && !preview.problem ? (
        <>
          {/* Focusable: a long preview scrolls inside its box, and keyboard users must be able to scroll it. */}
          <table className={styles.preview} data-testid="weigh-in-import-preview" tabIndex={0}>
            <caption>
              {preview.rows.length} weigh-in{preview.rows.length === 1 ? "" : "s"} to import
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Date</th>
                <th scope="col">Weight</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.date}</td>
                  <td>
                    {row.weight_kg} kg{row.replacesKg === undefined ? "" : ` (replaces ${row.replacesKg} kg)`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <SkippedRows
            rows={preview.skipped}
            total={preview.skipped.length}
            testId="weigh-in-import-skipped"
          />
          <Button busy={busy} disabled={preview.rows.length === 0} onClick={() => void onImport()}>
            Import {preview.rows.length} weigh-in{preview.rows.length === 1 ? "" : "s"}
          </Button>
        </>
      ) : null}
      <p role="status">{status}</p>
    </div>
  );
}
