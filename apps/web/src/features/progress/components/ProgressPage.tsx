import { lazy, Suspense } from "react";
import { Button } from "../../../components/Button";
import { ErrorBox } from "../../../components/ErrorBox";
import { PageTitle } from "../../../components/PageTitle";
import { Spinner } from "../../../components/Spinner";
import { WeighInForm } from "../../../components/WeighInForm";
import { useProgress } from "../../../lib/get-progress";
import { formatWeight, useWeightUnit } from "../../../lib/weight-unit";
import { AdaptiveTargetCard } from "./AdaptiveTargetCard";
import { WeighInTable } from "./WeighInTable";
import styles from "./Progress.module.css";

// The chart is its own chunk: the page's figures show while it loads.
const WeightChart = lazy(async () => ({ default: (await import("./WeightChart")).WeightChart }));

function weeklyRateText(rateKg: number | null, unit: ReturnType<typeof useWeightUnit>[0]): string {
  if (rateKg === null) return "Log weigh-ins on two different days to see your weekly rate.";
  if (Math.abs(rateKg) < 0.05) return "Your trend is steady.";
  return `Your trend is ${rateKg < 0 ? "going down" : "going up"} by ${formatWeight(Math.abs(rateKg), unit)} a week.`;
}

/** /progress: log weigh-ins, see them with their trend and weekly rate, and the adaptive target. */
export function ProgressPage() {
  const progress = useProgress();
  const [unit] = useWeightUnit();
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
              <Suspense fallback={<Spinner label="Loading the chart…" size={24} />}>
                <WeightChart progress={data} unit={unit} />
              </Suspense>
              <WeighInTable progress={data} unit={unit} />
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
    </section>
  );
}
