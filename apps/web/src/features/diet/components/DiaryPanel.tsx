import { useId, useState } from "react";
import type { FormEvent } from "react";
import type { DiaryEntry, DiaryResponse } from "@fitwise/contracts/diary";
import { MY_FOOD_NAME_MAX } from "@fitwise/contracts/my-foods";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { formatGrams, formatKcal } from "@fitwise/engine/nutrition/number-format";
import { COUNTED_DAY_SHARE_OF_TARGET } from "@fitwise/engine/progress/expenditure";
import { Button } from "../../../components/Button";
import { ErrorBox } from "../../../components/ErrorBox";
import { Spinner } from "../../../components/Spinner";
import { TextField } from "../../../components/TextField";
import { useAlert } from "../../../lib/alerts";
import { localIsoDate } from "../../../lib/local-date";
import { useCopyDiaryMeal } from "../api/copy-diary-meal";
import { useDeleteFoodLog } from "../api/delete-food-log";
import { useDiary } from "../api/get-diary";
import { useSaveMealGroup } from "../api/save-meal-group";
import { useSetDiaryDayComplete } from "../api/set-diary-day-complete";
import { openDiaryDialog } from "../hooks/diary-dialog";
import { LogFoodDialog } from "./LogFoodDialog";
import styles from "./Diary.module.css";

function amountOf(entry: DiaryEntry): string {
  if (entry.kind === "quick_add" && entry.servings !== null && entry.servings !== 1)
    return `${entry.servings} servings`;
  return entry.grams === null ? "" : formatGrams(entry.grams);
}

function Entry({ entry, date }: { entry: DiaryEntry; date: string }) {
  const { showAlert } = useAlert();
  const remove = useDeleteFoodLog();
  const amount = amountOf(entry);
  return (
    <li className={styles.entry} data-testid="diary-entry">
      <span className={styles.entryName}>
        {entry.name}
        {amount === "" ? null : <span className={styles.muted}> · {amount}</span>}
        {entry.kind === "plan_item" ? <span className={styles.muted}> · ticked on your plan</span> : null}
        {entry.kind === "quick_add" ? <span className={styles.muted}> · quick add</span> : null}
        {entry.instead_of_item_id === null ? null : (
          <span className={styles.muted}> · instead of a plan item</span>
        )}
      </span>
      <span className={styles.entryKcal}>{formatKcal(entry.energy_kcal)}</span>
      {entry.kind === "plan_item" ? null : (
        <Button
          variant="link"
          busy={remove.isPending}
          aria-label={`Delete ${entry.name} from ${entry.meal}`}
          onClick={() =>
            remove.mutate(
              { date, entry_id: entry.id },
              {
                onSuccess: () => showAlert("success", `Deleted ${entry.name} from ${entry.meal}.`),
                onError: () => showAlert("error", "We couldn't delete this entry. Please try again."),
              },
            )
          }
        >
          Delete
        </Button>
      )}
    </li>
  );
}

/** "Save this meal": the meal's entries as a saved meal, to log again in one tap (docs/decisions/068). */
function SaveThisMeal({ meal, date }: { meal: MealSlot; date: string }) {
  const { showAlert } = useAlert();
  const save = useSaveMealGroup();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`My ${meal.toLowerCase()}`);
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <Button variant="link" onClick={() => setOpen(true)}>
        Save this meal
      </Button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "" || name.trim().length > MY_FOOD_NAME_MAX) {
      setError(`Give it a name of up to ${MY_FOOD_NAME_MAX} characters.`);
      return;
    }
    setError(null);
    save.mutate(
      { name: name.trim(), from: { date, meal } },
      {
        onSuccess: (group) => {
          showAlert("success", `Saved ${group.name}: find it under Saved meals when you add food.`);
          setOpen(false);
        },
        onError: () => showAlert("error", "We couldn't save this meal. Please try again."),
      },
    );
  };
  return (
    <form className={styles.saveMeal} onSubmit={submit} noValidate aria-label={`Save ${meal} as a meal`}>
      <TextField
        label="Name of the saved meal"
        value={name}
        maxLength={MY_FOOD_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <Button type="submit" busy={save.isPending}>
        Save
      </Button>
      <Button variant="link" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}

/** "Copy yesterday's <meal>": yesterday's entries of the meal logged again today. */
function CopyYesterday({ meal, date }: { meal: MealSlot; date: string }) {
  const { showAlert } = useAlert();
  const copy = useCopyDiaryMeal();
  const yesterday = new Date(`${date}T12:00:00`);
  yesterday.setDate(yesterday.getDate() - 1);
  return (
    <Button
      variant="link"
      busy={copy.isPending}
      onClick={() =>
        copy.mutate(
          { from_date: localIsoDate(yesterday), to_date: date, meal },
          {
            onSuccess: (copied) =>
              showAlert(
                copied.length === 0 ? "alert" : "success",
                copied.length === 0
                  ? `Nothing was logged for ${meal} yesterday.`
                  : `Copied ${copied.length} ${copied.length === 1 ? "entry" : "entries"} from yesterday's ${meal}.`,
              ),
            onError: () => showAlert("error", "We couldn't copy yesterday's meal. Please try again."),
          },
        )
      }
    >
      Copy yesterday's {meal}
    </Button>
  );
}

function DayComplete({ diary }: { diary: DiaryResponse }) {
  const id = useId();
  const { showAlert } = useAlert();
  const mark = useSetDiaryDayComplete();
  // The box follows the click at once (set in the click's own event); the server's answer settles it.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const share = Math.round(COUNTED_DAY_SHARE_OF_TARGET * 100);
  return (
    <div className={styles.complete}>
      <input
        id={id}
        type="checkbox"
        checked={optimistic ?? diary.complete}
        disabled={mark.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setOptimistic(event.target.checked);
          mark.mutate(
            { date: diary.date, complete: event.target.checked },
            {
              onError: () => showAlert("error", "We couldn't save this. Please try again."),
              onSettled: () => setOptimistic(null),
            },
          );
        }}
      />
      <label htmlFor={id}>Today's diary is complete</label>
      <p id={`${id}-hint`} className={styles.hint}>
        Your adaptive target learns from complete days, and from days with at least {share} % of your target
        logged.
      </p>
    </div>
  );
}

/** The food diary of today on /diet: entries per meal with totals, adding, quick add and deleting. */
export function DiaryPanel() {
  const headingId = useId();
  const date = localIsoDate();
  const diary = useDiary(date);

  let body;
  if (diary.isError && diary.data === undefined) {
    body = (
      <ErrorBox alert>
        <p>We couldn't load your food diary. Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void diary.refetch()}>
          Try again
        </Button>
      </ErrorBox>
    );
  } else if (diary.data === undefined) {
    body = <Spinner label="Loading your food diary…" />;
  } else {
    const { meals, totals, target_kcal: targetKcal } = diary.data;
    const empty = meals.every((meal) => meal.entries.length === 0);
    body = (
      <>
        {empty ? (
          <p className={styles.hint}>
            Nothing logged today yet. Tick plan items as eaten, or add what you ate.
          </p>
        ) : null}
        {meals.map((meal) => (
          <section key={meal.meal} className={styles.meal} aria-label={meal.meal} data-testid="diary-meal">
            <div className={styles.mealHeader}>
              <h3 className={styles.mealTitle}>{meal.meal}</h3>
              <span className={styles.muted}>{formatKcal(meal.totals.energy_kcal)}</span>
            </div>
            {meal.entries.length > 0 ? (
              <ul className={styles.entries}>
                {meal.entries.map((entry) => (
                  <Entry key={`${entry.kind}-${entry.id}`} entry={entry} date={date} />
                ))}
              </ul>
            ) : null}
            <div className={styles.mealActions}>
              <Button variant="link" onClick={() => openDiaryDialog({ meal: meal.meal })}>
                Add food to {meal.meal}
              </Button>
              <CopyYesterday meal={meal.meal} date={date} />
              {meal.entries.length > 0 ? <SaveThisMeal meal={meal.meal} date={date} /> : null}
            </div>
          </section>
        ))}
        <p className={styles.dayTotal} data-testid="diary-total">
          Day total: <strong>{formatKcal(totals.energy_kcal)}</strong>
          {targetKcal === null ? null : <> of {formatKcal(targetKcal)}</>} · protein{" "}
          {formatGrams(totals.protein_g)} · carbs {formatGrams(totals.carbs_g)} · fat{" "}
          {formatGrams(totals.fat_g)}
        </p>
        <DayComplete diary={diary.data} />
      </>
    );
  }

  // Folded, as the weigh-in is, so Plan 1 stays the page's business on a phone; "Eaten today" above
  // already gives the day's total. The dialog stays outside the fold: plan items open it too.
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="diary-panel">
      <details className={styles.fold}>
        <summary className={styles.foldSummary}>
          <h2 id={headingId} className={styles.panelTitle}>
            Food diary: today
          </h2>
        </summary>
        <div className={styles.panelHeader}>
          <Button variant="secondary" onClick={() => openDiaryDialog({ meal: "Snacks", mode: "quick" })}>
            Quick add
          </Button>
        </div>
        {body}
      </details>
      <LogFoodDialog />
    </section>
  );
}
