import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { PLAN_ERROR_CODES } from "@fitwise/contracts/plans";
import type { WorkoutItem } from "@fitwise/engine/workouts/exercise.types";
import { FREE_REPLACEMENTS_LIMIT, mayReset, mayUseWorkoutDay } from "@fitwise/contracts/free-tier";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import type { Weekday } from "@fitwise/engine/workouts/exercise.types";
import { firstWorkoutDay } from "@fitwise/engine/workouts/rest-days";
import {
  BODY_WEIGHT_PROGRESSION,
  effortGuide,
  sessionMinutes,
} from "@fitwise/engine/workouts/prescription-guide";
import { findExerciseById } from "@fitwise/engine/workouts/exercise-library";
import { Button } from "../../../components/Button";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ErrorBox } from "../../../components/ErrorBox";
import { ExerciseGroups } from "../../../components/ExerciseGroups";
import { Modal } from "../../../components/Modal";
import { CheckingForUpdates, EmptyPlan } from "../../../components/PlanStatus";
import { FreeReplacementsNotice } from "../../../components/FreeReplacementsNotice";
import { PlanChangeNotice } from "../../../components/PlanChangeNotice";
import { MissingTargetGate } from "../../../components/MissingTargetGate";
import { PageTitle } from "../../../components/PageTitle";
import { ProBadge } from "../../../components/ProBadge";
import { Spinner } from "../../../components/Spinner";
import { Tabs } from "../../../components/Tabs";
import { useAlert } from "../../../lib/alerts";
import { readCache, writeCache } from "../../../lib/local-cache";
import { apiErrorCode, planLoadErrorText } from "../../../lib/plan-errors";
import { useUpgradeOverlay } from "../../../lib/upgrade-overlay";
import { usePlanReplacement } from "../../../lib/use-plan-replacement";
import { usePlanChangeUndo } from "../../../lib/undo-plan-change";
import { useRefetchOnTierChange } from "../../../lib/use-refetch-on-tier-change";
import { useUpdatingItems } from "../../../lib/use-updating-items";
import { usePlanProfile } from "../../../lib/user-profile";
import { queryKeys } from "../../../lib/query-keys";
import { useResetWorkoutPlan, useWorkoutPlan } from "../api/get-workout-plan";
import { useWorkoutAlternatives } from "../api/get-workout-alternatives";
import { useReplaceWorkoutItem } from "../api/replace-workout-item";
import { useSaveWorkout } from "../api/save-workout";
import { WorkoutLogger } from "./WorkoutLogger";
import { workoutDays } from "./workout-days";
import styles from "./Workouts.module.css";

/**
 * docs/product.md §9 gives no texts for workout save and replace (a failed replace is "only logged"); these
 * follow the diet screen's wording so the two screens answer alike.
 */
export const WORKOUT_MESSAGES = {
  loading: "Building your workout plan…",
  saved: "Successfully saved workout plan!",
  saveFailed: "Error saving workout plan. Please try again later!",
  replaceFailed: "Error replacing exercise. Please try again later!",
  replaced: (oldName: string, newName: string) =>
    `Successfully replaced ${oldName} with ${newName} targeting the same body part`,
} as const;

const PLAN_LOAD_FAILED = "We couldn't load your workout plan. Please check your connection and try again.";

/** Shown on the upgrade overlay: why the action needs Pro. */
const UPGRADE_REASONS = {
  days: "Only your first workout day is free. Upgrade to Pro to unlock every day of your plan.",
  reset: "Resetting your workout plan is part of Pro. Upgrade for unlimited workout resets.",
} as const;

function LoadingView({ message }: { message: string }) {
  return (
    <div className={styles.loading}>
      <Spinner label={message} size={28} />
      <p aria-hidden="true">{message}</p>
    </div>
  );
}

export function WorkoutsPage() {
  const { showAlert } = useAlert();
  const { openUpgradeOverlay } = useUpgradeOverlay();
  const { query: profileQuery, goalTdeeKcal, isPro, replacementsUsed } = usePlanProfile();
  const replacement = usePlanReplacement({
    isPro,
    replacementsUsed,
    failedMessage: WORKOUT_MESSAGES.replaceFailed,
  });
  const hasTarget = goalTdeeKcal !== null && goalTdeeKcal > 0;
  const plan = useWorkoutPlan(hasTarget);
  useRefetchOnTierChange(queryKeys.workoutPlan(), isPro);
  const replace = useReplaceWorkoutItem();
  const alternatives = useWorkoutAlternatives();
  // The exercise whose alternatives are open, if any.
  const [choosingFor, setChoosingFor] = useState<WorkoutItem | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const reset = useResetWorkoutPlan();
  const lastChange = usePlanChangeUndo();
  const save = useSaveWorkout();
  // A double click lands before React shows the button busy: the ref stops the second save synchronously.
  const saving = useRef(false);
  const [chosenDay, setChosenDay] = useState<Weekday | null>(null);
  // The first visit gets a short explanation of the screen (docs/product.md §7 hasVisitedWorkoutScreen).
  const [firstVisit] = useState(() => readCache("hasVisitedWorkoutScreen") !== true);
  const [showIntro, setShowIntro] = useState(firstVisit);
  useEffect(() => {
    if (firstVisit) writeCache("hasVisitedWorkoutScreen", true);
  }, [firstVisit]);

  const items = plan.data;
  const days = useMemo(() => workoutDays(items ?? []), [items]);
  // docs/product.md §5: a free user may use the first workout day only; rest days hold nothing to lock.
  const firstDay = firstWorkoutDay(items ?? []);
  const isLocked = (day: Weekday, rest: boolean) => !rest && !mayUseWorkoutDay(isPro, day, items ?? []);
  const usable = days.find((entry) => entry.day === chosenDay && !isLocked(entry.day, entry.rest));
  const selected = usable ?? days.find((entry) => entry.day === firstDay) ?? days[0];
  const updatingIds = useUpdatingItems();
  const profile = profileQuery.data ?? null;
  // The plan was made for the stored goal and level; the planning defaults stand in until the profile loads.
  const goal = profile?.user_fitness_goal ?? readCache("user_fitness_goal") ?? PLANNING_DEFAULTS.goal;
  const level =
    profile?.user_experience_level ?? readCache("user_experience_level") ?? PLANNING_DEFAULTS.level;
  const ageYears = profile?.user_age ?? readCache("user_age");
  const replacingId = replace.isPending ? (replace.variables?.item.id ?? null) : null;

  if (!hasTarget) {
    return (
      <MissingTargetGate
        title="My Workouts"
        className={styles.page}
        profileQuery={profileQuery}
        loading={<LoadingView message="Checking your profile…" />}
      />
    );
  }

  const selectDay = (key: string) => {
    const entry = days.find((candidate) => candidate.day === key);
    if (!entry) return;
    if (isLocked(entry.day, entry.rest)) {
      openUpgradeOverlay(UPGRADE_REASONS.days);
      return;
    }
    setChosenDay(entry.day);
  };

  const onChoose = (item: WorkoutItem) => {
    if (!replacement.mayReplace()) return;
    setChoosingFor(item);
    alternatives.mutate(item, {
      onError: (error) => {
        setChoosingFor(null);
        replacement.failed(error);
      },
    });
  };

  const onReplace = (item: WorkoutItem, chosen?: string) => {
    setChoosingFor(null);
    if (!items || !replacement.mayReplace()) return;
    replace.mutate(
      { item, chosen },
      {
        onSuccess: (result) => {
          replacement.succeeded(
            result.freeReplacementsUsed,
            WORKOUT_MESSAGES.replaced(result.oldItem.name, result.newItem.name),
          );
          lastChange.show(result.change);
        },
        onError: replacement.failed,
      },
    );
  };

  // A reset replaces the week for good, so it asks first (a free user meets the upgrade offer instead).
  const onReset = () => {
    if (!mayReset(isPro)) {
      openUpgradeOverlay(UPGRADE_REASONS.reset);
      return;
    }
    setConfirmingReset(true);
  };

  const runReset = () => {
    setConfirmingReset(false);
    reset.mutate(undefined, {
      onSuccess: (fetched) => {
        showAlert("success", "Your workout plan has been reset.");
        lastChange.show(fetched.change);
      },
      onError: (error) => {
        if (apiErrorCode(error) === PLAN_ERROR_CODES.proRequired) openUpgradeOverlay(UPGRADE_REASONS.reset);
        else showAlert("error", "Error resetting workout plan. Please try again later!");
      },
    });
  };

  const onSave = () => {
    if (!items || saving.current) return;
    saving.current = true;
    save.mutate(items, {
      onSuccess: () => showAlert("success", WORKOUT_MESSAGES.saved),
      onError: () => showAlert("error", WORKOUT_MESSAGES.saveFailed),
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  const busy = replace.isPending || reset.isPending || save.isPending || lastChange.undoing;
  let content;
  if (reset.isPending) {
    content = <LoadingView message={WORKOUT_MESSAGES.loading} />;
  } else if (items === undefined) {
    content = plan.isError ? (
      <ErrorBox alert>
        <p>{planLoadErrorText(plan.error, PLAN_LOAD_FAILED)}</p>
        {apiErrorCode(plan.error) === PLAN_ERROR_CODES.profileIncomplete ? (
          <Link to="/goal">Set your workout days</Link>
        ) : (
          <Button variant="secondary" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        )}
      </ErrorBox>
    ) : (
      <LoadingView message={WORKOUT_MESSAGES.loading} />
    );
  } else if (!selected) {
    content = (
      <EmptyPlan
        message="There are no exercises in your workout plan yet."
        actionLabel="Create my workout plan"
        onCreate={() => void plan.refetch()}
      />
    );
  } else {
    content = (
      <>
        {plan.isPlaceholderData ? <CheckingForUpdates /> : null}
        <PlanChangeNotice
          change={lastChange.change}
          undoing={lastChange.undoing}
          onUndo={lastChange.undo}
          onDismiss={lastChange.dismiss}
        />
        <Tabs
          label="Workout days"
          items={days.map((entry) => ({
            key: entry.day,
            label: (
              <span className={styles.tabLabel}>
                <span>{entry.day}</span>
                {entry.rest ? <span className={styles.tabSub}>Rest Day</span> : null}
                {isLocked(entry.day, entry.rest) ? <ProBadge /> : null}
              </span>
            ),
          }))}
          selected={selected.day}
          onSelect={selectDay}
        >
          {selected.rest ? null : (
            <WorkoutLogger key={selected.day} items={selected.items} goal={goal} level={level} />
          )}
          {selected.rest ? (
            <div className={styles.rest}>
              <h2 className={styles.groupTitle}>Rest Day</h2>
              <p>Recovery is part of training. A walk or some light stretching is fine today.</p>
            </div>
          ) : (
            <>
              <div className={styles.daySummary} data-testid="workout-day-summary">
                <p>
                  <strong>About {sessionMinutes(selected.items, goal, level)} min</strong> including warm-up,
                  rests and cool-down.
                </p>
                <p>
                  <strong>Effort:</strong> {effortGuide(level, ageYears)}
                </p>
                {selected.items.some(
                  (item) =>
                    item.kind === "exercise" &&
                    findExerciseById(item.exerciseId)?.equipment.every((piece) => piece === "body weight"),
                ) ? (
                  <p>{BODY_WEIGHT_PROGRESSION}</p>
                ) : null}
              </div>
              <ExerciseGroups
                items={selected.items}
                replacingId={replacingId}
                updatingIds={updatingIds}
                onReplace={onReplace}
                onChoose={onChoose}
                goal={goal}
                level={level}
              />
            </>
          )}
        </Tabs>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onReset} disabled={busy || plan.isPlaceholderData}>
            Reset my workout plan
            {isPro ? null : <ProBadge />}
          </Button>
          <Button onClick={onSave} busy={save.isPending} disabled={busy || plan.isPlaceholderData}>
            {save.isPending ? "Saving…" : "Save Plan"}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className={styles.page}>
      <PageTitle>My Workouts</PageTitle>
      {showIntro ? (
        <div className={styles.intro}>
          <p>
            Here is your week. Pick a day to see its exercises, tap the video icon to see how each one is
            done, and replace any exercise you don't want.
          </p>
          <Button variant="link" onClick={() => setShowIntro(false)}>
            Got it
          </Button>
        </div>
      ) : null}
      {isPro ? null : <FreeReplacementsNotice used={replacementsUsed} limit={FREE_REPLACEMENTS_LIMIT} />}
      {content}
      <ConfirmDialog
        open={confirmingReset}
        title="Reset your workout plan?"
        confirmLabel="Yes, reset my workouts"
        onCancel={() => setConfirmingReset(false)}
        onConfirm={runReset}
      >
        <p>
          A new week replaces every workout. You can undo it right after; to keep the current week for later,
          save it first.
        </p>
      </ConfirmDialog>
      <Modal
        open={choosingFor !== null}
        title={choosingFor ? `Instead of ${choosingFor.name}` : "Alternatives"}
        onClose={() => setChoosingFor(null)}
      >
        {alternatives.isPending || alternatives.data === undefined ? (
          <Spinner label="Finding alternatives…" size={24} />
        ) : (
          <>
            <p>Same body part, same kind of equipment where possible. Pick one:</p>
            <ul className={styles.alternatives}>
              {alternatives.data.map((alternative) => (
                <li key={alternative.id} className={styles.alternative} data-testid="workout-alternative">
                  <p>
                    <strong>{alternative.name}</strong> · {alternative.sets} × {alternative.reps}
                  </p>
                  <Button
                    variant="secondary"
                    onClick={() => choosingFor && onReplace(choosingFor, alternative.name)}
                    aria-label={`Use this: ${alternative.name}`}
                  >
                    Use this
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Modal>
    </section>
  );
}
