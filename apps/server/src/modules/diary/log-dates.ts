import { isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { HttpError } from "../../http/errors";

// The dates every log takes (food, plan meals eaten, weigh-ins, sets): here, the lowest module holding a log,
// so the progress module above uses the same rule (docs/decisions/075).

/**
 * The latest calendar day a log may carry: the server's UTC day plus one, because the user's own
 * day runs up to 14 hours ahead of UTC (UTC+14, Line Islands). Later dates are in the future
 * everywhere on Earth.
 */
export function latestAllowedDay(now: Date): number {
  return isoDayNumber(now.toISOString().slice(0, 10)) + 1;
}

export function refuseFutureDate(date: string, now: Date, path = "date"): void {
  if (isoDayNumber(date) > latestAllowedDay(now)) {
    const message = "Dates in the future are not accepted.";
    throw new HttpError(400, "validation_failed", message, [{ path, message }]);
  }
}
