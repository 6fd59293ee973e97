import type { MealItem } from "@fitwise/contracts/plans";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { Accordion } from "../../../components/Accordion";
import { MacroFigures } from "../../../components/MacroFigures";
import { MealIcon } from "../../../components/MealIcon";
import { ProBadge } from "../../../components/ProBadge";
import { ReplaceButton } from "../../../components/ReplaceButton";
import { UpdatingNote } from "../../../components/UpdatingNote";
import highlight from "../../../components/ItemUpdating.module.css";
import { formatPortion } from "@fitwise/engine/nutrition/number-format";
import { totalsOf } from "../../../lib/meal-totals";
import type { NutritionTotals } from "../../../lib/meal-totals";
import { EatenCheckbox } from "./EatenCheckbox";
import styles from "./Diet.module.css";

export interface MealGroupsProps {
  items: readonly MealItem[];
  openMeal: MealSlot | null;
  onToggle(meal: MealSlot): void;
  /** Groups a free user may not open (docs/product.md §5: only Breakfast). */
  lockedMeals: ReadonlySet<MealSlot>;
  replacingId: string | null;
  /** Items the chat is changing right now (docs/product.md §5): highlighted and busy. */
  updatingIds: ReadonlySet<string>;
  onReplace(item: MealItem): void;
}

function MacroLine({ totals }: { totals: NutritionTotals }) {
  return (
    <span className={styles.macros}>
      <MacroFigures totals={totals} />
    </span>
  );
}

/** docs/product.md §3 "/diet": Breakfast, Lunch, Snacks, Dinner, one open at a time, each header with its calories and macros. */
export function MealGroups({
  items,
  openMeal,
  onToggle,
  lockedMeals,
  replacingId,
  updatingIds,
  onReplace,
}: MealGroupsProps) {
  const sections = MEAL_SLOTS.map((meal) => {
    const mealItems = items.filter((item) => item.Meal === meal);
    const locked = lockedMeals.has(meal);
    return {
      key: meal,
      header: (
        <span className={styles.groupHeader} data-meal={meal}>
          <span className={styles.groupName}>
            {meal}
            {/* The space keeps "Lunch Pro" two words for screen readers. */}
            {locked ? (
              <>
                {" "}
                <ProBadge />
              </>
            ) : null}
          </span>
          <MacroLine totals={totalsOf(mealItems)} />
        </span>
      ),
      content:
        mealItems.length === 0 ? (
          <p className={styles.muted}>No {meal.toLowerCase()} items in this plan.</p>
        ) : (
          <ul className={styles.items}>
            {mealItems.map((item) => {
              const replacing = item.id === replacingId;
              const updating = updatingIds.has(item.id);
              return (
                <li
                  key={item.id}
                  className={updating ? `${styles.item} ${highlight.updating}` : styles.item}
                  data-testid="meal-item"
                  data-updating={updating || undefined}
                  aria-busy={replacing || updating || undefined}
                >
                  <MealIcon meal={item.Meal} className={styles.mealImage} />
                  <div className={styles.itemText}>
                    <p className={styles.itemName}>
                      {item.Item}
                      {updating ? <UpdatingNote /> : null}
                    </p>
                    <p className={styles.itemWeight}>{formatPortion(item.Weight, item.measure)}</p>
                    <p className={styles.itemFacts}>
                      <MacroFigures totals={totalsOf([item])} />
                    </p>
                    <EatenCheckbox item={item} />
                  </div>
                  <ReplaceButton
                    name={item.Item}
                    replacing={replacing}
                    disabled={replacingId !== null}
                    onClick={() => onReplace(item)}
                    className={styles.replace}
                  />
                </li>
              );
            })}
          </ul>
        ),
    };
  });
  return <Accordion sections={sections} openKey={openMeal} onToggle={onToggle} headingLevel={2} />;
}
