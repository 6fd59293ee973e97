import { useId } from "react";
import { FREE_TEXT_MAX } from "@fitwise/contracts/profile";
import { CUISINES, PROTEIN_SOURCES } from "@fitwise/engine/nutrition/food.types";
import type { Cuisine, DietType, ProteinSource } from "@fitwise/engine/nutrition/food.types";
import { PLANNING_DEFAULTS } from "@fitwise/engine/planning-defaults";
import { AllergyField, type SavedAvoidances } from "./AllergyField";
import { ChoiceGroup } from "./ChoiceGroup";
import { ToggleGroup } from "./ToggleGroup";
import styles from "./ProfileForm.module.css";

export interface DietPreferences {
  dietType: DietType;
  cuisine: Cuisine;
  sources: readonly ProteinSource[];
  favouriteFoods: string;
  allergies: string;
}

const DIET_OPTIONS: readonly { value: DietType; label: string }[] = [
  { value: "standard", label: "Standard" },
  { value: "vegetarian", label: "Vegetarian" },
  { value: "vegan", label: "Vegan" },
];

export interface DietPreferenceFieldsProps {
  values: DietPreferences;
  onChange(next: DietPreferences): void;
  /** Each screen words its hints in its own way. */
  sourcesHint: string;
  allergiesHint: string;
  /** What the server made of the saved allergy text (words it could not place). */
  savedAllergies?: SavedAvoidances;
}

/** docs/product.md §3.5 meal preferences: diet type, cuisine, protein sources, foods enjoyed, allergies. */
export function DietPreferenceFields({
  values,
  onChange,
  sourcesHint,
  allergiesHint,
  savedAllergies,
}: DietPreferenceFieldsProps) {
  const ids = { cuisine: useId(), favourite: useId() };
  const set = <K extends keyof DietPreferences>(key: K, value: DietPreferences[K]) =>
    onChange({ ...values, [key]: value });

  return (
    <>
      <ChoiceGroup<DietType>
        legend="Diet type"
        name="diet-type"
        options={DIET_OPTIONS}
        value={values.dietType}
        onChange={(dietType) => set("dietType", dietType)}
      />
      <div className={styles.section}>
        <label htmlFor={ids.cuisine} className={styles.label}>
          Cuisine
        </label>
        <select
          id={ids.cuisine}
          className={styles.input}
          value={values.cuisine}
          onChange={(event) =>
            set(
              "cuisine",
              CUISINES.find((option) => option === event.target.value) ?? PLANNING_DEFAULTS.cuisine,
            )
          }
        >
          {CUISINES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <ToggleGroup<ProteinSource>
        legend="Protein sources"
        hint={sourcesHint}
        options={PROTEIN_SOURCES}
        value={values.sources}
        onChange={(sources) => set("sources", sources)}
      />
      <div className={styles.section}>
        <label htmlFor={ids.favourite} className={styles.label}>
          Foods you enjoy
        </label>
        <textarea
          id={ids.favourite}
          className={styles.textarea}
          rows={3}
          maxLength={FREE_TEXT_MAX}
          placeholder="e.g. oatmeal, grilled chicken, mango"
          value={values.favouriteFoods}
          onChange={(event) => set("favouriteFoods", event.target.value)}
        />
      </div>
      <AllergyField
        value={values.allergies}
        onChange={(allergies) => set("allergies", allergies)}
        hint={allergiesHint}
        {...(savedAllergies === undefined ? {} : { saved: savedAllergies })}
      />
    </>
  );
}
