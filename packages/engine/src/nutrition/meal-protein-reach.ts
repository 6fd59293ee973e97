import { MEAL_SLOTS, type Food } from "./food.types";
import { FAT_ENERGY_SHARE, KCAL_TOLERANCE, MEAL_SHARE_BAND, MEAL_SHARES } from "./meal-targets";

const SUBSET_COUNT = 1 << MEAL_SLOTS.length;

interface ReachFood {
  /** Bit i set when the food may be eaten at MEAL_SLOTS[i]. */
  slotMask: number;
  capKcal: number;
  proteinPerKcal: number;
  fatShare: number;
}

/**
 * Most protein any day of these foods can hold, in grams: an upper bound, so a planner falling short of it has not
 * proved the target unreachable, while a target above it truly is.
 *
 * It solves a relaxation of the planner's rules: every food may be eaten at up to its largest portion (smallest
 * portions, item counts and the one-meal-per-food rule dropped), each meal at most its share plus band of the day,
 * the day inside ±3 % of the target, fat 20–35 % of energy. Without the day's energy floor and the fat range the
 * problem is a maximum-weight flow from foods through meals to the day, whose feasible energy vectors form a
 * polymatroid, so filling the densest foods first is optimal (Edmonds 1970, "Submodular functions, matroids and
 * certain polyhedra"). The floor and fat range enter as Lagrange multipliers: every choice of multipliers gives an
 * upper bound (weak duality), and a coordinate descent lowers it towards the linear programme's optimum.
 */
export function proteinReachG(allowedFoods: readonly Food[], targetKcal: number): number {
  const foods: ReachFood[] = allowedFoods
    .filter((food) => food.energyKcal > 0)
    .map((food) => ({
      slotMask: MEAL_SLOTS.reduce(
        (mask, meal, index) => (food.slots.includes(meal) ? mask | (1 << index) : mask),
        0,
      ),
      capKcal: (food.energyKcal * food.portionMaxG) / 100,
      proteinPerKcal: food.proteinG / food.energyKcal,
      fatShare: (9 * food.fatG) / food.energyKcal,
    }));
  const dayMinKcal = targetKcal * (1 - KCAL_TOLERANCE);
  const dayMaxKcal = targetKcal * (1 + KCAL_TOLERANCE);
  // Energy the meals in a subset can hold together: their shares plus bands, and never more than the whole day.
  const subsetCapKcal = Array.from({ length: SUBSET_COUNT }, (_, subset) =>
    Math.min(
      dayMaxKcal,
      MEAL_SLOTS.reduce(
        (sum, meal, index) =>
          subset & (1 << index) ? sum + (MEAL_SHARES[meal] + MEAL_SHARE_BAND) * targetKcal : sum,
        0,
      ),
    ),
  );
  const supersets = Array.from({ length: SUBSET_COUNT }, (_, mask) =>
    Array.from({ length: SUBSET_COUNT }, (_, subset) => subset).filter((subset) => (subset & mask) === mask),
  );

  /** The relaxation's value for multipliers on the fat floor, the fat ceiling and the energy floor. */
  const dual = (fatFloor: number, fatCeiling: number, energyFloor: number): number => {
    const valued = foods
      .map((food) => ({
        food,
        value:
          food.proteinPerKcal +
          fatFloor * (food.fatShare - FAT_ENERGY_SHARE.min) +
          fatCeiling * (FAT_ENERGY_SHARE.max - food.fatShare) +
          energyFloor,
      }))
      .filter((entry) => entry.value > 0)
      .sort((left, right) => right.value - left.value);
    const load = new Array<number>(SUBSET_COUNT).fill(0);
    let total = -energyFloor * dayMinKcal;
    for (const { food, value } of valued) {
      const around = supersets[food.slotMask] ?? [];
      let kcal = food.capKcal;
      for (const subset of around) kcal = Math.min(kcal, (subsetCapKcal[subset] ?? 0) - (load[subset] ?? 0));
      if (kcal <= 0) continue;
      for (const subset of around) load[subset] = (load[subset] ?? 0) + kcal;
      total += value * kcal;
    }
    return total;
  };

  return descend(dual, 3);
}

/** Lowers a convex function of non-negative multipliers by coordinate steps, halving the step when none helps. */
function descend(evaluate: (...multipliers: number[]) => number, count: number): number {
  const multipliers = new Array<number>(count).fill(0);
  let best = evaluate(...multipliers);
  // Steps in g of protein per kcal: protein densities run 0–0.25 g/kcal, so halving from 0.1 reaches 0.0001 in ten rounds.
  for (let step = 0.02; step > 1e-3; step /= 2) {
    let improved = true;
    while (improved) {
      improved = false;
      for (let which = 0; which < count; which += 1) {
        for (const direction of [step, -step]) {
          const trial = [...multipliers];
          trial[which] = Math.max(0, (trial[which] ?? 0) + direction);
          const value = evaluate(...trial);
          if (value < best - 1e-9) {
            best = value;
            multipliers.splice(0, count, ...trial);
            improved = true;
          }
        }
      }
    }
  }
  return best;
}
