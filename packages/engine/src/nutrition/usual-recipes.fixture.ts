import type { ExpectedRules } from "./avoidance-phrasings.fixture";
import { auditFood } from "./exclusion-audit";
import { INGREDIENTS, findFood } from "./food-catalogue";
import type { Food } from "./food.types";
import type { MealItem } from "./meal-planner";
import { nameWithoutVariant, usualFacts } from "./usual-recipes";

/**
 * What a person reads into a served item: its usual recipe (ours plus the table's left-out ingredients), audited
 * against what the phrasing must exclude. Anything found must be stated by the item's shown name (docs/decisions/062).
 * Shared by the planner's property test and Alex's (trainer/alex-usual-recipes.test.ts).
 */
export function unstatedLeaks(item: MealItem, expected: ExpectedRules): string[] {
  const food = findFood(item.foodId);
  if (food === undefined) return [`${item.name}: unknown food`];
  const usual = usualFacts(food, INGREDIENTS);
  const asUsual: Food = {
    ...food,
    name: nameWithoutVariant(food),
    allergens: usual.allergens,
    flags: usual.flags,
    ingredients: usual.ingredientNames.map((name) => ({ name, grams: 1 })),
  };
  const { variant: _variant, ...plain } = asUsual;
  const leaks = auditFood(plain, expected);
  if (leaks.length === 0) return [];
  return food.variant !== undefined && item.name.includes(food.variant)
    ? []
    : leaks.map((leak) => `${item.name}: ${leak.what}`);
}
