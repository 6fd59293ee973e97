import type { WorkoutItem } from "@fitwise/contracts/plans";
import type { FitnessGoal } from "@fitwise/engine/profile.types";
import { COOLDOWN, WARMUP } from "@fitwise/engine/workouts/exercise.types";
import type { ExperienceLevel } from "@fitwise/engine/workouts/exercise.types";
import { itemGuide } from "@fitwise/engine/workouts/prescription-guide";
import { ReplaceButton } from "../../../components/ReplaceButton";
import { UpdatingNote } from "../../../components/UpdatingNote";
import highlight from "../../../components/ItemUpdating.module.css";
import { groupByBodyPart } from "./workout-days";
import styles from "./Workouts.module.css";

/** docs/product.md §3 "/workouts": no Replace on the warmup and cooldown entries. */
const NOT_REPLACEABLE = new Set<string>([WARMUP, COOLDOWN]);

export interface ExerciseGroupsProps {
  items: readonly WorkoutItem[];
  replacingId: string | null;
  /** Items the chat is changing right now (docs/product.md §5): highlighted and busy. */
  updatingIds: ReadonlySet<string>;
  onReplace(item: WorkoutItem): void;
  /** Opens the three alternatives to choose from. */
  onChoose(item: WorkoutItem): void;
  /** Rest times depend on the goal and level the plan was made for. */
  goal: FitnessGoal;
  level: ExperienceLevel;
}

function VideoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5-3z" fill="#fff" />
    </svg>
  );
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
      <span>Sets: {item["No of Sets"]}</span>
      <span>Reps: {item["No of Reps"]}</span>
      {guide.kind === "exercise" ? <span>Rest: {guide.restText}</span> : null}
    </p>
  );
}

/** One day's exercises grouped by body part, in the order the plan lists them (warmup first, cooldown last). */
export function ExerciseGroups({
  items,
  replacingId,
  updatingIds,
  onReplace,
  onChoose,
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
              const name = item["Workout Name"];
              const replacing = item.id === replacingId;
              const updating = updatingIds.has(item.id);
              const link = item["Youtube Video Link"].trim();
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
                    {link ? (
                      <a
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={styles.video}
                        aria-label={`Watch a video of ${name} (opens in a new tab)`}
                      >
                        <VideoIcon />
                      </a>
                    ) : null}
                    {NOT_REPLACEABLE.has(item["Body Part Targeted"].trim()) ? null : (
                      <>
                        <ReplaceButton
                          name={name}
                          replacing={replacing}
                          disabled={replacingId !== null}
                          onClick={() => onReplace(item)}
                        />
                        <button
                          type="button"
                          className={styles.choose}
                          onClick={() => onChoose(item)}
                          disabled={replacingId !== null}
                          aria-label={`Choose an alternative to ${name}`}
                        >
                          <span aria-hidden="true">Choose</span>
                        </button>
                      </>
                    )}
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
