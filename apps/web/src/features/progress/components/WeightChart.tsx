import { useEffect, useId, useRef, useState } from "react";
import type { ProgressResponse } from "@fitwise/contracts/progress";
import { formatWeight, fromKg, type WeightUnit } from "../../../lib/weight-unit";
import { chartScales, dateTicks, withoutGaps, type ChartBox } from "./chart-scale";
import styles from "./Progress.module.css";

const BOX: ChartBox = { width: 640, height: 260, left: 48, right: 16, top: 16, bottom: 36 };

/**
 * The figure's width in CSS pixels, so the SVG is drawn at 1:1 and its 12 px labels stay 12 px on a
 * phone instead of shrinking with a fixed viewBox.
 */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Weigh-ins (dots) and the smoothed trend (line), drawn as plain SVG: two series on a date axis
 * need no chart library (docs/decisions/022). `progress` holds the chosen window's points only. Screen
 * readers get a one-sentence summary here and the full figures in the table beside it.
 */
export function WeightChart({
  progress,
  unit,
}: {
  progress: Pick<ProgressResponse, "entries" | "trend">;
  unit: WeightUnit;
}) {
  const titleId = useId();
  const descId = useId();
  const { ref, width } = useWidth<HTMLElement>(BOX.width);
  const box = { ...BOX, width };
  const weighIns = progress.entries.map((entry) => ({
    date: entry.date,
    value: fromKg(entry.weight_kg, unit),
  }));
  const trend = progress.trend.map((point) => ({ date: point.date, value: fromKg(point.trend_kg, unit) }));
  const { x, y, ticks: valueTicks } = chartScales([...weighIns, ...trend], box);
  const first = weighIns[0];
  const last = weighIns.at(-1);
  const lastTrend = progress.trend.at(-1);
  const ticks = dateTicks(weighIns, box);
  const summary =
    first && last && lastTrend
      ? `${weighIns.length} weigh-ins from ${first.date} to ${last.date}; the trend is at ${formatWeight(lastTrend.trend_kg, unit)}.`
      : "No weigh-ins yet.";

  return (
    <figure ref={ref} className={styles.chart} data-testid="weight-chart">
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className={styles.chartSvg}
      >
        <title id={titleId}>Weight and trend</title>
        <desc id={descId}>{summary}</desc>
        {valueTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={BOX.left}
              x2={box.width - box.right}
              y1={y(tick)}
              y2={y(tick)}
              className={styles.grid}
            />
            <text x={BOX.left - 8} y={y(tick) + 4} textAnchor="end" className={styles.axisLabel}>
              {tick}
            </text>
          </g>
        ))}
        {ticks.map((tick, index) => (
          <text
            key={tick.date}
            x={x(tick.date)}
            y={BOX.height - 12}
            // The outer labels align inwards so they are never cut off at the edges.
            textAnchor={
              ticks.length === 1
                ? "middle"
                : index === 0
                  ? "start"
                  : index === ticks.length - 1
                    ? "end"
                    : "middle"
            }
            className={styles.axisLabel}
            data-testid="date-label"
          >
            {tick.label}
          </text>
        ))}
        {withoutGaps(trend).map((run) => (
          <polyline
            key={run[0]?.date}
            points={run.map((point) => `${x(point.date)},${y(point.value)}`).join(" ")}
            className={styles.trendLine}
            data-testid="trend-line"
          />
        ))}
        {weighIns.map((point) => (
          <circle
            key={point.date}
            cx={x(point.date)}
            cy={y(point.value)}
            r={4}
            className={styles.weighInDot}
            data-testid="weigh-in-dot"
          />
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendDot} aria-hidden="true" /> Weigh-ins ({unit})
        <span className={styles.legendLine} aria-hidden="true" /> Trend (smoothed)
      </figcaption>
    </figure>
  );
}
