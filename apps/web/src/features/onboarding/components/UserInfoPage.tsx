import { useId, useState } from "react";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { computeEnergyTargets, feetInchesToCm, roundTo2 } from "@fitwise/engine/nutrition/energy";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { PageTitle } from "../../../components/PageTitle";
import { ScreeningNotice } from "../../../components/ScreeningNotice";
import { BodyDataFields, bodyFieldId } from "../../../components/profile-forms/BodyDataFields";
import { useAlert } from "../../../lib/alerts";
import { readCache } from "../../../lib/local-cache";
import { bodyDataFrom, validateBodyData } from "../../../lib/profile-fields";
import type { BodyData, BodyDataErrors } from "../../../lib/profile-fields";
import { userFacingError } from "../api/error-message";
import { useUserProfile } from "../../../lib/user-profile";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { EnergySummary } from "./EnergySummary";
import { WithStoredProfile } from "./WithStoredProfile";
import styles from "./Onboarding.module.css";

const SAVE_FAILED = "We couldn't save your details. Please check your connection and try again.";
/** docs/product.md §3.4: every calculator field is required, an empty one is asked for. */
const MESSAGES = { missingAge: "Please enter your age." };

/** As in the original app: the calculator starts at male and sedentary (1.2) unless this browser knows better. */
const initialFields = (): BodyData =>
  bodyDataFrom(
    {
      ageYears: readCache("user_age"),
      gender: readCache("user_gender"),
      weightKg: readCache("user_weight_in_kgs"),
      heightCm: readCache("user_height_in_cm"),
      activity: readCache("user_activity"),
    },
    { gender: "male", activity: 1.2 },
  );

/** docs/product.md §3.4 "Calorie calculator" (/userinfo and /user-info): all fields required; computes need and target. */
function CalorieCalculatorForm() {
  const navigate = useNavigate();
  const { showAlert, hideAlert } = useAlert();
  const profile = useUserProfile();
  const writeProfile = useWriteUserProfile();
  const [fields, setFields] = useState<BodyData>(initialFields);
  const [errors, setErrors] = useState<BodyDataErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const idPrefix = useId();

  const goal = profile.data?.user_fitness_goal ?? readCache("user_fitness_goal");
  const update = (next: BodyData) => {
    setFields(next);
    // Once the user has tried to submit, messages follow their corrections.
    if (submitted) setErrors(validateBodyData(next, MESSAGES).errors);
  };

  const valid = validateBodyData(fields, MESSAGES);
  // Rounded as they are stored, so these figures match the ones the server computes from the profile.
  const heightCm = roundTo2(feetInchesToCm(fields.feet, fields.inches));
  const weightKg = valid.weightKg === undefined ? undefined : roundTo2(valid.weightKg);
  const targets =
    valid.ageYears !== undefined && weightKg !== undefined && valid.gender
      ? computeEnergyTargets({
          weightKg,
          heightCm,
          ageYears: valid.ageYears,
          gender: valid.gender,
          activityFactor: fields.activity,
          goal: goal ?? PLANNING_DEFAULTS.goal,
        })
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrors(valid.errors);
    if (!targets || !valid.gender || valid.ageYears === undefined || weightKg === undefined) {
      document.getElementById(bodyFieldId(idPrefix, valid.errors.age ? "age" : "weight"))?.focus();
      return;
    }
    hideAlert();
    writeProfile.mutate(
      {
        user_age: valid.ageYears,
        user_gender: valid.gender,
        user_weight_in_kgs: weightKg,
        user_height_in_cm: heightCm,
        user_activity: fields.activity,
        user_tdee: targets.tdeeKcal,
        user_goal_tdee: targets.goalTdeeKcal,
        user_fitness_goal: goal ?? PLANNING_DEFAULTS.goal,
      },
      {
        onSuccess: () => void navigate("/mealplanpreferences"),
        onError: (error) => showAlert("error", userFacingError(error, SAVE_FAILED)),
      },
    );
  };

  return (
    <section className={styles.page}>
      <PageTitle documentTitle="Calorie Calculator">
        <Link to="/" className={styles.titleLink}>
          Calculate Your Daily Calorie Needs{goal ? ` to ${goal}` : ""}
        </Link>
      </PageTitle>
      <p className={styles.lead}>
        We use your details to work out how much energy you need each day and the target that fits your goal.
        All fields are required.
      </p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <BodyDataFields values={fields} onChange={update} errors={errors} idPrefix={idPrefix} />
        {targets && valid.gender ? (
          <EnergySummary
            tdeeKcal={targets.tdeeKcal}
            goalTdeeKcal={targets.goalTdeeKcal}
            goalLabel={goal}
            gender={valid.gender}
            live
          />
        ) : null}
        <ScreeningNotice
          input={
            targets && weightKg !== undefined
              ? {
                  weightKg,
                  heightCm,
                  goal: goal ?? PLANNING_DEFAULTS.goal,
                  tdeeKcal: targets.tdeeKcal,
                  planningKcal: targets.planningKcal,
                  floorKcal: targets.floorKcal,
                }
              : null
          }
        />
        <Button type="submit" fullWidth busy={writeProfile.isPending}>
          {writeProfile.isPending ? "Saving…" : "Calculate"}
        </Button>
      </form>
    </section>
  );
}

export function UserInfoPage() {
  return (
    <WithStoredProfile cacheKey="user_age" title="Calculate Your Daily Calorie Needs">
      <CalorieCalculatorForm />
    </WithStoredProfile>
  );
}
