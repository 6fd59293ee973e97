import { useId, useState } from "react";
import type { FormEvent } from "react";
import { EARLIEST_LOG_DATE, WEIGHT_KG_MAX, WEIGHT_KG_MIN } from "@fitwise/contracts/progress";
import { isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { ApiError } from "../lib/api-client";
import { localIsoDate } from "../lib/local-date";
import { useLogWeight } from "../lib/log-weight";
import { formatWeight, toKg, useWeightUnit, type WeightUnit } from "../lib/weight-unit";
import { Button } from "./Button";
import { TextField } from "./TextField";
import styles from "./WeighInForm.module.css";

/** Field message for the typed weight, or null when it is a plausible weight. */
function weightError(text: string, unit: WeightUnit): string | null {
  const value = Number(text.replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value)) return "Enter your weight.";
  const kg = toKg(value, unit);
  if (kg < WEIGHT_KG_MIN || kg > WEIGHT_KG_MAX)
    return `Weight must be between ${formatWeight(WEIGHT_KG_MIN, unit)} and ${formatWeight(WEIGHT_KG_MAX, unit)}.`;
  return null;
}

function dateError(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "Enter a date.";
  if (date > today) return "Weigh-ins can't be in the future.";
  if (date < EARLIEST_LOG_DATE) return "Enter a date from 1900 on.";
  return null;
}

/** A weigh-in dated more than a year back is more often a slip of the date picker than an old record. */
const OLD_ENTRY_DAYS = 365;

function isLongAgo(date: string, today: string): boolean {
  return isoDayNumber(today) - isoDayNumber(date) > OLD_ENTRY_DAYS;
}

const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * Log a weigh-in (date and weight in kg or lb). One a day: logging a day again replaces it, which
 * is how a weigh-in is corrected. Used on /diet and /progress. On /progress it has its own heading; on
 * /diet the disclosure it is folded in already says "Log your weight", so the form takes its name from
 * that (`labelledBy`) instead of saying it twice.
 */
export function WeighInForm({ labelledBy }: { labelledBy?: string }) {
  const today = localIsoDate();
  const [unit, setUnit] = useWeightUnit();
  const [date, setDate] = useState(today);
  const [weight, setWeight] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  /** The old date the person was asked about; saving it needs a second, explicit yes. */
  const [askedAbout, setAskedAbout] = useState<string | null>(null);
  const logWeight = useLogWeight();
  const titleId = useId();

  const weightMessage = submitted ? weightError(weight, unit) : null;
  const dateMessage = submitted ? dateError(date, today) : null;
  const serverMessage =
    logWeight.error instanceof ApiError
      ? logWeight.error.message
      : logWeight.error
        ? "We couldn't save your weigh-in. Please try again."
        : null;

  const save = (confirmedOld: boolean) => {
    setSubmitted(true);
    setSaved(null);
    if (weightError(weight, unit) || dateError(date, today)) return;
    if (isLongAgo(date, today) && !confirmedOld) {
      setAskedAbout(date);
      return;
    }
    setAskedAbout(null);
    const weightKg = Math.round(toKg(Number(weight.replace(",", ".")), unit) * 100) / 100;
    logWeight.mutate(
      { date, weight_kg: weightKg },
      {
        onSuccess: (outcome) => {
          setSaved(
            outcome.status === "sent"
              ? `Saved ${formatWeight(weightKg, unit)} for ${date}.`
              : `Kept on this device: ${formatWeight(weightKg, unit)} for ${date}. It is sent when you are back online.`,
          );
          setWeight("");
          setSubmitted(false);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(false);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy ?? titleId}>
      {labelledBy === undefined ? (
        <h2 id={titleId} className={styles.title}>
          Log your weight
        </h2>
      ) : null}
      <div className={styles.fields}>
        <TextField
          label="Date"
          type="date"
          value={date}
          max={today}
          min={EARLIEST_LOG_DATE}
          onChange={(event) => setDate(event.target.value)}
          error={dateMessage}
        />
        <TextField
          label={`Weight (${unit})`}
          inputMode="decimal"
          autoComplete="off"
          value={weight}
          onChange={(event) => setWeight(event.target.value)}
          error={weightMessage}
        />
        <fieldset className={styles.units}>
          <legend className={styles.legend}>Unit</legend>
          {(["kg", "lb"] as const).map((option) => (
            <label key={option} className={styles.unit}>
              <input
                type="radio"
                name={`${titleId}-unit`}
                value={option}
                checked={unit === option}
                onChange={() => setUnit(option)}
              />
              {option}
            </label>
          ))}
        </fieldset>
        <Button type="submit" busy={logWeight.isPending} className={styles.submit}>
          Save weight
        </Button>
      </div>
      {askedAbout === date ? (
        <div role="alert" className={styles.confirm} data-testid="old-date-confirm">
          <p>
            {longDate(date)} is more than a year ago. Save this weigh-in for that day, or change the date?
          </p>
          <div className={styles.confirmActions}>
            <Button onClick={() => save(true)}>Save for {longDate(date)}</Button>
            <Button variant="secondary" onClick={() => setAskedAbout(null)}>
              Change the date
            </Button>
          </div>
        </div>
      ) : null}
      <p role="status" className={styles.status}>
        {saved ?? ""}
      </p>
      {serverMessage ? (
        <p role="alert" className={styles.error}>
          {serverMessage}
        </p>
      ) : null}
    </form>
  );
}
