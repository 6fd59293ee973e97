import { formatPortion } from "@fitwise/engine/nutrition/number-format";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { Button } from "../../../components/Button";
import { MacroFigures } from "../../../components/MacroFigures";
import { Modal } from "../../../components/Modal";
import { Spinner } from "../../../components/Spinner";
import { totalsOf } from "../../../lib/meal-totals";
import { useDietReplacements } from "../api/list-diet-replacements";
import type { PlanDay } from "../api/meal-plan-cache";
import styles from "./ReplaceChoices.module.css";

export interface ReplaceChoicesProps {
  day: PlanDay;
  /** The item Replace was pressed on; null keeps the dialog closed. */
  item: MealItem | null;
  onPick(item: MealItem, alternative: MealItem): void;
  onClose(): void;
}

/**
 * Replace with real choices (docs/decisions/029): the three alternatives the server offers for an item (same meal and role,
 * similar calories), each with its portion as grams and a household measure. Looking is free; picking one applies it.
 */
export function ReplaceChoices({ day, item, onPick, onClose }: ReplaceChoicesProps) {
  const choices = useDietReplacements(day, item);
  let body;
  if (choices.isPending) {
    body = (
      <p className={styles.status}>
        <Spinner label="Finding alternatives" /> Finding alternatives…
      </p>
    );
  } else if (choices.isError) {
    body = (
      <p className={styles.status} role="alert">
        {choices.error instanceof Error && choices.error.message
          ? choices.error.message
          : "We could not find alternatives. Please try again later!"}
      </p>
    );
  } else {
    body = (
      <ul className={styles.choices} aria-label="Alternatives">
        {choices.data.map((alternative) => (
          <li key={alternative.id} className={styles.choice} data-testid="replace-choice">
            <div className={styles.text}>
              <p className={styles.name}>{alternative.name}</p>
              <p className={styles.facts}>{formatPortion(alternative.grams, alternative.measure)}</p>
              <p className={`${styles.facts} ${styles.macros}`}>
                <MacroFigures totals={totalsOf([alternative])} />
              </p>
            </div>
            <Button
              variant="secondary"
              onClick={() => item && onPick(item, alternative)}
              aria-label={`Choose ${alternative.name}`}
            >
              Choose
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Modal open={item !== null} title={item ? `Replace ${item.name}` : "Replace"} onClose={onClose}>
      {body}
    </Modal>
  );
}
