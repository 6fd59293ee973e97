/**
 * Whole seconds left until `endsAtMs`, from the clock rather than by counting ticks: a background
 * tab's timers are throttled (to once a minute in Chrome), so counting would fall behind; reading
 * the clock is right whenever the page looks again.
 */
export function remainingSeconds(endsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}

/** 90 → "1:30". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
