import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { formatKcal } from "@fitwise/engine/nutrition/number-format";
import {
  computeEnergyTargets,
  feetInchesToCm,
  PLANNING_FLOOR_KCAL,
  plannedEnergyNote,
  roundTo2,
} from "@fitwise/engine/nutrition/energy";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { Button } from "../../../components/Button";
import { BodyDataFields } from "../../../components/profile-forms/BodyDataFields";
import { ReadOnlyField } from "../../../components/profile-forms/ReadOnlyField";
import { useAuth } from "../../../lib/auth";
import { AGE_RANGE_MESSAGE, bodyDataFrom, validateBodyData } from "../../../lib/profile-fields";
import type { BodyData, BodyDataErrors } from "../../../lib/profile-fields";
import { useWriteUserProfile } from "../../../lib/write-user-profile";
import { ChangeEmailForm } from "./ChangeEmailForm";
import { FormMessage, useFormMessage } from "./FormMessage";
import { SAVED, saveErrorText } from "./save-error";
import { SettingsLayout } from "../../../components/SettingsLayout";
import { WithProfile } from "./WithProfile";
import styles from "./Settings.module.css";

/** docs/product.md §6.4 "Profile limits": age an integer 13-85 (an empty age gets the same message); every field required. */
const MESSAGES = { missingAge: AGE_RANGE_MESSAGE };

/** As in the original app: the settings page's default activity level is 1.375; no gender is assumed. */
const initialFields = (profile: ProfileResponse): BodyData =>
  bodyDataFrom(
    {
      ageYears: profile.user_age,
      gender: profile.user_gender,
      weightKg: profile.user_weight_in_kgs,
      heightCm: profile.user_height_in_cm,
      activity: profile.user_activity,
    },
    { gender: "", activity: 1.375 },
  );

const kcal = formatKcal;

function InfoForm({ profile }: { profile: ProfileResponse }) {
  const { user, status } = useAuth();
  const save = useWriteUserProfile();
  const [fields, setFields] = useState<BodyData>(() => initialFields(profile));
  const [errors, setErrors] = useState<BodyDataErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [message, showMessage] = useFormMessage();
  const idPrefix = useId();
  const goal = profile.user_fitness_goal ?? PLANNING_DEFAULTS.goal;
  const email = profile.user_email ?? user?.email ?? "";

  const update = (next: BodyData) => {
    setFields(next);
    if (submitted) setErrors(validateBodyData(next, MESSAGES).errors);
  };

  const valid = validateBodyData(fields, MESSAGES);
  const heightCm = feetInchesToCm(fields.feet, fields.inches);
  const targets =
    valid.ageYears !== undefined && valid.weightKg !== undefined && valid.gender
      ? computeEnergyTargets({
          weightKg: valid.weightKg,
          heightCm,
          ageYears: valid.ageYears,
          gender: valid.gender,
          activityFactor: fields.activity,
          goal,
        })
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrors(valid.errors);
    const firstError = valid.errors.age ?? valid.errors.gender ?? valid.errors.weight;
    if (!targets || !valid.gender || valid.ageYears === undefined || valid.weightKg === undefined) {
      showMessage({ type: "error", text: firstError ?? "Please fill in every field." });
      return;
    }
    if (status !== "signedIn") {
      showMessage({ type: "error", text: "Please sign in to save changes." });
      return;
    }
    const previousTargetKcal = profile.user_goal_tdee;
    save.mutate(
      {
        user_age: valid.ageYears,
        user_gender: valid.gender,
        user_weight_in_kgs: roundTo2(valid.weightKg),
        user_height_in_cm: roundTo2(heightCm),
        user_activity: fields.activity,
        user_tdee: targets.tdeeKcal,
        user_goal_tdee: targets.goalTdeeKcal,
      },
      {
        onSuccess: (saved) => {
          const changed = saved.user_goal_tdee !== previousTargetKcal && saved.user_goal_tdee !== null;
          showMessage({
            type: "success",
            text: SAVED,
            detail: changed
              ? `Your new daily target is ${kcal(saved.user_goal_tdee ?? 0)}. Your meal plans will be rebuilt for it on your next visit to My Diet.`
              : undefined,
          });
        },
        onError: (error) => showMessage({ type: "error", text: saveErrorText(error) }),
      },
    );
  };

  const floorKcal = valid.gender ? PLANNING_FLOOR_KCAL[valid.gender] : null;
  const plannedNote =
    targets && floorKcal !== null
      ? plannedEnergyNote({ goal, goalTdeeKcal: targets.goalTdeeKcal, tdeeKcal: targets.tdeeKcal, floorKcal })
      : undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ReadOnlyField
        label="Email"
        type="email"
        value={email}
        hint="The address you sign in with. To change it, see below the form."
      />
      <BodyDataFields values={fields} onChange={update} errors={errors} idPrefix={idPrefix} />
      {targets ? (
        <div className={styles.summary} aria-live="polite">
          <p>
            Daily calorie need: <strong>{kcal(targets.tdeeKcal)}</strong>
          </p>
          <p>
            Target to {goal.toLowerCase()}: <strong>{kcal(targets.goalTdeeKcal)}</strong>
          </p>
          {plannedNote === undefined ? null : <p>{plannedNote}</p>}
        </div>
      ) : null}
      <FormMessage message={message} />
      <Button type="submit" fullWidth busy={save.isPending}>
        {save.isPending ? "Saving…" : "Save changes"}
      </Button>
    </form>
  );
}

/** docs/product.md §3.11 "/updatemyinfo": personal information and calorie needs. */
export function UpdateMyInfoPage() {
  const { user } = useAuth();
  return (
    <SettingsLayout
      title="My Info"
      lead="Keep your details current: your daily calorie target, and with it your meal plans, follow them."
    >
      <WithProfile>{(profile) => <InfoForm profile={profile} />}</WithProfile>
      {/* Outside the profile form: an account without body data yet may change its address too. */}
      <details className={styles.emailChange}>
        <summary>Change your e-mail address</summary>
        <ChangeEmailForm currentEmail={user?.email ?? ""} />
      </details>
    </SettingsLayout>
  );
}
