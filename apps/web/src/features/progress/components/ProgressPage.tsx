import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/Button";
import { ErrorBox } from "../../../components/ErrorBox";
import { PageTitle } from "../../../components/PageTitle";
import { Spinner } from "../../../components/Spinner";
import { WeighInForm } from "../../../components/WeighInForm";
import { useProgress } from "../../../lib/get-progress";
import { formatWeight, useWeightUnit } from "../../../lib/weight-unit";
import { AdaptiveTargetCard } from "./AdaptiveTargetCard";
import { DiaryWeek } from "./DiaryWeek";
import { CHART_WINDOWS, inWindow, type ChartWindowId } from "./chart-scale";
import { WeighInTable } from "./WeighInTable";
import styles from "./Progress.module.css";

// The chart is its own chunk: the page's figures show while it loads.
const WeightChart = lazy(async () => ({ default: (await import("./WeightChart")).WeightChart }));

function weeklyRateText(rateKg: number | null, unit: ReturnType<typeof useWeightUnit>[0]): string {
  if (rateKg === null) return "Log weigh-ins on two different days to see your weekly rate.";
  if (Math.abs(rateKg) < 0.05) return "Your trend is steady.";
  return `Your trend is ${rateKg < 0 ? "going down" : "going up"} by ${formatWeight(Math.abs(rateKg), unit)} a week.`;
}

const WINDOW_KEY = "fitwise.progress_window";

function readWindow(): ChartWindowId {
  try {
    const stored = localStorage.getItem(WINDOW_KEY);
    return CHART_WINDOWS.find((option) => option.id === stored)?.id ?? "90d";
  } catch {
    return "90d";
  }
}

/** The span the chart and the table show, remembered in this browser (90 days at first). */
function useChartWindow(): [ChartWindowId, (next: ChartWindowId) => void] {
  const [chosen, setChosen] = useState<ChartWindowId>(readWindow);
  const choose = (next: ChartWindowId) => {
    setChosen(next);
    try {
      localStorage.setItem(WINDOW_KEY, next);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this page only.
    }
  };
  return [chosen, choose];
}

function WindowPicker({
  chosen,
  onChoose,
}: {
  chosen: ChartWindowId;
  onChoose: (next: ChartWindowId) => void;
}) {
  return (
    <fieldset className={styles.windows}>
      <legend className={styles.windowsLegend}>Show</legend>
      {CHART_WINDOWS.map((option) => (
        <label key={option.id} className={styles.window}>
          <input
            type="radio"
            name="chart-window"
            value={option.id}
            checked={chosen === option.id}
            onChange={() => onChoose(option.id)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** /progress: log weigh-ins, see them with their trend and weekly rate, and the adaptive target. */
export function ProgressPage() {
  const progress = useProgress();
  const [unit] = useWeightUnit();
  const [chartWindow, setChartWindow] = useChartWindow();
  const data = progress.data;

  let content;
  if (data === undefined) {
    content = progress.isError ? (
      <ErrorBox alert>
        <p>We couldn't load your progress. Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void progress.refetch()}>
          Try again
        </Button>
      </ErrorBox>
    ) : (
      <div className={styles.loading}>
        <Spinner label="Loading your progress…" size={28} />
      </div>
    );
  } else {
    const shown = {
      entries: inWindow(data.entries, chartWindow, data.today),
      trend: inWindow(data.trend, chartWindow, data.today),
    };
    const windowLabel = CHART_WINDOWS.find((option) => option.id === chartWindow)?.label.toLowerCase();
    content = (
      <>
        <section className={styles.card} aria-labelledby="weight-trend-title">
          <h2 id="weight-trend-title" className={styles.cardTitle}>
            Weight trend
          </h2>
          <p data-testid="weekly-rate">{weeklyRateText(data.weekly_rate_kg, unit)}</p>
          {data.entries.length === 0 ? (
            <p className={styles.muted}>No weigh-ins yet: log your first one above.</p>
          ) : (
            <>
              <WindowPicker chosen={chartWindow} onChoose={setChartWindow} />
              {shown.entries.length === 0 ? (
                <p className={styles.muted} data-testid="window-empty">
                  No weigh-ins in the last {windowLabel}.{" "}
                  <Button variant="link" onClick={() => setChartWindow("all")}>
                    Show all
                  </Button>
                </p>
              ) : (
                <>
                  <Suspense fallback={<Spinner label="Loading the chart…" size={24} />}>
                    <WeightChart progress={shown} unit={unit} />
                  </Suspense>
                  <WeighInTable entries={shown.entries} trend={shown.trend} unit={unit} />
                </>
              )}
            </>
          )}
        </section>
        <AdaptiveTargetCard progress={data} />
      </>
    );
  }

  return (
    <section className={styles.page}>
      <PageTitle>My Progress</PageTitle>
      <WeighInForm />
      {content}
      <DiaryWeek />
    </section>
  );
}
