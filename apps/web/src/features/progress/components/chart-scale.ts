import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Linear scales from dates and values to SVG coordinates, with a little room around the data. */
export function chartScales(points: readonly ChartPoint[], box: ChartBox) {
  const days = points.map((point) => isoDayNumber(point.date));
  const values = points.map((point) => point.value);
  const firstDay = Math.min(...days);
  const lastDay = Math.max(...days);
  // One weigh-in (or one day) still gets a visible span.
  const dayLow = firstDay === lastDay ? firstDay - 1 : firstDay;
  const dayHigh = firstDay === lastDay ? lastDay + 1 : lastDay;
  const valueLow = Math.floor(Math.min(...values) - 0.5);
  const valueHigh = Math.ceil(Math.max(...values) + 0.5);
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const x = (date: string) => box.left + ((isoDayNumber(date) - dayLow) / (dayHigh - dayLow)) * plotWidth;
  const y = (value: number) => box.top + ((valueHigh - value) / (valueHigh - valueLow)) * plotHeight;
  const step = Math.max(1, Math.ceil((valueHigh - valueLow) / 4));
  const ticks: number[] = [];
  for (let tick = valueLow; tick <= valueHigh; tick += step) ticks.push(tick);
  return { x, y, ticks, valueLow, valueHigh };
}

/** The spans the chart can show, newest day last; "all" shows every weigh-in however old. */
export const CHART_WINDOWS = [
  { id: "30d", label: "30 days", days: 30 },
  { id: "90d", label: "90 days", days: 90 },
  { id: "1y", label: "A year", days: 365 },
  { id: "all", label: "All", days: null },
] as const;
export type ChartWindowId = (typeof CHART_WINDOWS)[number]["id"];

/** The points of a window ending on `today` (all of them for "all"). */
export function inWindow<T extends { date: string }>(
  points: readonly T[],
  windowId: ChartWindowId,
  today: string,
): T[] {
  const days = CHART_WINDOWS.find((option) => option.id === windowId)?.days ?? null;
  if (days === null) return [...points];
  const first = isoDayNumber(today) - days + 1;
  return points.filter((point) => isoDayNumber(point.date) >= first);
}

/** Past this many days without a weigh-in the trend line is broken: a line across it would invent data. */
export const GAP_DAYS = 31;

/** Runs of points with no gap longer than GAP_DAYS between neighbours. */
export function withoutGaps<T extends { date: string }>(points: readonly T[]): T[][] {
  const runs: T[][] = [];
  let previousDay = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const day = isoDayNumber(point.date);
    if (day - previousDay > GAP_DAYS || runs.length === 0) runs.push([]);
    runs.at(-1)?.push(point);
    previousDay = day;
  }
  return runs;
}

const MS_PER_DAY = 86_400_000;
/** A date label needs about this many pixels ("27 Nov", "Nov 2026") with room between labels. */
const LABEL_SPACING_PX = 84;

/**
 * Dates for the x axis, evenly spaced in time (not by weigh-in, so they never crowd together), as many
 * as the width holds, between two and five. Spans over a year are labelled by month and year.
 */
export function dateTicks(
  points: readonly ChartPoint[],
  box: ChartBox,
): Array<{ date: string; label: string }> {
  const days = points.map((point) => isoDayNumber(point.date));
  const firstDay = Math.min(...days);
  const lastDay = Math.max(...days);
  if (!Number.isFinite(firstDay)) return [];
  const plotWidth = box.width - box.left - box.right;
  const count = lastDay === firstDay ? 1 : Math.max(2, Math.min(5, Math.floor(plotWidth / LABEL_SPACING_PX)));
  const longSpan = lastDay - firstDay > 365;
  const format = (day: number) =>
    new Date(day * MS_PER_DAY).toLocaleDateString(
      "en-GB",
      longSpan
        ? { month: "short", year: "numeric", timeZone: "UTC" }
        : { day: "numeric", month: "short", timeZone: "UTC" },
    );
  const ticks: Array<{ date: string; label: string }> = [];
  for (let index = 0; index < count; index += 1) {
    const day = count === 1 ? firstDay : Math.round(firstDay + ((lastDay - firstDay) * index) / (count - 1));
    const date = isoDateOfDay(day);
    if (!ticks.some((tick) => tick.date === date)) ticks.push({ date, label: format(day) });
  }
  return ticks;
}
