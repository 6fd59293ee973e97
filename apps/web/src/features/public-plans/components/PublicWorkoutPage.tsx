import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { ExerciseGroups } from "../../../components/ExerciseGroups";
import { PageTitle } from "../../../components/PageTitle";
import { ShareButton } from "../../../components/ShareButton";
import { Tabs } from "../../../components/Tabs";
import { useAuth } from "../../../lib/auth";
import { readCache, writeCache } from "../../../lib/local-cache";
import { usePublicWorkout, type PublicWorkout } from "../api/get-saved-data";
import { formatWorkoutDays, initialDay, planDays, workoutPlace } from "../model/workout-days";
import type { PlanDay } from "../model/workout-days";
import { PublicPlanStates } from "./PlanStates";
import { usePublicReplace, useSignUpPrompt } from "./sign-up-prompt";
import { rememberSharedPlan } from "../../../lib/shared-plan-arrival";
import styles from "./PublicPlans.module.css";

const TITLE = "Your Workout Plan";
const LOADING_MESSAGE = "Loading public workout plan, please wait for few seconds...";
/**
 * docs/product.md §3 lists "workout time of day" among the owner's details, but no screen asks for it and no
 * record stores it, so the page says the plan suits any time.
 */
const WORKOUT_TIME = "Any time";

/** /fullworkout/{id} (docs/product.md §3): a shared weekly workout plan, readable without signing in. */
export function PublicWorkoutPage() {
  const { id = "" } = useParams();
  // A guest who signs up from here gets the 14-day trial this page invites to (docs/decisions/054).
  useEffect(() => rememberSharedPlan({ kind: "workout", id }), [id]);
  const query = usePublicWorkout(id);
  return (
    <PublicPlanStates query={query} title={TITLE} loadingMessage={LOADING_MESSAGE}>
      {(plan) => <WorkoutPlan plan={plan} />}
    </PublicPlanStates>
  );
}

function describeOwner(plan: PublicWorkout): string {
  const level = plan.user_experience_level?.toLowerCase();
  const goal = plan.user_fitness_goal?.toLowerCase();
  if (level && goal) return `This plan was made for someone at ${level} level whose goal is to ${goal}.`;
  if (level) return `This plan was made for someone at ${level} level.`;
  if (goal) return `This plan was made for someone whose goal is to ${goal}.`;
  return "This plan was saved without its owner's level and goal.";
}

function dayLabel({ day, isRest }: PlanDay) {
  if (!isRest) return day;
  // Several days may rest, so the weekday leads and "Rest Day" sits under it (docs/product.md §3.7), as on
  // the owner's /workouts, so a plan reads the same shared as it did to its owner.
  return (
    <span className={styles.restTab}>
      <span>{day}</span>
      <span className={styles.restTabSub}>Rest Day</span>
    </span>
  );
}

function WorkoutPlan({ plan }: { plan: PublicWorkout }) {
  const { status } = useAuth();
  const location = useLocation();
  const signedIn = status === "signedIn";
  const navigate = useNavigate();
  const showSignUpPrompt = useSignUpPrompt();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const days = planDays(plan.workout_plan);
  const [selectedDay, setSelectedDay] = useState(() => initialDay(days, readCache("last_selected_day")));
  const place = workoutPlace(plan.user_workout_type);

  const selectDay = (day: string) => {
    setSelectedDay(day);
    writeCache("last_selected_day", day);
  };
  const onReplace = usePublicReplace("workouts");
  const onCreate = () => (signedIn ? void navigate("/workouts") : showSignUpPrompt());

  const selected = days.find((entry) => entry.day === selectedDay);
  const dayItems = plan.workout_plan.filter((item) => item.day === selectedDay);

  return (
    <section className={styles.page}>
      <PageTitle>{TITLE}</PageTitle>
      <div className={styles.shareRow}>
        <ShareButton path={location.pathname} title={TITLE} label="Share this plan" />
      </div>

      <div className={styles.summaryCard}>
        <h2 className={styles.summaryHeading}>
          {plan.user_experience_level ?? "Workout"} plan
          {plan.user_fitness_goal ? ` to ${plan.user_fitness_goal.toLowerCase()}` : ""}
        </h2>
        <p className={styles.summary}>{describeOwner(plan)}</p>
        <button
          type="button"
          className={styles.detailsToggle}
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          onClick={() => setDetailsOpen((open) => !open)}
        >
          {detailsOpen ? "Hide details" : "Show details"}
          <span className={styles.chevron} data-open={detailsOpen} aria-hidden="true" />
        </button>
        <dl id={detailsId} className={styles.details} hidden={!detailsOpen}>
          <div>
            <dt>Workout time</dt>
            <dd>{WORKOUT_TIME}</dd>
          </div>
          <div>
            <dt>Preferred workout days</dt>
            <dd>{formatWorkoutDays(plan.user_preferred_workout_days) || "Not given"}</dd>
          </div>
          <div>
            <dt>Likes to work out at</dt>
            <dd>{place ?? "Not given"}</dd>
          </div>
        </dl>
      </div>

      {days.length === 0 || !selected ? (
        <p className={styles.emptyCard}>No workout items available.</p>
      ) : (
        <Tabs
          label="Workout days"
          items={days.map((entry) => ({ key: entry.day, label: dayLabel(entry) }))}
          selected={selected.day}
          onSelect={selectDay}
        >
          {selected.isRest ? (
            <div className={styles.restCard}>
              <h2>Rest Day</h2>
              <p>
                No training on {selected.day}. Rest, walk a little, stretch lightly and drink enough water.
              </p>
            </div>
          ) : (
            // The owner's goal and level set the rest times, as on their own screen.
            <ExerciseGroups
              items={dayItems}
              onReplace={onReplace}
              goal={plan.user_fitness_goal ?? PLANNING_DEFAULTS.goal}
              level={plan.user_experience_level ?? PLANNING_DEFAULTS.level}
            />
          )}
        </Tabs>
      )}

      <div className={styles.ctaRow}>
        <Button onClick={onCreate}>Create my custom workout plan</Button>
      </div>
    </section>
  );
}
