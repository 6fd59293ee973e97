import { useState } from "react";
import type { FormEvent } from "react";
import { WORKOUT_DAYS } from "@fitwise/contracts/profile";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { WorkoutPreferenceFields } from "../../../components/profile-forms/WorkoutPreferenceFields";
import type {
  WorkoutPreferences,
  WorkoutPreferenceWording,
} from "../../../components/profile-forms/WorkoutPreferenceFields";
import { useAuth } from "../../../lib/auth";
import { workoutDaysInRange } from "../../../lib/profile-fields";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { FormMessage, useFormMessage } from "./FormMessage";
import { SAVED, saveErrorText, SIGN_IN_TO_SAVE } from "./save-error";
import { SettingsLayout } from "../../../components/SettingsLayout";
import { WithProfile } from "./WithProfile";
import styles from "./Settings.module.css";

/** docs/product.md §6.5: the workout settings page's messages clear after 5 s. */
const MESSAGE_MS = 5_000;
const DAYS_MESSAGE = `Please select at least ${WORKOUT_DAYS.min} days and at most ${WORKOUT_DAYS.max} days for your workout.`;

const wording = (dayCount: number): WorkoutPreferenceWording => ({
  goal: { legend: "Fitness goal", name: "goal" },
  level: { legend: "Experience level", name: "experience" },
  days: {
    legend: "Workout days",
    hint: `Select at least ${WORKOUT_DAYS.min} days, 5 for best results, ${WORKOUT_DAYS.max} at most. ${dayCount} selected.`,
  },
  workoutType: { legend: "Workout type" },
  equipment: { legend: "Equipment you have" },
});

function WorkoutForm({ profile }: { profile: ProfileResponse }) {
  const { status } = useAuth();
  const save = useWriteUserProfile();
  const [values, setValues] = useState<WorkoutPreferences>(() => ({
    goal: profile.user_fitness_goal ?? PLANNING_DEFAULTS.goal,
    level: profile.user_experience_level ?? PLANNING_DEFAULTS.level,
    days: profile.user_preferred_workout_days,
    workoutType: profile.user_workout_type ?? PLANNING_DEFAULTS.workoutType,
    equipment: profile.user_equipment,
  }));
  const [message, showMessage] = useFormMessage(MESSAGE_MS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!workoutDaysInRange(values.days)) {
      showMessage({ type: "error", text: DAYS_MESSAGE });
      return;
    }
    if (status !== "signedIn") {
      showMessage({ type: "error", text: SIGN_IN_TO_SAVE });
      return;
    }
    const goalChanged = values.goal !== profile.user_fitness_goal;
    save.mutate(
      {
        user_fitness_goal: values.goal,
        user_experience_level: values.level,
        user_preferred_workout_days: [...values.days],
        user_workout_type: values.workoutType,
        user_equipment: [...values.equipment],
      },
      {
        onSuccess: () =>
          showMessage({
            type: "success",
            text: SAVED,
            detail: goalChanged
              ? "Your workout plan and, for your new goal's calorie target, your meal plans will be rebuilt on your next visit."
              : "Your workout plan will be rebuilt on your next visit to My Workouts.",
          }),
        onError: (error) => showMessage({ type: "error", text: saveErrorText(error) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <WorkoutPreferenceFields values={values} onChange={setValues} wording={wording(values.days.length)} />
      <FormMessage message={message} />
      <Button type="submit" fullWidth busy={save.isPending}>
        {save.isPending ? "Saving…" : "Save changes"}
      </Button>
    </form>
  );
}

/** docs/product.md §3.11 "/updatemyworkoutinfo": goal, experience, days, workout type and home equipment. */
export function UpdateMyWorkoutInfoPage() {
  return (
    <SettingsLayout title="Workout Settings" lead="Change how, where and how often you train.">
      <WithProfile>{(profile) => <WorkoutForm profile={profile} />}</WithProfile>
    </SettingsLayout>
  );
}
