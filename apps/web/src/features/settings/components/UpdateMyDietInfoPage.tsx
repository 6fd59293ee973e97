import { useState } from "react";
import type { FormEvent } from "react";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { DietPreferenceFields } from "../../../components/profile-forms/DietPreferenceFields";
import type { DietPreferences } from "../../../components/profile-forms/DietPreferenceFields";
import { trackEvent } from "../../../lib/analytics";
import { useAuth } from "../../../lib/auth";
import { MIN_PROTEIN_SOURCES } from "../../../lib/profile-fields";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { FormMessage, useFormMessage } from "./FormMessage";
import { SAVED, saveErrorText, SIGN_IN_TO_SAVE } from "./save-error";
import { SettingsLayout } from "../../../components/SettingsLayout";
import { WithProfile } from "./WithProfile";
import styles from "./Settings.module.css";

function workoutDaysText(days: readonly string[]): string {
  return days.length === 0 ? "none chosen yet" : days.join(", ");
}

/** docs/product.md §6.4: the diet settings page requires at least 2 protein sources. */
const SOURCES_MESSAGE = `Please select at least ${MIN_PROTEIN_SOURCES} protein sources.`;

function DietForm({ profile }: { profile: ProfileResponse }) {
  const { status } = useAuth();
  const save = useWriteUserProfile();
  const [values, setValues] = useState<DietPreferences>(() => ({
    dietType: profile.user_diet_preference ?? PLANNING_DEFAULTS.dietType,
    cuisine: profile.user_food_preference ?? PLANNING_DEFAULTS.cuisine,
    sources: profile.user_preferred_protein_sources,
    favouriteFoods: profile.user_fav_food ?? "",
    allergies: profile.user_allergies ?? "",
  }));
  const [trainingDayFood, setTrainingDayFood] = useState(profile.user_training_day_food);
  const [message, showMessage] = useFormMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status !== "signedIn") {
      showMessage({ type: "error", text: SIGN_IN_TO_SAVE });
      return;
    }
    if (values.sources.length < MIN_PROTEIN_SOURCES) {
      showMessage({ type: "error", text: SOURCES_MESSAGE });
      return;
    }
    save.mutate(
      {
        user_diet_preference: values.dietType,
        user_food_preference: values.cuisine,
        user_preferred_protein_sources: [...values.sources],
        user_fav_food: values.favouriteFoods.trim(),
        user_allergies: values.allergies.trim(),
        user_training_day_food: trainingDayFood,
      },
      {
        onSuccess: () => {
          trackEvent({ name: "diet_info_updated", screen: "/updatemydietinfo" });
          showMessage({
            type: "success",
            text: SAVED,
            detail: "Your meal plans will be rebuilt with these preferences on your next visit to My Diet.",
          });
        },
        onError: (error) => showMessage({ type: "error", text: saveErrorText(error) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <DietPreferenceFields
        values={values}
        onChange={setValues}
        sourcesHint={`Select at least ${MIN_PROTEIN_SOURCES}. ${values.sources.length} selected.`}
        allergiesHint="Your plans will never include these. Separate them with commas, e.g. peanuts, shellfish."
        savedAllergies={{
          text: profile.user_allergies ?? "",
          unrecognised: profile.unrecognised_avoidances,
        }}
      />
      <div className={styles.field}>
        <label className={styles.checkboxLabel}>
          <input
            type="checkbox"
            className={styles.radio}
            checked={trainingDayFood}
            onChange={(event) => setTrainingDayFood(event.target.checked)}
          />
          <span className={styles.label}>More food on training days</span>
        </label>
        <p className={styles.hint}>
          Your workout days ({workoutDaysText(profile.user_preferred_workout_days)}) get up to 10 % more
          energy, mostly as carbohydrate, and rest days less, so your week adds up to the same. Protein stays
          the same every day.
        </p>
      </div>
      <FormMessage message={message} />
      <Button type="submit" fullWidth busy={save.isPending}>
        {save.isPending ? "Saving…" : "Save changes"}
      </Button>
    </form>
  );
}

/** docs/product.md §3.11 "/updatemydietinfo": diet type, cuisine, protein sources, foods enjoyed, allergies. */
export function UpdateMyDietInfoPage() {
  return (
    <SettingsLayout
      title="Diet Settings"
      lead="Tell us what you eat; your meal plans follow these preferences."
    >
      <WithProfile>{(profile) => <DietForm profile={profile} />}</WithProfile>
    </SettingsLayout>
  );
}
