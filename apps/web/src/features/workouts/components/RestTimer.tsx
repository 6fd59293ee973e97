import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/Button";
import { formatClock, remainingSeconds } from "./rest-timer";
import styles from "./WorkoutLogger.module.css";

/** A short beep through Web Audio (no sound file to download); silent where audio is unavailable. */
function beep(): void {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    oscillator.frequency.value = 880;
    oscillator.connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
    oscillator.onended = () => void context.close();
  } catch {
    // Some browsers refuse audio without a recent gesture; the visible countdown still ends.
  }
}

export interface RestTimerProps {
  endsAtMs: number;
  totalSeconds: number;
  /** Sound and vibration when the rest is over. */
  alert: boolean;
  onAddTime(seconds: number): void;
  onSkip(): void;
}

/**
 * The rest countdown after a logged set. It reads the time left from the clock, so it stays right
 * when the tab was in the background; screen readers hear its start and its end, not every second.
 */
export function RestTimer({ endsAtMs, totalSeconds, alert, onAddTime, onSkip }: RestTimerProps) {
  const [nowMs, setNowMs] = useState(() => Date.now());
  const alerted = useRef(false);
  const left = remainingSeconds(endsAtMs, nowMs);

  useEffect(() => {
    alerted.current = false;
    const tick = () => setNowMs(Date.now());
    const interval = window.setInterval(tick, 250);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [endsAtMs]);

  useEffect(() => {
    if (left > 0 || alerted.current) return;
    alerted.current = true;
    if (!alert) return;
    beep();
    navigator.vibrate?.([200, 100, 200]);
  }, [left, alert]);

  return (
    <div className={styles.timer} data-testid="rest-timer">
      <p className={styles.timerLabel}>{left > 0 ? "Rest" : "Rest over: next set"}</p>
      <p className={styles.timerClock} role="timer" aria-label="Rest time left" data-seconds={left}>
        {formatClock(left)}
      </p>
      <p className={styles.visuallyHidden} aria-live="polite">
        {left > 0 ? `Rest for ${formatClock(totalSeconds)}.` : "Rest over: next set."}
      </p>
      <div className={styles.timerActions}>
        <Button variant="secondary" onClick={() => onAddTime(15)}>
          +15 s
        </Button>
        <Button variant="secondary" onClick={onSkip}>
          {left > 0 ? "Skip rest" : "Close"}
        </Button>
      </div>
    </div>
  );
}
