import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import type { ExperienceLevel } from "@fitwise/engine/workouts/exercise.types";
import { itemGuide } from "@fitwise/engine/workouts/prescription-guide";
import { groupByBodyPart, isReplaceable } from "../lib/exercise-groups";
import { ExerciseVideoLink } from "./ExerciseVideoLink";
import highlight from "./ItemUpdating.module.css";
import { ReplaceButton } from "./ReplaceButton";
import { UpdatingNote } from "./UpdatingNote";
import styles from "./ExerciseGroups.module.css";

const NO_ITEMS: ReadonlySet<string> = new Set();

export interface ExerciseGroupsProps {
  items: readonly WorkoutItem[];
  onReplace(item: WorkoutItem): void;
  /** Opens the three alternatives to choose from; the owner's screen only. */
  onChoose?(item: WorkoutItem): void;
  /** The exercise being replaced: its row is busy and every Replace waits. */
  replacingId?: string | null;
  /** Items the chat is changing right now (docs/product.md §3.12): highlighted and busy. */
  updatingIds?: ReadonlySet<string>;
  /** Rest times depend on the goal and level the plan was made for. */
  goal: FitnessGoal;
  level: ExperienceLevel;
}

/** Minutes and what to do for the warm-up and cool-down (stored as 1 × 1); sets, reps and rest for exercises. */
function Prescription({ item, guide }: { item: WorkoutItem; guide: ReturnType<typeof itemGuide> }) {
  if (guide.kind === "bookend") {
    return (
      <>
        <p className={styles.exerciseFacts}>
          <span>{guide.minutes} min</span>
        </p>
        <p className={styles.exerciseNote}>{guide.description}</p>
      </>
    );
  }
  return (
    <p className={styles.exerciseFacts}>
      <span>Sets: {item.sets}</span>
      <span>Reps: {item.reps}</span>
      {guide.kind === "exercise" ? <span>Rest: {guide.restText}</span> : null}
    </p>
  );
}

/**
 * One day's exercises grouped by body part, in the order the plan lists them (warmup first, cooldown last),
 * on /workouts and on a shared workout plan alike (docs/product.md §3.7, §3.9).
 */
export function ExerciseGroups({
  items,
  onReplace,
  onChoose,
  replacingId = null,
  updatingIds = NO_ITEMS,
  goal,
  level,
}: ExerciseGroupsProps) {
  return (
    <div className={styles.groups}>
      {groupByBodyPart(items).map(([bodyPart, exercises]) => (
        <section key={bodyPart} className={styles.group} aria-label={bodyPart}>
          <h2 className={styles.groupTitle}>{bodyPart}</h2>
          <ul className={styles.exercises}>
            {exercises.map((item) => {
              const name = item.name;
              const replacing = item.id === replacingId;
              const updating = updatingIds.has(item.id);
              return (
                <li
                  key={item.id}
                  className={updating ? `${styles.exercise} ${highlight.updating}` : styles.exercise}
                  data-testid="workout-item"
                  data-updating={updating || undefined}
                  aria-busy={replacing || updating || undefined}
                >
                  <div className={styles.exerciseText}>
                    <p className={styles.exerciseName}>
                      {name}
                      {updating ? <UpdatingNote /> : null}
                    </p>
                    <Prescription item={item} guide={itemGuide(item, goal, level)} />
                  </div>
                  <div className={styles.exerciseActions}>
                    <ExerciseVideoLink name={name} href={item.videoUrl} />
                    {isReplaceable(item) ? (
                      <>
                        <ReplaceButton
                          name={name}
                          replacing={replacing}
                          disabled={replacingId !== null}
                          onClick={() => onReplace(item)}
                        />
                        {onChoose === undefined ? null : (
                          <button
                            type="button"
                            className={styles.choose}
                            onClick={() => onChoose(item)}
                            disabled={replacingId !== null}
                            aria-label={`Choose an alternative to ${name}`}
                          >
                            <span aria-hidden="true">Choose</span>
                          </button>
                        )}
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
