import { useId, useState } from "react";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { EATEN_GRAMS_MAX } from "@fitwise/contracts/progress";
import { useAlert } from "../../../lib/alerts";
import { useProgress } from "../../../lib/get-progress";
import { localIsoDate } from "../../../lib/local-date";
import { useLogMealEaten } from "../api/log-meal-eaten";
import styles from "./Eaten.module.css";

/**
 * "Eaten" for one plan item today, with the grams really eaten once ticked (the plan's grams by
 * default). A day's intake is the sum of its ticked items.
 */
export function EatenCheckbox({ item }: { item: MealItem }) {
  const id = useId();
  const { showAlert } = useAlert();
  const progress = useProgress();
  const log = useLogMealEaten();
  const eaten = progress.data?.eaten_today.find((row) => row.item_id === item.id);
  const [grams, setGrams] = useState<string | null>(null);
  const shownGrams = grams ?? String(eaten?.grams ?? Math.round(item.grams));
  const failed = () => showAlert("error", "We couldn't save what you ate. Please try again.");

  // The box follows the click at once (set in the click's own event); the server's answer settles it.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const toggle = (checked: boolean) => {
    setOptimistic(checked);
    log.mutate(
      { request: { date: localIsoDate(), item_id: item.id, eaten: checked }, item },
      { onError: failed, onSettled: () => setOptimistic(null) },
    );
  };

  const saveGrams = () => {
    const value = Number(shownGrams.replace(",", "."));
    setGrams(null);
    if (!eaten || !Number.isFinite(value) || value < 0 || value > EATEN_GRAMS_MAX || value === eaten.grams)
      return;
    log.mutate(
      { request: { date: localIsoDate(), item_id: item.id, eaten: true, grams: value }, item },
      { onError: failed },
    );
  };

  return (
    <div className={styles.eaten}>
      <label className={styles.check} htmlFor={`${id}-eaten`}>
        <input
          id={`${id}-eaten`}
          type="checkbox"
          checked={optimistic ?? eaten !== undefined}
          disabled={progress.data === undefined}
          onChange={(event) => toggle(event.target.checked)}
          aria-label={`Eaten: ${item.name}`}
        />
        <span aria-hidden="true">Eaten</span>
      </label>
      {eaten ? (
        <label className={styles.grams}>
          <span className={styles.visuallyHidden}>Grams of {item.name} eaten</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={EATEN_GRAMS_MAX}
            step="any"
            value={shownGrams}
            onChange={(event) => setGrams(event.target.value)}
            onBlur={saveGrams}
            onKeyDown={(event) => {
              if (event.key === "Enter") saveGrams();
            }}
          />
          <span aria-hidden="true">g</span>
        </label>
      ) : null}
    </div>
  );
}
