import type { Food } from "./food.types";
import MEAL_ROLES_DATA from "./meal-roles.json";

const ROLES = MEAL_ROLES_DATA as Record<string, { role: string }>;

/**
 * A protein food as the tests and the benchmark count it, from the data files (the catalogue's figures and
 * meal-roles.json), not the planner's own predicate: at least a fifth of its energy from protein, and a protein-source
 * chip or 8 g of protein per 100 g as a main, side, snack or drink (seitan: no chip names wheat gluten, so it is never
 * a chosen source). Vegetables, a third of whose few calories are protein, are not protein foods.
 */
export function isProteinFoodByData(food: Food): boolean {
  return (
    (4 * food.proteinG) / food.energyKcal >= 0.2 &&
    (food.proteinSource !== undefined ||
      (food.proteinG >= 8 && ["main", "side", "snack", "drink"].includes(ROLES[food.id]?.role ?? "")))
  );
}
