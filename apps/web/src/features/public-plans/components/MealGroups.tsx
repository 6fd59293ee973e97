import { useId } from "react";
import type { MealGroup, MealType } from "../model/meal-groups";
import { formatPortion } from "@fitwise/engine/nutrition/number-format";
import { MacroFigures } from "../../../components/MacroFigures";
import { MealIcon } from "../../../components/MealIcon";
import { ReplaceButton } from "../../../components/ReplaceButton";
import { totalsOf } from "../../../lib/meal-totals";
import styles from "./PublicPlans.module.css";

const headerColour: Record<MealType, string> = {
  Breakfast: "var(--meal-breakfast)",
  Lunch: "var(--meal-lunch)",
  Snacks: "var(--meal-snacks)",
  Dinner: "var(--meal-dinner)",
};

export interface MealGroupsProps {
  groups: readonly MealGroup[];
  /** Spec §2: one group open at a time; clicking the open one closes it. */
  openMeal: MealType | null;
  onToggle(meal: MealType): void;
  onReplace(): void;
}

/** Collapsible meal groups with colour-coded headers carrying the group's calories and macros. */
export function MealGroups({ groups, openMeal, onToggle, onReplace }: MealGroupsProps) {
  const baseId = useId();
  return (
    <div className={styles.mealGroups}>
      {groups.map(({ meal, items, totals }) => {
        const isOpen = meal === openMeal;
        const panelId = `${baseId}-${meal}`;
        return (
          <section key={meal} className={styles.mealGroup}>
            <h2 className={styles.mealHeading}>
              <button
                type="button"
                className={styles.mealHeader}
                style={{ background: headerColour[meal] }}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => onToggle(meal)}
              >
                <span className={styles.mealName}>{meal}</span>
                <span className={styles.mealTotals}>
                  <MacroFigures totals={totals} style="two-decimals" />
                </span>
                <span className={styles.chevron} data-open={isOpen} aria-hidden="true" />
              </button>
            </h2>
            <ul id={panelId} className={styles.mealItems} hidden={!isOpen}>
              {items.map((item) => (
                <li key={item.id} className={styles.mealItem}>
                  <MealIcon meal={meal} className={styles.mealIcon} />
                  <div className={styles.itemBody}>
                    <p className={styles.itemName}>
                      {item.Item}{" "}
                      <span className={styles.itemWeight}>{formatPortion(item.Weight, item.measure)}</span>
                    </p>
                    <p className={styles.itemMacros}>
                      <MacroFigures totals={totalsOf([item])} />
                    </p>
                  </div>
                  <div className={styles.itemActions}>
                    <ReplaceButton name={item.Item} replacing={false} disabled={false} onClick={onReplace} />
                    {/* Kept from the original screen, where it had no effect; here it only ticks for the reader. */}
                    <input type="checkbox" className={styles.checkbox} aria-label={`Tick off ${item.Item}`} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
