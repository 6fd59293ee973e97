import { lazy, Suspense, useState } from "react";
import type { WorkoutItem } from "@fitwise/contracts/plans";
import { COOLDOWN, REST_DAY_NAME, WARMUP } from "@fitwise/engine/workouts/exercise.types";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import styles from "./WorkoutLogger.module.css";

// The session needs the exercise library (equipment for the next load step): its own chunk, loaded on start.
const WorkoutSession = lazy(async () => ({ default: (await import("./WorkoutSession")).WorkoutSession }));

const NOT_LOGGED = new Set<string>([WARMUP, COOLDOWN, REST_DAY_NAME]);

/** "Start workout" for the shown day; the logging session opens below it (issue 16). */
export function WorkoutLogger({ items }: { items: readonly WorkoutItem[] }) {
  const [started, setStarted] = useState(false);
  if (!items.some((item) => !NOT_LOGGED.has(item["Body Part Targeted"].trim()))) return null;
  if (!started) {
    return (
      <div className={styles.start}>
        <Button onClick={() => setStarted(true)}>Start workout</Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Opening your workout…" size={24} />}>
      <WorkoutSession items={items} onFinish={() => setStarted(false)} />
    </Suspense>
  );
}
