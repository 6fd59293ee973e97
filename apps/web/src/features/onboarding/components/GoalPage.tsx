import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import {
  DEFAULT_HOME_EQUIPMENT,
  HOME_EQUIPMENT_CHOICES,
  WEEKDAYS,
} from "@fitwise/engine/workouts/exercise.types";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { PageTitle } from "../../../components/PageTitle";
import { WorkoutPreferenceFields } from "../../../components/profile-forms/WorkoutPreferenceFields";
import type {
  WorkoutPreferences,
  WorkoutPreferenceWording,
} from "../../../components/profile-forms/WorkoutPreferenceFields";
import { useAlert } from "../../../lib/alerts";
import { readCache } from "../../../lib/local-cache";
import { workoutDaysInRange } from "../../../lib/profile-fields";
import { userFacingError } from "../api/error-message";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { WithStoredProfile } from "./WithStoredProfile";
import styles from "./Onboarding.module.css";

/** docs/product.md §9, spelling as the product has it. */
export const WORKOUT_DAYS_ALERT = "Please select between 3 and 6 workout days before procceding";
const SAVE_FAILED = "We couldn't save your goals. Please check your connection and try again.";

const WORDING: WorkoutPreferenceWording = {
  goal: { legend: "1. What is your fitness goal?", name: "fitness-goal" },
  level: { legend: "2. What is your experience level?", name: "experience-level" },
  days: {
    legend: "3. Which days do you want to work out?",
    hint: "Select at least 3 days, 5 for best results, 6 max",
    hintId: "workout-days-hint",
  },
  workoutType: { legend: "4. Where do you want to work out?" },
  equipment: { legend: "5. What equipment do you have?" },
};

/** docs/product.md §3.3 "Fitness goals": defaults Lose Weight, Beginner, no days, Home Workout; a returning user sees their own choices. */
function GoalForm() {
  const navigate = useNavigate();
  const { showAlert, hideAlert } = useAlert();
  const writeProfile = useWriteUserProfile();
  const [values, setValues] = useState<WorkoutPreferences>(() => ({
    goal: readCache("user_fitness_goal") ?? PLANNING_DEFAULTS.goal,
    level: readCache("user_experience_level") ?? PLANNING_DEFAULTS.level,
    days: WEEKDAYS.filter((day) => readCache("user_preferred_workout_days")?.includes(day)),
    workoutType: readCache("user_workout_type") ?? PLANNING_DEFAULTS.workoutType,
    equipment: HOME_EQUIPMENT_CHOICES.filter((item) =>
      (readCache("user_equipment") ?? DEFAULT_HOME_EQUIPMENT).includes(item),
    ),
  }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!workoutDaysInRange(values.days)) {
      showAlert("alert", WORKOUT_DAYS_ALERT);
      return;
    }
    hideAlert();
    writeProfile.mutate(
      {
        user_fitness_goal: values.goal,
        user_experience_level: values.level,
        user_preferred_workout_days: [...values.days],
        user_workout_type: values.workoutType,
        user_equipment: [...values.equipment],
      },
      {
        onSuccess: () => void navigate("/userinfo"),
        onError: (error) => showAlert("error", userFacingError(error, SAVE_FAILED)),
      },
    );
  };

  return (
    <section className={styles.page}>
      <PageTitle documentTitle="Fitness Goals Screen">Set Your Fitness Goals</PageTitle>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <WorkoutPreferenceFields values={values} onChange={setValues} wording={WORDING} announceDayCount />
        <Button type="submit" fullWidth busy={writeProfile.isPending}>
          {writeProfile.isPending ? "Saving…" : "Submit"}
        </Button>
      </form>
    </section>
  );
}

export function GoalPage() {
  return (
    <WithStoredProfile cacheKey="user_fitness_goal" title="Set Your Fitness Goals">
      <GoalForm />
    </WithStoredProfile>
  );
}
