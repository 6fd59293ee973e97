import { describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS } from "./food.types";
import { selectCandidates, withSourceFilter } from "./meal-candidates";
import { randomPlanRequest } from "./meal-profiles";
import { SearchMemo, searchDay, type SearchLimits } from "./meal-search";
import { nutrientTargets } from "./meal-targets";

const LIMITS: SearchLimits = { maxFits: 100, timeLimitMs: Number.POSITIVE_INFINITY, now: () => 0 };

describe("SearchMemo (what one plan's searches share)", () => {
  // Vegetarians with a source chosen: the narrower filter takes some foods away, so some meals change and some do not.
  const requests = Array.from({ length: 60 }, (_, seed) => randomPlanRequest(seed))
    .filter((request) => request.dietType === "vegetarian" && request.proteinSources.length > 0)
    .slice(0, 6);

  it("finds the same days with it as without it, the first search and a narrower one after it", () => {
    let narrowed = 0;
    for (const request of requests) {
      const pool = selectCandidates(FOOD_CATALOGUE, request, parseAvoidances(request.allergiesText));
      const narrower = withSourceFilter(pool, FOOD_CATALOGUE, request, "onlyChosen");
      if (MEAL_SLOTS.some((meal) => narrower.byMeal[meal].length !== pool.byMeal[meal].length)) narrowed += 1;
      const targets = nutrientTargets(request);
      const memo = new SearchMemo();
      for (const byMeal of [pool.byMeal, narrower.byMeal, pool.byMeal])
        expect(searchDay(byMeal, targets, { ...LIMITS, memo }), `seed ${request.seed}`).toEqual(
          searchDay(byMeal, targets, LIMITS),
        );
    }
    expect(narrowed).toBeGreaterThan(0);
  });

  it("enumerates a meal's combinations once per list of the same candidates", () => {
    const request = requests[0] ?? randomPlanRequest(0);
    const pool = selectCandidates(FOOD_CATALOGUE, request, parseAvoidances(request.allergiesText));
    const memo = new SearchMemo();
    const kcal = { low: 400, high: 900, aim: 650 };
    const first = memo.mealCombos(pool.byMeal.Lunch, "Lunch", kcal, false);
    expect(first.length).toBeGreaterThan(0);
    expect(memo.mealCombos([...pool.byMeal.Lunch], "Lunch", kcal, false)).toBe(first);
    // Other candidate objects (other points, other sharing) or another window are enumerated afresh.
    const copies = pool.byMeal.Lunch.map((candidate) => ({ ...candidate }));
    expect(memo.mealCombos(copies, "Lunch", kcal, false)).not.toBe(first);
    expect(memo.mealCombos(pool.byMeal.Lunch, "Lunch", { ...kcal, aim: 700 }, false)).not.toBe(first);
  });
});
