import { isoDayNumber } from "@fitwise/engine/progress/weight-trend";

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
