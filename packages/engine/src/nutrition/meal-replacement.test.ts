import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseAvoidances } from "./avoidances";
import { exclusionConflict } from "./exclusions";
import { FOOD_CATALOGUE, findFood } from "./food-catalogue";
import type { Cuisine, Food, MealSlot } from "./food.types";
import {
  createMealPlanner,
  toMealItem,
  type MealItem,
  type MealPlan,
  type MealPlanner,
  type MealPlanRequest,
} from "./meal-planner";
import { randomPlanRequest } from "./meal-profiles";
import { replacementChoices, replaceMealItem } from "./meal-replacement";
import { mealConflict, mealRole } from "./meal-roles";
import { isValidPortion, portionFigures, suitsDiet } from "./meal-targets";

describe("replaceMealItem", () => {
  let planner: MealPlanner;
  const plans = new Map<number, { request: MealPlanRequest; plan: MealPlan }>();
  beforeAll(async () => {
    planner = await createMealPlanner({ timeLimitMs: 5_000 });
    for (let seed = 1; plans.size < 40; seed += 1) {
      const request = randomPlanRequest(seed);
      const outcome = planner.plan(request);
      if (outcome.ok) plans.set(seed, { request, plan: outcome.plan });
    }
  }, 60_000);

  it("swaps any item for another food of the same meal within ±5 % kcal, keeping every hard rule", () => {
    const seeds = [...plans.keys()];
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (planSeed, pick, seed) => {
          const { request, plan } = plans.get(planSeed) as { request: MealPlanRequest; plan: MealPlan };
          const replaced = plan.items[pick % plan.items.length];
          if (replaced === undefined) return;
          const outcome = replaceMealItem({ plan: plan.items, itemId: replaced.id, request, seed });
          if (!outcome.ok) {
            expect(outcome.error.code).toBe("NO_REPLACEMENT");
            expect(outcome.error.message).toContain(replaced.slot);
            return;
          }
          const { item } = outcome;
          const food = findFood(item.foodId);
          expect(food).toBeDefined();
          if (food === undefined) return;
          expect(item.slot).toBe(replaced.slot);
          expect(plan.items.map((other) => other.foodId)).not.toContain(item.foodId);
          expect(plan.items.map((other) => other.id)).not.toContain(item.id);
          expect(Math.abs(item.energyKcal - replaced.energyKcal)).toBeLessThanOrEqual(
            0.05 * replaced.energyKcal,
          );
          expect(suitsDiet(food, request.dietType)).toBe(true);
          expect(
            exclusionConflict(food, parseAvoidances(request.allergiesText, FOOD_CATALOGUE)),
          ).toBeUndefined();
          expect(isValidPortion(food, item.grams)).toBe(true);
          expect(item).toMatchObject(portionFigures(food, item.grams));
          const dayKcal = plan.totals.energyKcal - replaced.energyKcal + item.energyKcal;
          expect(Math.abs(dayKcal - request.targetKcal)).toBeLessThanOrEqual(0.03 * request.targetKcal);
        },
      ),
      { seed: 12, numRuns: 1000 },
    );
  }, 60_000);

  it("picks macros close to the replaced item's", () => {
    const { request, plan } = plans.values().next().value as { request: MealPlanRequest; plan: MealPlan };
    const replaced = plan.items[0];
    if (replaced === undefined) throw new Error("empty plan");
    const outcome = replaceMealItem({ plan: plan.items, itemId: replaced.id, request, seed: 1 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    // Within 5 % energy, macros can still differ; the chosen item should be no further than half the item's energy.
    const distanceKcal =
      4 * Math.abs(outcome.item.proteinG - replaced.proteinG) +
      4 * Math.abs(outcome.item.carbsG - replaced.carbsG) +
      9 * Math.abs(outcome.item.fatG - replaced.fatG);
    expect(distanceKcal).toBeLessThan(0.5 * replaced.energyKcal);
  });

  it("is deterministic for a seed", () => {
    const { request, plan } = plans.values().next().value as { request: MealPlanRequest; plan: MealPlan };
    const itemId = plan.items[1]?.id ?? "";
    expect(replaceMealItem({ plan: plan.items, itemId, request, seed: 5 })).toEqual(
      replaceMealItem({ plan: plan.items, itemId, request, seed: 5 }),
    );
  });

  it("says so when the item is not in the plan", () => {
    const { request, plan } = plans.values().next().value as { request: MealPlanRequest; plan: MealPlan };
    expect(replaceMealItem({ plan: plan.items, itemId: "nope", request, seed: 1 })).toMatchObject({
      ok: false,
      error: { code: "ITEM_NOT_FOUND" },
    });
  });

  it("explains when nothing qualifies", () => {
    const { request, plan } = plans.values().next().value as { request: MealPlanRequest; plan: MealPlan };
    const replaced = plan.items[0];
    if (replaced === undefined) throw new Error("empty plan");
    // An item of 5 kcal: nothing else in the meal comes within ±5 % of it.
    const tiny = { ...replaced, energyKcal: 5 };
    const outcome = replaceMealItem({
      plan: [tiny, ...plan.items.slice(1)],
      itemId: tiny.id,
      request: { ...request, targetKcal: plan.totals.energyKcal - replaced.energyKcal + 5 },
      seed: 1,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: "NO_REPLACEMENT" } });
    if (!outcome.ok) expect(outcome.error.message).toMatch(/within 5 % of 5 kcal/);
  });

  describe("the chosen cuisine", () => {
    /** A vegan food of 200 kcal per 100 g whose macros differ from the replaced item's by `offG` g of protein for carbs. */
    const food = (id: string, slots: MealSlot[], cuisines: Cuisine[], offG = 0): Food => ({
      id,
      name: id,
      slots,
      cuisines,
      diet: "vegan",
      allergens: [],
      energyKcal: 200,
      proteinG: 10 + offG,
      carbsG: 25 - offG,
      fatG: 6.67,
      fibreG: 2,
      satFatG: 0,
      sodiumMg: 0,
      portionMinG: 100,
      portionMaxG: 300,
      portionStepG: 10,
      image: "dish",
      ingredients: [],
      flags: [],
      wholeEggG: 0,
    });
    const request: MealPlanRequest = {
      ...randomPlanRequest(1),
      dietType: "vegan",
      cuisine: "Italian",
      allergiesText: "",
    };
    /**
     * Replaces a 300 kcal lunch item (150 g of `replaced`) by the best of: an exact match from no cuisine, or an Italian
     * dish whose protein and carbs are each `offG` × 1.5 g off (a macro distance of 12 × offG kcal, 4 × offG % of the
     * item's energy). Dinner holds the rest of the day: one Italian dish and one food of no cuisine.
     */
    function pick(replaced: Food, offG: number): string {
      const foods = [
        replaced,
        food("exact-match", ["Lunch"], []),
        food("italian-dish", ["Lunch"], ["Italian"], offG),
        food("dinner-italian", ["Dinner"], ["Italian"]),
        food("dinner-plain", ["Dinner"], []),
      ];
      const plan = [
        toMealItem(replaced, "Lunch", 150, "lunch"),
        toMealItem(foods[3] as Food, "Dinner", 200, "dinner-1"),
        toMealItem(foods[4] as Food, "Dinner", 200, "dinner-2"),
      ];
      const targetKcal = plan.reduce((sum, item) => sum + item.energyKcal, 0);
      const outcome = replaceMealItem(
        { plan, itemId: "lunch", request: { ...request, targetKcal }, seed: 3 },
        foods,
      );
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.item.foodId;
    }

    it("wins over a closer match when its macros stay close (4 % of the item's energy off)", () => {
      expect(pick(food("plain-lunch", ["Lunch"], []), 1)).toBe("italian-dish");
    });

    it("does not when its macros are further off (16 %) and the day keeps its cuisine majority either way", () => {
      expect(pick(food("plain-lunch", ["Lunch"], []), 4)).toBe("exact-match");
    });

    it("does when swapping the replaced cuisine dish for another food would cost the day its majority", () => {
      expect(pick(food("italian-lunch", ["Lunch"], ["Italian"]), 4)).toBe("italian-dish");
    });

    it("never at the cost of macros far off (40 %), majority or not", () => {
      expect(pick(food("italian-lunch", ["Lunch"], ["Italian"]), 10)).toBe("exact-match");
    });
  });

  it("offers up to three real choices: same meal, same role, ±5 % kcal, exclusions and meal rules kept", () => {
    const seeds = [...plans.keys()];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(), (planSeed, pick) => {
        const { request, plan } = plans.get(planSeed) as { request: MealPlanRequest; plan: MealPlan };
        const replaced = plan.items[pick % plan.items.length];
        if (replaced === undefined) return;
        const outcome = replacementChoices({
          plan: plan.items,
          itemId: replaced.id,
          request,
          seed: planSeed,
        });
        if (!outcome.ok) return;
        expect(outcome.items.length).toBeGreaterThan(0);
        expect(outcome.items.length).toBeLessThanOrEqual(3);
        expect(new Set(outcome.items.map((item) => item.foodId)).size).toBe(outcome.items.length);
        const replacedFood = findFood(replaced.foodId) as Food;
        const sameRole = outcome.items.every(
          (item) => mealRole(findFood(item.foodId) as Food) === mealRole(replacedFood),
        );
        for (const item of outcome.items) {
          const food = findFood(item.foodId) as Food;
          expect(item.slot).toBe(replaced.slot);
          expect(Math.abs(item.energyKcal - replaced.energyKcal)).toBeLessThanOrEqual(
            0.05 * replaced.energyKcal,
          );
          expect(exclusionConflict(food, parseAvoidances(request.allergiesText))).toBeUndefined();
          const mates = plan.items
            .filter((other) => other.slot === replaced.slot && other.id !== replaced.id)
            .map((other) => findFood(other.foodId) as Food);
          expect(mealConflict([...mates, food], replaced.slot, { kosher: false })).toBeUndefined();
        }
        // Another role comes in only when no food of the same role fits at all.
        if (!sameRole)
          expect(
            outcome.items.every((item) => mealRole(findFood(item.foodId) as Food) !== mealRole(replacedFood)),
          ).toBe(true);
        // The one-click path takes the first choice; a picked choice is applied as offered.
        const oneClick = replaceMealItem({ plan: plan.items, itemId: replaced.id, request, seed: planSeed });
        expect(oneClick.ok && oneClick.item).toEqual(outcome.items[0]);
        const last = outcome.items[outcome.items.length - 1] as MealItem;
        const picked = replaceMealItem({
          plan: plan.items,
          itemId: replaced.id,
          request,
          seed: planSeed,
          foodId: last.foodId,
        });
        expect(picked.ok && picked.item).toEqual(last);
      }),
      { seed: 12, numRuns: 60 },
    );
  });

  it("never brings back an item of the day: five successive replacements of one item repeat none", () => {
    const seeds = [...plans.keys()];
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (planSeed, pick, seed) => {
          const { request, plan } = plans.get(planSeed) as { request: MealPlanRequest; plan: MealPlan };
          let items = [...plan.items];
          let current = items[pick % items.length];
          if (current === undefined) return;
          const seen = new Set(items.map((item) => item.foodId));
          const replacedFoodIds: string[] = [];
          for (let round = 0; round < 5; round += 1) {
            const outcome = replaceMealItem({
              plan: items,
              itemId: current.id,
              request,
              seed: seed + round,
              replacedFoodIds,
            });
            if (!outcome.ok) {
              expect(outcome.error.code).toBe("NO_REPLACEMENT");
              return;
            }
            expect(seen.has(outcome.item.foodId)).toBe(false);
            seen.add(outcome.item.foodId);
            replacedFoodIds.push(current.foodId);
            const old = current;
            items = items.map((item) => (item.id === old.id ? outcome.item : item));
            current = outcome.item;
          }
        },
      ),
      { seed: 12, numRuns: 60 },
    );
  });
});
