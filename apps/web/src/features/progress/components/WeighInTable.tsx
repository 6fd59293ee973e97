import type { ProgressResponse } from "@fitwise/contracts/progress";
import { Button } from "../../../components/Button";
import { useAlert } from "../../../lib/alerts";
import { formatWeight, type WeightUnit } from "../../../lib/weight-unit";
import { useDeleteWeight } from "../api/delete-weight";
import styles from "./Progress.module.css";

/** Every weigh-in with its trend value, newest first: the chart's figures as a table, and where entries are deleted. */
export function WeighInTable({ progress, unit }: { progress: ProgressResponse; unit: WeightUnit }) {
  const { showAlert } = useAlert();
  const remove = useDeleteWeight();
  const trendByDate = new Map(progress.trend.map((point) => [point.date, point.trend_kg]));
  const rows = [...progress.entries].reverse();
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
                    onClick={() =>
                      remove.mutate(entry.date, {
                        onError: () =>
                          showAlert("error", "We couldn't delete that weigh-in. Please try again."),
                      })
                    }
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
