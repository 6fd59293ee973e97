import type { ProgressResponse } from "@fitwise/contracts/progress";
import { Button } from "../../../components/Button";
import { useAlert } from "../../../lib/alerts";
import { useLogWeight } from "../../../lib/log-weight";
import { formatWeight, type WeightUnit } from "../../../lib/weight-unit";
import { useDeleteWeight } from "../api/delete-weight";
import styles from "./Progress.module.css";

/** The window's weigh-ins with their trend values, newest first: the chart's figures as a table, and where entries are deleted. */
export function WeighInTable({
  entries,
  trend,
  unit,
}: {
  entries: ProgressResponse["entries"];
  trend: ProgressResponse["trend"];
  unit: WeightUnit;
}) {
  const { showAlert } = useAlert();
  const remove = useDeleteWeight();
  const restore = useLogWeight();
  // Deleting asks nothing, and the alert offers Undo, which logs the same weigh-in again.
  const onDelete = (entry: { date: string; weight_kg: number }) =>
    remove.mutate(entry.date, {
      onSuccess: () =>
        showAlert(
          "success",
          <>
            Deleted the weigh-in of {entry.date} ({formatWeight(entry.weight_kg, unit)}).{" "}
            <Button
              variant="link"
              onClick={() =>
                restore.mutate(entry, {
                  onSuccess: () => showAlert("success", `Restored the weigh-in of ${entry.date}.`),
                  onError: () =>
                    showAlert("error", "We couldn't restore that weigh-in. Please log it again."),
                })
              }
            >
              Undo
            </Button>
          </>,
        ),
      onError: () => showAlert("error", "We couldn't delete that weigh-in. Please try again."),
    });
  const trendByDate = new Map(trend.map((point) => [point.date, point.trend_kg]));
  const rows = [...entries].reverse();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="weigh-in-table">
        <caption className={styles.caption}>Weigh-ins and trend</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight</th>
            <th scope="col">Trend</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const trendKg = trendByDate.get(entry.date);
            return (
              <tr key={entry.date}>
                <th scope="row">{entry.date}</th>
                <td>{formatWeight(entry.weight_kg, unit)}</td>
                <td>{trendKg === undefined ? "–" : formatWeight(trendKg, unit)}</td>
                <td>
                  <Button
                    variant="link"
                    aria-label={`Delete the weigh-in of ${entry.date}`}
                    disabled={remove.isPending}
                    onClick={() => onDelete(entry)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
