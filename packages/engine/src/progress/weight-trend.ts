/** A weigh-in: a calendar date (YYYY-MM-DD, the user's own day) and the scale's reading. */
export interface WeighIn {
  date: string;
  weightKg: number;
}

export interface TrendPoint {
  date: string;
  weightKg: number;
  trendKg: number;
}

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since 1970-01-01 of a YYYY-MM-DD date; NaN when it is not a real calendar date. */
export function isoDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return Number.NaN;
  return time / MS_PER_DAY;
}

export function isoDateOfDay(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Smoothing of the trend: each day the trend moves 10 % of the way to that day's weight, as in
 * John Walker's "The Hacker's Diet" (1991, chapter "Signal and Noise": an exponentially smoothed
 * moving average with 10 % smoothing). It hides the day-to-day water swings of ±1 kg and shows
 * the direction within a week or two.
 */
export const TREND_SMOOTHING = 0.1;

function sortedByDate(entries: readonly WeighIn[]): WeighIn[] {
  return [...entries].sort((a, b) => isoDayNumber(a.date) - isoDayNumber(b.date));
}

/**
 * The exponentially smoothed trend at each weigh-in. Days without a weigh-in are filled by linear
 * interpolation between the neighbouring ones (as The Hacker's Diet does), so the trend moves by
 * calendar days, not by entries; the trend starts at the first weigh-in.
 */
export function weightTrend(entries: readonly WeighIn[], alpha = TREND_SMOOTHING): TrendPoint[] {
  const sorted = sortedByDate(entries);
  const first = sorted[0];
  if (!first) return [];
  const points: TrendPoint[] = [{ ...first, trendKg: first.weightKg }];
  let trend = first.weightKg;
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1] ?? first;
    const current = sorted[index] ?? first;
    const gapDays = isoDayNumber(current.date) - isoDayNumber(previous.date);
    for (let step = 1; step <= gapDays; step += 1) {
      const dayWeight = previous.weightKg + ((current.weightKg - previous.weightKg) * step) / gapDays;
      trend += alpha * (dayWeight - trend);
    }
    points.push({ ...current, trendKg: trend });
  }
  return points;
}

/** Least-squares slope (per unit of x) of the points; undefined with fewer than two distinct x. */
export function leastSquaresSlope(points: ReadonlyArray<{ x: number; y: number }>): number | undefined {
  const n = points.length;
  if (n < 2) return undefined;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const point of points) {
    sxy += (point.x - meanX) * (point.y - meanY);
    sxx += (point.x - meanX) ** 2;
  }
  return sxx === 0 ? undefined : sxy / sxx;
}

/** How many days of trend the weekly rate looks back over: two weeks evens out one odd week. */
export const WEEKLY_RATE_WINDOW_DAYS = 14;

/**
 * Weekly rate of change of the trend (kg a week, negative = losing): the least-squares slope of the
 * trend over the last two weeks of weigh-ins, times 7. Undefined until two weigh-ins a day or more
 * apart exist in that window.
 */
export function weeklyRateKg(trend: readonly TrendPoint[]): number | undefined {
  const last = trend.at(-1);
  if (!last) return undefined;
  const end = isoDayNumber(last.date);
  const recent = trend
    .filter((point) => end - isoDayNumber(point.date) <= WEEKLY_RATE_WINDOW_DAYS)
    .map((point) => ({ x: isoDayNumber(point.date), y: point.trendKg }));
  const slope = leastSquaresSlope(recent);
  return slope === undefined ? undefined : slope * 7;
}
