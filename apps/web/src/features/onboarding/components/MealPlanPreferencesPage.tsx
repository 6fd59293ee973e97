import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { CUISINES, PROTEIN_SOURCES } from "@fitwise/engine/nutrition/food.types";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { PageTitle } from "../../../components/PageTitle";
import { DietPreferenceFields } from "../../../components/profile-forms/DietPreferenceFields";
import type { DietPreferences } from "../../../components/profile-forms/DietPreferenceFields";
import { useAlert } from "../../../lib/alerts";
import { trackEvent } from "../../../lib/analytics";
import { readCache } from "../../../lib/local-cache";
import { MIN_PROTEIN_SOURCES } from "../../../lib/profile-fields";
import { userFacingError } from "../api/error-message";
import { useUserProfile } from "../../../lib/user-profile";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { EnergySummary } from "./EnergySummary";
import { WithStoredProfile } from "./WithStoredProfile";
import styles from "./Onboarding.module.css";

const SAVE_FAILED = "We couldn't save your preferences. Please check your connection and try again.";

function storedPreferences(): DietPreferences {
  const storedCuisine = readCache("user_food_preference");
  return {
    dietType: readCache("user_diet_preference") ?? PLANNING_DEFAULTS.dietType,
    cuisine: CUISINES.find((option) => option === storedCuisine) ?? PLANNING_DEFAULTS.cuisine,
    sources: PROTEIN_SOURCES.filter((source) =>
      readCache("user_preferred_protein_sources")?.includes(source),
    ),
    favouriteFoods: readCache("user_fav_food") ?? "",
    allergies: readCache("user_allergies") ?? "",
  };
}

/** docs/product.md §3.5 "Meal preferences": defaults standard and American; the 2-source hint is not enforced (§6.4). */
function MealPlanPreferencesForm() {
  const navigate = useNavigate();
  const { showAlert, hideAlert } = useAlert();
  const profile = useUserProfile();
  const writeProfile = useWriteUserProfile();
  const [values, setValues] = useState<DietPreferences>(storedPreferences);

  const tdeeKcal = profile.data?.user_tdee ?? readCache("user_tdee");
  const goalTdeeKcal = profile.data?.user_goal_tdee ?? readCache("user_goal_tdee");
  const gender = profile.data?.user_gender ?? readCache("user_gender");
  const goal = profile.data?.user_fitness_goal ?? readCache("user_fitness_goal");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    hideAlert();
    writeProfile.mutate(
      {
        user_diet_preference: values.dietType,
        user_food_preference: values.cuisine,
        user_preferred_protein_sources: [...values.sources],
        user_fav_food: values.favouriteFoods.trim(),
        user_allergies: values.allergies.trim(),
      },
      {
        onSuccess: () => {
          trackEvent({ name: "diet_info_updated", screen: "/mealplanpreferences" });
          void navigate("/diet");
        },
        onError: (error) => showAlert("error", userFacingError(error, SAVE_FAILED)),
      },
    );
  };

  return (
    <section className={styles.page}>
      <PageTitle>Meal Plan Preferences</PageTitle>
      {tdeeKcal !== null && goalTdeeKcal !== null ? (
        <EnergySummary tdeeKcal={tdeeKcal} goalTdeeKcal={goalTdeeKcal} goalLabel={goal} gender={gender} />
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <DietPreferenceFields
          values={values}
          onChange={setValues}
          sourcesHint={`Select at least ${MIN_PROTEIN_SOURCES}`}
          allergiesHint="Your plans will never include these. Separate them with commas, e.g. peanuts, shellfish, mushrooms."
          {...(profile.data
            ? {
                savedAllergies: {
                  text: profile.data.user_allergies ?? "",
                  unrecognised: profile.data.unrecognised_avoidances,
                },
              }
            : {})}
        />
        <Button type="submit" fullWidth busy={writeProfile.isPending}>
          {writeProfile.isPending ? "Saving…" : "Submit"}
        </Button>
      </form>
    </section>
  );
}

export function MealPlanPreferencesPage() {
  return (
    <WithStoredProfile cacheKey="user_diet_preference" title="Meal Plan Preferences">
      <MealPlanPreferencesForm />
    </WithStoredProfile>
  );
}
