import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { respond } from "../trainer/trainer-actions";
import { fixtureState, PROFILE } from "../trainer/trainer.fixture";
import { AVOIDANCE_PHRASINGS, type ExpectedRules } from "./avoidance-phrasings.fixture";
import { auditFood, type Leak } from "./exclusion-audit";
import { EXCLUSION_TEST_FOODS } from "./exclusion-foods.fixture";
import { findFood } from "./food-catalogue";
import { DIET_TYPES, type Food } from "./food.types";
import { createMealPlanner, type MealItem, type MealPlanner } from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { replaceMealItem } from "./meal-replacement";

/** Refusals that name their cause; anything else would be a bug. */
const EXPECTED_REFUSALS = ["NOT_ENOUGH_FOODS", "PLAN_INFEASIBLE", "PROTEIN_UNREACHABLE", "NO_REPLACEMENT"];
const MEAT_FLAGS = ["pork", "beef", "lamb", "poultry", "game"];

const byId = new Map(EXCLUSION_TEST_FOODS.map((food) => [food.id, food]));
const fixtureFood = (item: MealItem) => byId.get(item.foodId) as Food;

/**
 * Kosher, checked apart from the code under test: no meal holds meat (by flags) and dairy (by the milk allergen), and
 * no meal holds dairy right after a meal with meat.
 */
function kosherClashes(items: readonly MealItem[], foodOf: (item: MealItem) => Food | undefined): string[] {
  const meals = new Map<string, Food[]>();
  for (const item of items) {
    const food = foodOf(item);
    if (food !== undefined) meals.set(item.slot, [...(meals.get(item.slot) ?? []), food]);
  }
  const meat = (foods: readonly Food[]) =>
    foods.some((food) => (food.flags ?? []).some((flag) => MEAT_FLAGS.includes(flag)));
  const dairy = (foods: readonly Food[]) => foods.some((food) => food.allergens.includes("milk"));
  const inOneMeal = [...meals].flatMap(([meal, foods]) =>
    meat(foods) && dairy(foods) ? [`${meal}: meat with dairy`] : [],
  );
  // docs/decisions/063: no dairy in the meal right after a meat meal (breakfast, lunch, snacks, dinner).
  const order = ["Breakfast", "Lunch", "Snacks", "Dinner"];
  const afterMeat = order.flatMap((meal, index) => {
    const next = order[index + 1];
    return next !== undefined && meat(meals.get(meal) ?? []) && dairy(meals.get(next) ?? [])
      ? [`${next}: dairy after meat at ${meal}`]
      : [];
  });
  return [...inOneMeal, ...afterMeat];
}

function leaksOf(
  items: readonly MealItem[],
  rules: ExpectedRules,
  foodOf: (item: MealItem) => Food | undefined,
) {
  return items.flatMap((item): Leak[] => {
    const food = foodOf(item);
    return food === undefined
      ? [{ kind: "allergen", what: `${item.name}: unknown food` }]
      : auditFood(food, rules);
  });
}

const phrasings = fc.constantFrom(...AVOIDANCE_PHRASINGS);

describe("the audit", () => {
  it("sees what a dish's name hides, from its ingredients and flags", () => {
    const bunCha = byId.get("bun-cha") as Food;
    expect(auditFood(bunCha, { flags: ["pork"] })).toEqual([{ kind: "dislike", what: "Bun cha: pork" }]);
    expect(auditFood(bunCha, { allergens: ["fish"] })).toHaveLength(1);
    expect(auditFood(byId.get("coq-au-vin") as Food, { ingredients: ["mushroom"] })).toHaveLength(1);
    expect(auditFood(byId.get("yogurt-honey") as Food, { flags: ["honey"] })).toHaveLength(1);
    expect(auditFood(bunCha, { flags: ["beef"], ingredients: ["olive"] })).toEqual([]);
  });
});

describe("no served item holds an excluded ingredient, flag or allergen", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner({ foods: EXCLUSION_TEST_FOODS, timeLimitMs: 5_000 });
  });

  it("in plans and in every replacement, for random profiles × phrasings from the table", () => {
    let planned = 0;
    let replaced = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        phrasings,
        fc.constantFrom(...DIET_TYPES),
        (profile, [text, expected], dietType) => {
          const request = {
            ...randomPlanRequest(profile),
            allergiesText: text,
            dietType,
            cuisine: "Indian" as const,
          };
          const outcome = planner.plan(request);
          if (!outcome.ok) {
            expect(EXPECTED_REFUSALS).toContain(outcome.error.code);
            return;
          }
          planned += 1;
          const { items } = outcome.plan;
          expect(new Set(outcome.plan.unrecognisedAvoidances)).toEqual(new Set(expected.unrecognised ?? []));
          expect(leaksOf(items, expected, fixtureFood)).toEqual([]);
          if (expected.kosher === true) expect(kosherClashes(items, fixtureFood)).toEqual([]);
          for (const [index, item] of items.entries()) {
            const swap = replaceMealItem(
              { plan: items, itemId: item.id, request, seed: profile + index },
              EXCLUSION_TEST_FOODS,
            );
            if (!swap.ok) {
              expect(EXPECTED_REFUSALS).toContain(swap.error.code);
              continue;
            }
            replaced += 1;
            expect(leaksOf([swap.item], expected, fixtureFood)).toEqual([]);
            if (expected.kosher === true) {
              const after = items.map((other) => (other.id === item.id ? swap.item : other));
              const clashesBefore = kosherClashes(items, fixtureFood);
              // The replacement never brings meat and dairy together in a meal that did not already hold both.
              for (const clash of kosherClashes(after, fixtureFood)) expect(clashesBefore).toContain(clash);
            }
          }
        },
      ),
      { seed: 12, numRuns: 150 },
    );
    // The property means something only if most draws were planned and swapped.
    expect(planned).toBeGreaterThan(50);
    expect(replaced).toBeGreaterThan(300);
  }, 120_000);
});

describe("Alex's swaps and new meals keep every exclusion (real catalogue)", () => {
  let planner: MealPlanner;
  beforeAll(async () => {
    planner = await createMealPlanner();
  });

  it("for random profiles × phrasings from the table", () => {
    let swapped = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        phrasings,
        fc.constantFrom("replace my breakfast", "replace my lunch", "swap my dinner", "new meals for today"),
        (profile, [text, expected], message) => {
          const request = { ...randomPlanRequest(profile), allergiesText: text, planNumber: 1 as const };
          const outcome = planner.plan(request);
          if (!outcome.ok) return;
          const state = fixtureState({
            profile: {
              ...PROFILE,
              allergiesText: text,
              dietType: request.dietType,
              targetKcal: request.targetKcal,
            },
            mealPlans: { 1: outcome.plan.items },
          });
          const answer = respond(message, state, { mealPlanner: planner, seed: profile });
          const items = answer.state.mealPlans[1] ?? [];
          if (answer.itemIdsUpdated.length > 0 || answer.changed.mealDays.length > 0) swapped += 1;
          expect(leaksOf(items, expected, (item) => findFood(item.foodId))).toEqual([]);
        },
      ),
      { seed: 12, numRuns: 60 },
    );
    expect(swapped).toBeGreaterThan(20);
  }, 120_000);
});
