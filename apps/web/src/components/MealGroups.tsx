import type { ReactNode } from "react";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { MEAL_SLOTS } from "@fitwise/engine/nutrition/food.types";
import type { MealSlot } from "@fitwise/engine/nutrition/food.types";
import { formatPortion } from "@fitwise/engine/nutrition/number-format";
import { totalsOf } from "../lib/meal-totals";
import type { NutritionTotals } from "../lib/meal-totals";
import { Accordion } from "./Accordion";
import highlight from "./ItemUpdating.module.css";
import { MacroFigures, type FigureStyle } from "./MacroFigures";
import { MealIcon } from "./MealIcon";
import { ProBadge } from "./ProBadge";
import { RecipeDisclosure } from "./RecipeDisclosure";
import { ReplaceButton } from "./ReplaceButton";
import { UpdatingNote } from "./UpdatingNote";
import styles from "./MealGroups.module.css";

const NO_MEALS: ReadonlySet<MealSlot> = new Set();
const NO_ITEMS: ReadonlySet<string> = new Set();

export interface MealGroupsProps {
  items: readonly MealItem[];
  openMeal: MealSlot | null;
  onToggle(meal: MealSlot): void;
  onReplace(item: MealItem): void;
  /** Groups shown with a Pro badge (docs/product.md §5: a free user has Breakfast only). */
  lockedMeals?: ReadonlySet<MealSlot>;
  /** The item being replaced: its row is busy and every Replace waits. */
  replacingId?: string | null;
  /** Items the chat is changing right now (docs/product.md §3.12): highlighted and busy. */
  updatingIds?: ReadonlySet<string>;
  /** Header figures: everyday on the owner's screen, two decimals on a shared plan (docs/product.md §6.5). */
  headerFigures?: FigureStyle;
  /** Meals without items: a line saying so on the owner's screen, left out of a shared plan. */
  emptyMeals?: "say-so" | "leave-out";
  /** What a row holds under its figures: the owner's "Eaten" box, a visitor's tick box. */
  renderItemExtra?(item: MealItem): ReactNode;
}

function MacroLine({ totals, style }: { totals: NutritionTotals; style: FigureStyle }) {
  return (
    <span className={styles.macros}>
      <MacroFigures totals={totals} style={style} />
    </span>
  );
}

/**
 * The meal groups of one day, on /diet and on a shared plan alike (docs/product.md §3.6, §3.9): Breakfast,
 * Lunch, Snacks, Dinner, one open at a time, each header with its calories and macros, each item with its
 * meal picture, portion, figures, recipe (docs/product.md §3.14) and Replace.
 */
export function MealGroups({
  items,
  openMeal,
  onToggle,
  onReplace,
  lockedMeals = NO_MEALS,
  replacingId = null,
  updatingIds = NO_ITEMS,
  headerFigures = "everyday",
  emptyMeals = "say-so",
  renderItemExtra,
}: MealGroupsProps) {
  const meals = MEAL_SLOTS.filter(
    (meal) => emptyMeals === "say-so" || items.some((item) => item.slot === meal),
  );
  const sections = meals.map((meal) => {
    const mealItems = items.filter((item) => item.slot === meal);
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
          {/* A free user is not sent a locked meal's items (docs/decisions/055): no figures to show. */}
          {locked ? null : <MacroLine totals={totalsOf(mealItems)} style={headerFigures} />}
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
                  <MealIcon meal={item.slot} className={styles.mealImage} />
                  <div className={styles.itemText}>
                    <p className={styles.itemName}>
                      {item.name}
                      {updating ? <UpdatingNote /> : null}
                    </p>
                    <p className={styles.itemWeight}>{formatPortion(item.grams, item.measure)}</p>
                    <p className={styles.itemFacts}>
                      <MacroFigures totals={totalsOf([item])} />
                    </p>
                    <div className={styles.itemActions}>
                      {renderItemExtra?.(item)}
                      <RecipeDisclosure foodId={item.foodId} grams={item.grams} name={item.name} />
                    </div>
                  </div>
                  <ReplaceButton
                    name={item.name}
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
