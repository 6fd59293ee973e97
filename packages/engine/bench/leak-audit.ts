// Counts, for the meal benchmark, what served foods hold that the profile's allergy field excludes. The rules come from
// the phrasing table (written by hand), and the foods are read by the independent audit (exclusion-audit.ts), so the
// count does not depend on the reader or the filter it checks.
import { AVOIDANCE_PHRASINGS, type ExpectedRules } from "../src/nutrition/avoidance-phrasings.fixture";
import { auditFood } from "../src/nutrition/exclusion-audit";
import { findFood } from "../src/nutrition/food-catalogue";
import type { MealItem, MealPlan, MealPlanRequest } from "../src/nutrition/meal-planner";
import { seededUnit } from "../src/nutrition/seeded-hash";

const EXPECTED = new Map<string, ExpectedRules>(AVOIDANCE_PHRASINGS);

/** The profile with an allergy field drawn from the phrasing table: on half the profiles, so the rest stay comparable. */
export function withTablePhrasing(request: MealPlanRequest): MealPlanRequest {
  if (seededUnit(request.seed, "phrasing-or-sample") < 0.5) return request;
  const index = Math.floor(seededUnit(request.seed, "phrasing") * AVOIDANCE_PHRASINGS.length);
  const [text] = AVOIDANCE_PHRASINGS[index] ?? [""];
  return { ...request, allergiesText: text };
}

export function createLeakAudit() {
  let allergenLeaks = 0;
  let dislikeLeaks = 0;
  let plans = 0;
  let plansWithUnrecognised = 0;
  const examples: string[] = [];
  const served = (items: readonly MealItem[], request: MealPlanRequest) => {
    const rules = EXPECTED.get(request.allergiesText);
    if (rules === undefined)
      throw new Error(`No expected rules for "${request.allergiesText}" in the phrasing table`);
    for (const item of items) {
      const food = findFood(item.foodId);
      const leaks = food === undefined ? [] : auditFood(food, rules);
      for (const leak of leaks) {
        if (leak.kind === "allergen") allergenLeaks += 1;
        else dislikeLeaks += 1;
        if (examples.length < 10) examples.push(`"${request.allergiesText}" → ${leak.what}`);
      }
    }
  };
  return {
    /** A planned day: its items, and whether an unrecognised word was reported back. */
    plan(plan: MealPlan, request: MealPlanRequest) {
      plans += 1;
      if (plan.unrecognisedAvoidances.length > 0) plansWithUnrecognised += 1;
      served(plan.items, request);
    },
    served,
    examples: () => examples,
    summary: () => ({
      dislikeLeaks,
      allergenLeaks,
      unrecognisedAvoidancePct: Math.round((10_000 * plansWithUnrecognised) / Math.max(1, plans)) / 100,
    }),
  };
}
