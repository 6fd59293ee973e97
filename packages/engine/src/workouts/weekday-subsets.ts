import { WEEKDAYS, type Weekday } from "./exercise.types";

/** Every choice of `min`..`max` distinct weekdays, each in Monday→Sunday order (C(7,3)+…+C(7,6) = 98 for 3..6). */
export function weekdaySubsets(min: number, max: number): Weekday[][] {
  const subsets: Weekday[][] = [];
  for (let mask = 0; mask < 1 << WEEKDAYS.length; mask += 1) {
    const days = WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0);
    if (days.length >= min && days.length <= max) subsets.push(days);
  }
  return subsets;
}
