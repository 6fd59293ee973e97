import { useId, useState } from "react";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { LoggedSetEntry, WorkoutHistoryResponse } from "@fitwise/contracts/progress";
import { LOAD_KG_MAX, REPS_MAX } from "@fitwise/contracts/progress";
import { parseRepRange, suggestNextStep } from "@fitwise/engine/progress/double-progression";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import { findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import type { Exercise } from "@fitwise/engine/workouts/exercise.types";
import { COOLDOWN, WARMUP, type ExperienceLevel } from "@fitwise/engine/workouts/exercise.types";
import { restSeconds } from "@fitwise/engine/workouts/prescription-guide";
import { Button } from "../../../components/Button";
import { useAlert } from "../../../lib/alerts";
import { ApiError } from "../../../lib/api-client";
import { localIsoDate } from "../../../lib/local-date";
import { formatWeight, fromKg, toKg, useWeightUnit, type WeightUnit } from "../../../lib/weight-unit";
import { useWorkoutHistory } from "../api/get-workout-history";
import { useLogWorkoutSet } from "../api/log-workout-set";
import { RestTimer } from "./RestTimer";
import styles from "./WorkoutLogger.module.css";

interface LoggableExercise {
  item: WorkoutItem;
  exercise: Exercise;
}

type Session = WorkoutHistoryResponse["exercises"][number]["sessions"][number];

const RIR_CHOICES = [0, 1, 2, 3, 4, 5];

function setsText(sets: readonly LoggedSetEntry[], unit: WeightUnit): string {
  return sets
    .map((set) => (set.load_kg > 0 ? `${set.reps} × ${formatWeight(set.load_kg, unit)}` : `${set.reps} reps`))
    .join(" · ");
}

function suggestionText(
  item: WorkoutItem,
  exercise: Exercise,
  previous: Session | undefined,
  unit: WeightUnit,
) {
  if (!previous) return null;
  const step = suggestNextStep({
    sets: previous.sets.map((set) => ({
      setNumber: set.set_number,
      reps: set.reps,
      loadKg: set.load_kg,
      rir: set.rir,
    })),
    reps: item.reps,
    equipment: exercise.equipment,
  });
  if (!step) return null;
  if (step.kind === "increase_load")
    return `Every set reached ${step.reps.max} reps: go up to ${formatWeight(step.loadKg, unit)} for ${step.reps.min}–${step.reps.max} reps.`;
  if (step.kind === "more_reps") return `Every set reached the top: aim for ${step.targetReps} reps a set.`;
  return `Stay at ${formatWeight(step.loadKg, unit)} and beat last time's reps (goal: ${step.reps.max} on every set).`;
}

function rounded(value: number): string {
  return String(Math.round(value * 10) / 10);
}

interface SetRowProps {
  exerciseId: string;
  exerciseName: string;
  setNumber: number;
  defaults: { reps: number; loadKg: number; rir: number };
  logged: LoggedSetEntry | undefined;
  unit: WeightUnit;
  onLogged(restSeconds: number): void;
  restSeconds: number;
}

function SetRow({
  exerciseId,
  exerciseName,
  setNumber,
  defaults,
  logged,
  unit,
  onLogged,
  restSeconds,
}: SetRowProps) {
  const id = useId();
  const { showAlert } = useAlert();
  const log = useLogWorkoutSet();
  const [reps, setReps] = useState(String(logged?.reps ?? defaults.reps));
  const [load, setLoad] = useState(rounded(fromKg(logged?.load_kg ?? defaults.loadKg, unit)));
  const [rir, setRir] = useState(String(logged?.rir ?? defaults.rir));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (reps.trim() === "") {
      setError("Enter the reps you did.");
      return;
    }
    if (load.trim() === "") {
      setError("Enter the load (0 for body weight).");
      return;
    }
    const repsValue = Number(reps);
    const loadKg = Math.round(toKg(Number(load.replace(",", ".")), unit) * 100) / 100;
    if (!Number.isInteger(repsValue) || repsValue < 0 || repsValue > REPS_MAX) {
      setError(`Reps must be a whole number from 0 to ${REPS_MAX}.`);
      return;
    }
    if (!Number.isFinite(loadKg) || loadKg < 0 || loadKg > LOAD_KG_MAX) {
      setError(`Load must be between 0 and ${formatWeight(LOAD_KG_MAX, unit)}.`);
      return;
    }
    setError(null);
    log.mutate(
      {
        request: {
          date: localIsoDate(),
          exercise_id: exerciseId,
          set_number: setNumber,
          reps: repsValue,
          load_kg: loadKg,
          rir: Number(rir),
        },
        exerciseName,
      },
      {
        onSuccess: () => onLogged(restSeconds),
        onError: (failure) =>
          showAlert(
            "error",
            failure instanceof ApiError ? failure.message : "We couldn't save that set. Please try again.",
          ),
      },
    );
  };

  return (
    <fieldset className={styles.setRow} data-logged={logged ? true : undefined}>
      <legend className={styles.setLegend}>
        Set {setNumber}
        {logged ? <span className={styles.done}> ✓ logged</span> : null}
      </legend>
      <label className={styles.field} htmlFor={`${id}-reps`}>
        Reps
        <input
          id={`${id}-reps`}
          type="number"
          inputMode="numeric"
          min={0}
          max={REPS_MAX}
          value={reps}
          onChange={(event) => setReps(event.target.value)}
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-load`}>
        Load ({unit})
        <input
          id={`${id}-load`}
          // Text, not number: a number field drops the decimal comma ("22,5") in an English browser.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={load}
          onChange={(event) => setLoad(event.target.value)}
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-rir`}>
        Reps in reserve
        <select id={`${id}-rir`} value={rir} onChange={(event) => setRir(event.target.value)}>
          {RIR_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 5 ? "5+" : choice}
            </option>
          ))}
        </select>
      </label>
      <Button onClick={submit} busy={log.isPending} aria-label={`Log set ${setNumber} of ${exerciseName}`}>
        {logged ? "Update" : "Log set"}
      </Button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A started workout: per exercise, log each set's reps, load and reps in reserve beside last
 * session's numbers and the double-progression suggestion; a rest timer starts after each logged
 * set (docs/decisions/022).
 */
export function WorkoutSession({
  items,
  goal,
  level,
  onFinish,
}: {
  items: readonly WorkoutItem[];
  /** The plan's goal and level: the rest timer starts from the same rest time the plan screen shows. */
  goal: FitnessGoal;
  level: ExperienceLevel;
  onFinish(): void;
}) {
  const [unit, setUnit] = useWeightUnit();
  const [alertOn, setAlertOn] = useState(false);
  const [timer, setTimer] = useState<{ endsAtMs: number; totalSeconds: number } | null>(null);
  const history = useWorkoutHistory();
  const today = localIsoDate();
  // The plan day being trained, which need not be today's weekday (Monday's session done on a Thursday).
  const sessionDay = items.find((item) => item.day.trim() !== "")?.day;

  const exercises: LoggableExercise[] = items.flatMap((item) => {
    const bodyPart = item.bodyPart.trim();
    if (bodyPart === WARMUP || bodyPart === COOLDOWN) return [];
    const exercise = findExerciseByName(item.name);
    return exercise ? [{ item, exercise }] : [];
  });

  const startRest = (seconds: number) =>
    setTimer({ endsAtMs: Date.now() + seconds * 1000, totalSeconds: seconds });

  return (
    <section className={styles.logger} aria-labelledby="workout-logger-title">
      <div className={styles.loggerHeader}>
        <h2 id="workout-logger-title" className={styles.loggerTitle}>
          {sessionDay ? `${sessionDay}'s workout` : "Workout"}
        </h2>
        <p className={styles.loggedFor}>Sets are logged for today, {today}.</p>
        <fieldset className={styles.options}>
          <legend className={styles.visuallyHidden}>Logging options</legend>
          <label className={styles.inline}>
            <input type="radio" name="logger-unit" checked={unit === "kg"} onChange={() => setUnit("kg")} />{" "}
            kg
          </label>
          <label className={styles.inline}>
            <input type="radio" name="logger-unit" checked={unit === "lb"} onChange={() => setUnit("lb")} />{" "}
            lb
          </label>
          <label className={styles.inline}>
            <input type="checkbox" checked={alertOn} onChange={(event) => setAlertOn(event.target.checked)} />{" "}
            Sound and vibration when rest ends
          </label>
        </fieldset>
      </div>
      {timer ? (
        <RestTimer
          key={timer.endsAtMs}
          endsAtMs={timer.endsAtMs}
          totalSeconds={timer.totalSeconds}
          alert={alertOn}
          onAddTime={(seconds) =>
            setTimer((current) =>
              current
                ? {
                    endsAtMs: current.endsAtMs + seconds * 1000,
                    totalSeconds: current.totalSeconds + seconds,
                  }
                : current,
            )
          }
          onSkip={() => setTimer(null)}
        />
      ) : null}
      {history.data === undefined ? (
        <p>
          {history.isError ? "We couldn't load your previous sessions." : "Loading your previous sessions…"}
        </p>
      ) : (
        exercises.map(({ item, exercise }) => {
          const sessions =
            history.data.exercises.find((entry) => entry.exercise_id === exercise.id)?.sessions ?? [];
          const todays = sessions.find((session) => session.date === today);
          const previous = sessions.find((session) => session.date < today);
          const range = parseRepRange(item.reps);
          const headingId = `exercise-${item.id}`;
          const suggestion = suggestionText(item, exercise, previous, unit);
          const itemRestSeconds = restSeconds(item, goal, level);
          return (
            <section
              key={item.id}
              className={styles.exercise}
              aria-labelledby={headingId}
              data-testid="log-exercise"
            >
              <h3 id={headingId} className={styles.exerciseTitle}>
                {exercise.name}
              </h3>
              <p className={styles.prescription}>
                {item.sets} sets of {item.reps} · rest {itemRestSeconds} s
              </p>
              <p className={styles.previous} data-testid="previous-numbers">
                {previous
                  ? `Last time (${previous.date}): ${setsText(previous.sets, unit)}`
                  : "First time: no previous numbers yet."}
              </p>
              {suggestion ? <p className={styles.suggestion}>{suggestion}</p> : null}
              {Array.from({ length: item.sets }, (_, index) => {
                const setNumber = index + 1;
                const before =
                  previous?.sets.find((set) => set.set_number === setNumber) ?? previous?.sets.at(-1);
                const logged = todays?.sets.find((set) => set.set_number === setNumber);
                // A set not logged yet starts from the load of the set just logged today (20 kg after a 20 kg set).
                const setBefore = todays?.sets.find((set) => set.set_number === setNumber - 1);
                const startLoadKg = setBefore?.load_kg ?? before?.load_kg ?? 0;
                return (
                  <SetRow
                    key={logged ? setNumber : `${setNumber}-${startLoadKg}`}
                    exerciseId={exercise.id}
                    exerciseName={exercise.name}
                    setNumber={setNumber}
                    defaults={{
                      reps: before?.reps ?? range?.min ?? 10,
                      loadKg: startLoadKg,
                      rir: 2,
                    }}
                    logged={logged}
                    unit={unit}
                    restSeconds={itemRestSeconds}
                    onLogged={startRest}
                  />
                );
              })}
            </section>
          );
        })
      )}
      <Button variant="secondary" onClick={onFinish}>
        Finish workout
      </Button>
    </section>
  );
}
