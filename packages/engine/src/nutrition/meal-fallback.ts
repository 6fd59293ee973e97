import { MEAL_SLOTS, type MealSlot } from "./food.types";
import type { Candidate } from "./meal-candidates";
import { isMeat, isMilk, mealConflict } from "./meal-roles";
import { fitPortions, type PortionFit } from "./meal-portions";
import { searchDay } from "./meal-search";
import type { NutrientTargets } from "./meal-targets";

/** How many alternative starting picks the fallback tries before its small search. */
const ATTEMPTS = 8;
/**
 * Items a fallback day may take from the foods it shares with each other plan number: a third of the eight items the
 * smallest day has, so the day keeps the sharing rule of the search (meal-search) whatever its size.
 */
const SHARED_PER_PLAN = 2;
/** Portion fits the fallback's search may spend: small and fixed, with no clock, so it is quick and deterministic. */
const FALLBACK_FITS = 40;

/** A fallback day's cost: protein over its ceilings weighs most (docs/decisions/030), then the other bounds and protein short. */
const fallbackRank = (fit: PortionFit) =>
  100 * fit.proteinOverKcal + fit.boundBreach + 10 * fit.proteinShortG;

/**
 * The planner's safety net when the search runs out of time: a handful of fixed picks per meal (the attempt-th and
 * next best-liked foods, plus the meal's most protein-dense food), each with fitted portions; if none keeps every hard
 * rule, a search with a small fixed budget and no clock. It returns only a day that keeps every hard rule.
 */
export function fallbackDay(
  byMeal: Record<MealSlot, readonly Candidate[]>,
  targets: NutrientTargets,
  kosher = false,
): PortionFit | undefined {
  let best: PortionFit | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const shared: [number, number] = [0, 0];
    const withinShare = (candidate: Candidate) =>
      shared[0] + (candidate.sharedWith & 1) <= SHARED_PER_PLAN &&
      shared[1] + ((candidate.sharedWith >> 1) & 1) <= SHARED_PER_PLAN;
    const chosen: Candidate[] = [];
    let previousHasMeat = false;
    for (const meal of MEAL_SLOTS) {
      const byPreference = [...byMeal[meal]].sort((a, b) => b.preference - a.preference);
      const byProtein = [...byMeal[meal]].sort(
        (a, b) => b.food.proteinG / b.food.energyKcal - a.food.proteinG / a.food.energyKcal,
      );
      const picks: Candidate[] = [];
      for (const candidate of new Set([
        ...byPreference.slice(attempt, attempt + 2),
        ...byProtein.slice(0, 1),
        ...byPreference,
      ])) {
        if (picks.length === 3 || !withinShare(candidate)) continue;
        // The meal model holds here too: one main, no protein family twice, kosher.
        const conflict = mealConflict(
          [...picks, candidate].map((pick) => pick.food),
          meal,
          { kosher },
        );
        if (conflict !== undefined) continue;
        // Kosher across meals: no dairy in the meal after a meat meal (meals are picked in the day's order).
        if (kosher && previousHasMeat && isMilk(candidate.food)) continue;
        picks.push(candidate);
        shared[0] += candidate.sharedWith & 1;
        shared[1] += (candidate.sharedWith >> 1) & 1;
      }
      if (picks.length < 2) return best;
      chosen.push(...picks);
      previousHasMeat = picks.some((pick) => isMeat(pick.food));
    }
    const fit = fitPortions(chosen, targets);
    if (fit.hardBreach > 1e-6) continue;
    if (best === undefined || fallbackRank(fit) < fallbackRank(best)) best = fit;
    if (fit.proteinShortG <= 1e-6 && fit.boundBreach <= 1) break;
  }
  if (best !== undefined) return best;
  const searched = searchDay(byMeal, targets, {
    maxFits: FALLBACK_FITS,
    timeLimitMs: Number.POSITIVE_INFINITY,
    now: () => 0,
    kosher,
  });
  return searched.status === "found"
    ? {
        portions: searched.portions,
        hardBreach: 0,
        boundBreach: searched.boundBreach,
        shareBreach: searched.shareBreach,
        proteinOverKcal: searched.proteinOverKcal,
        proteinShortG: searched.proteinShortG,
        proteinG: 0,
      }
    : undefined;
}
