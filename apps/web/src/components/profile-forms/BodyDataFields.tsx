import { AGE_YEARS } from "@fitwise/contracts/profile";
import { ACTIVITY_LEVELS } from "@fitwise/engine/nutrition/energy";
import type { Gender } from "@fitwise/engine/profile.types";
import { convertWeight, FEET, INCHES } from "../../lib/profile-fields";
import type { BodyData, BodyDataErrors, Unit } from "../../lib/profile-fields";
import { ChoiceGroup } from "./ChoiceGroup";
import styles from "./ProfileForm.module.css";

type BodyField = "age" | "weight" | "feet" | "inches" | "activity";

/** The id of one of the fields, so that a screen can move focus to it. */
export const bodyFieldId = (idPrefix: string, field: BodyField) => `${idPrefix}-${field}`;

export interface BodyDataFieldsProps {
  values: BodyData;
  onChange(next: BodyData): void;
  errors: BodyDataErrors;
  /** A unique prefix for the fields' ids (from useId). */
  idPrefix: string;
}

/** The calorie calculator's fields (docs/product.md §3): age, gender, unit, weight, height and activity level. */
export function BodyDataFields({ values, onChange, errors, idPrefix }: BodyDataFieldsProps) {
  const id = (field: BodyField) => bodyFieldId(idPrefix, field);
  const errorId = (field: "age" | "weight") => (errors[field] ? `${id(field)}-error` : undefined);
  const set = <K extends keyof BodyData>(key: K, value: BodyData[K]) => onChange({ ...values, [key]: value });

  return (
    <>
      <div className={styles.section}>
        <label htmlFor={id("age")} className={styles.label}>
          Age (years)
        </label>
        <input
          id={id("age")}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={AGE_YEARS.min}
          max={AGE_YEARS.max}
          step={1}
          required
          value={values.age}
          aria-invalid={errors.age ? true : undefined}
          aria-describedby={errorId("age")}
          onChange={(event) => set("age", event.target.value)}
        />
        {errors.age ? (
          <p id={errorId("age")} className={styles.fieldError}>
            {errors.age}
          </p>
        ) : null}
      </div>
      <ChoiceGroup<Gender | "">
        legend="Gender"
        name="gender"
        options={[
          { value: "male", label: "Male" },
          { value: "female", label: "Female" },
        ]}
        value={values.gender}
        onChange={(gender) => set("gender", gender)}
      />
      <ChoiceGroup<Unit>
        legend="Unit"
        name="unit"
        options={[
          { value: "metric", label: "Metric (kg)" },
          { value: "imperial", label: "Imperial (pounds)" },
        ]}
        value={values.unit}
        onChange={(unit) => onChange({ ...values, unit, weight: convertWeight(values.weight, unit) })}
      />
      <div className={styles.section}>
        <label htmlFor={id("weight")} className={styles.label}>
          {values.unit === "metric" ? "Weight (kg)" : "Weight (pounds)"}
        </label>
        <input
          id={id("weight")}
          className={styles.input}
          // Text, not number: a number field drops the decimal comma ("80,5" became 805) in an English browser.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.weight}
          aria-invalid={errors.weight ? true : undefined}
          aria-describedby={errorId("weight")}
          onChange={(event) => set("weight", event.target.value)}
        />
        {errors.weight ? (
          <p id={errorId("weight")} className={styles.fieldError}>
            {errors.weight}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Height</legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={id("feet")} className={styles.label}>
              Feet
            </label>
            <select
              id={id("feet")}
              className={styles.input}
              required
              value={values.feet}
              onChange={(event) => set("feet", Number(event.target.value))}
            >
              {FEET.map((feet) => (
                <option key={feet} value={feet}>
                  {feet} ft
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={id("inches")} className={styles.label}>
              Inches
            </label>
            <select
              id={id("inches")}
              className={styles.input}
              required
              value={values.inches}
              onChange={(event) => set("inches", Number(event.target.value))}
            >
              {INCHES.map((inches) => (
                <option key={inches} value={inches}>
                  {inches} in
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <div className={styles.section}>
        <label htmlFor={id("activity")} className={styles.label}>
          Activity level
        </label>
        <select
          id={id("activity")}
          className={styles.input}
          required
          value={values.activity}
          onChange={(event) => {
            const level = ACTIVITY_LEVELS.find((option) => option.factor === Number(event.target.value));
            if (level) set("activity", level.factor);
          }}
        >
          {ACTIVITY_LEVELS.map((level) => (
            <option key={level.factor} value={level.factor}>
              {level.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
