import { lazy, Suspense, useState } from "react";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import { COOLDOWN, WARMUP, type ExperienceLevel } from "@fitwise/engine/workouts/exercise.types";
import { isRestItem } from "@fitwise/engine/workouts/rest-days";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import styles from "./WorkoutLogger.module.css";

// The session needs the exercise library (equipment for the next load step): its own chunk, loaded on start.
const WorkoutSession = lazy(async () => ({ default: (await import("./WorkoutSession")).WorkoutSession }));

const BOOKENDS = new Set<string>([WARMUP, COOLDOWN]);

/** "Start workout" for the shown day; the logging session opens below it (docs/decisions/022). */
export function WorkoutLogger({
  items,
  goal,
  level,
}: {
  items: readonly WorkoutItem[];
  goal: FitnessGoal;
  level: ExperienceLevel;
}) {
  const [started, setStarted] = useState(false);
  if (!items.some((item) => !isRestItem(item) && !BOOKENDS.has(item.bodyPart.trim()))) return null;
  if (!started) {
    return (
      <div className={styles.start}>
        <Button onClick={() => setStarted(true)}>Start workout</Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Opening your workout…" size={24} />}>
      <WorkoutSession items={items} goal={goal} level={level} onFinish={() => setStarted(false)} />
    </Suspense>
  );
}
