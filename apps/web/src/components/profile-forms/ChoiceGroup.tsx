import styles from "./ProfileForm.module.css";

export interface ChoiceGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly { value: NoInfer<V>; label: string }[];
  value: V;
  onChange(value: V): void;
}

/** A fieldset of native radio buttons drawn as pills: arrow keys move the choice, the legend names the group. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className={styles.radio}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
