import type { DiaryWeekDay } from "@fitwise/contracts/my-foods";
import { formatGrams, formatKcal } from "@fitwise/engine/nutrition/number-format";
import { Button } from "../../../components/Button";
import { ErrorBox } from "../../../components/ErrorBox";
import { Spinner } from "../../../components/Spinner";
import { localIsoDate } from "../../../lib/local-date";
import { useDiaryWeek } from "../api/get-diary-week";
import styles from "./Progress.module.css";

function dayName(date: string): string {
  return new Date(`${date}T12:00:00`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
  });
}

/** The share of the target eaten as a bar width, capped so a big day does not push the table wider. */
function barPercent(day: DiaryWeekDay): number {
  if (day.target_kcal === null || day.target_kcal <= 0) return 0;
  return Math.min(100, Math.round((day.energy_kcal / day.target_kcal) * 100));
}

/**
 * The last seven days of the food diary (docs/decisions/068): a plain table, read by screen readers as one, with
 * a bar drawn by CSS beside each day's energy (no chart library; the figures are the text).
 */
export function DiaryWeek() {
  const week = useDiaryWeek(localIsoDate());
  let body;
  if (week.isError && week.data === undefined) {
    body = (
      <ErrorBox alert>
        <p>We couldn't load your week. Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void week.refetch()}>
          Try again
        </Button>
      </ErrorBox>
    );
  } else if (week.data === undefined) {
    body = <Spinner label="Loading your week…" size={24} />;
  } else if (week.data.days.every((day) => day.energy_kcal === 0 && !day.complete)) {
    body = (
      <p className={styles.muted}>Nothing in your food diary this week yet: log what you eat on My Diet.</p>
    );
  } else {
    body = (
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="diary-week">
          <caption className={styles.visuallyHidden}>
            Energy and protein eaten each day of the last 7 days
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Eaten of target</th>
              <th scope="col">Protein</th>
              <th scope="col">Complete</th>
            </tr>
          </thead>
          <tbody>
            {week.data.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayName(day.date)}</th>
                <td>
                  {formatKcal(day.energy_kcal)}
                  {day.target_kcal === null ? null : <> of {formatKcal(day.target_kcal)}</>}
                  <span className={styles.weekBar} aria-hidden="true">
                    <span style={{ width: `${barPercent(day)}%` }} />
                  </span>
                </td>
                <td>{formatGrams(day.protein_g)}</td>
                <td>{day.complete ? "✓ complete" : day.counted ? "counted" : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="diary-week-title">
      <h2 id="diary-week-title" className={styles.cardTitle}>
        Food diary: last 7 days
      </h2>
      {body}
    </section>
  );
}
