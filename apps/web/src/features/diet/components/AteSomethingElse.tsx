import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { openDiaryDialog } from "../hooks/diary-dialog";
import styles from "./Diary.module.css";

/** "Ate something else" on a plan item: opens the food search for its meal; the plan stays as it is. */
export function AteSomethingElse({ item }: { item: MealItem }) {
  return (
    <button
      type="button"
      className={styles.linkButton}
      aria-label={`Ate something else instead of ${item.name}`}
      onClick={() =>
        openDiaryDialog({ meal: item.slot, insteadOf: { itemId: item.id, itemName: item.name } })
      }
    >
      Ate something else
    </button>
  );
}
