import { describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS, type Food } from "./food.types";
import { selectCandidates, withSourceFilter, type CandidatePool } from "./meal-candidates";
import { randomPlanRequest } from "./meal-profiles";
import { isProteinFoodByData } from "./protein-foods.fixture";

const searchable = (pool: CandidatePool) => MEAL_SLOTS.flatMap((meal) => pool.byMeal[meal]);

describe("selectCandidates' source filters (docs/decisions/030: protein foods from the chosen sources)", () => {
  // Vegetarian and vegan profiles with a source of their diet chosen: seitan, with no source chip, is within their reach.
  const requests = Array.from({ length: 400 }, (_, seed) => randomPlanRequest(seed))
    .filter((request) => request.dietType !== "standard" && request.favouriteFoodsText === "")
    .slice(0, 40);

  it("searches no protein food of another source, nor seitan, with onlyChosen", () => {
    let filtered = 0;
    for (const request of requests) {
      const avoidances = parseAvoidances(request.allergiesText);
      const pool = selectCandidates(FOOD_CATALOGUE, request, avoidances);
      const chosen = searchable(pool);
      const onlyPool = withSourceFilter(pool, FOOD_CATALOGUE, request, "onlyChosen");
      const only = searchable(onlyPool);
      const unchosen = (food: Food) =>
        isProteinFoodByData(food) &&
        !(food.proteinSource !== undefined && request.proteinSources.includes(food.proteinSource));
      // Where the plan may use no protein food of a chosen source, nothing is filtered.
      if (!only.some((candidate) => isProteinFoodByData(candidate.food) && !unchosen(candidate.food)))
        continue;
      filtered += chosen.filter((candidate) => unchosen(candidate.food)).length;
      // The pool names what it filtered: unchosen protein foods the plan could use, none of them searched.
      const named = [...onlyPool.filteredOutIds].map((id) => FOOD_CATALOGUE.find((food) => food.id === id));
      expect(named.every((food) => food !== undefined && unchosen(food))).toBe(true);
      expect(only.filter((candidate) => onlyPool.filteredOutIds.has(candidate.food.id))).toEqual([]);
      expect(
        only.filter((candidate) => unchosen(candidate.food)).map((candidate) => candidate.food.name),
        `seed ${request.seed}`,
      ).toEqual([]);
    }
    // The default filter leaves some (the cuisine's dishes, seitan): otherwise this test would prove nothing.
    expect(filtered).toBeGreaterThanOrEqual(20);
  });

  it("with chosenWithoutSeitan keeps what chosen keeps but chipless protein foods outside the cuisine", () => {
    let seitanOutside = 0;
    for (const request of requests) {
      const avoidances = parseAvoidances(request.allergiesText);
      const pool = selectCandidates(FOOD_CATALOGUE, request, avoidances);
      const chosen = searchable(pool);
      const narrower = searchable(withSourceFilter(pool, FOOD_CATALOGUE, request, "chosenWithoutSeitan"));
      const chiplessOutside = (food: Food) =>
        isProteinFoodByData(food) &&
        food.proteinSource === undefined &&
        !food.cuisines.includes(request.cuisine);
      const chosenProtein = (food: Food) =>
        isProteinFoodByData(food) &&
        food.proteinSource !== undefined &&
        request.proteinSources.includes(food.proteinSource);
      if (!narrower.some((candidate) => chosenProtein(candidate.food))) continue;
      seitanOutside += chosen.filter((candidate) => chiplessOutside(candidate.food)).length;
      expect(narrower.filter((candidate) => chiplessOutside(candidate.food))).toEqual([]);
      // Every other protein food the search may see with the default filter, it still may.
      const kept = new Set(narrower.map((candidate) => candidate.food.id));
      const proteinFoodsOf = (list: typeof chosen) =>
        list.filter((candidate) => isProteinFoodByData(candidate.food) && !chiplessOutside(candidate.food));
      for (const candidate of proteinFoodsOf(chosen).filter(
        (candidate) =>
          candidate.food.proteinSource !== undefined &&
          !request.proteinSources.includes(candidate.food.proteinSource),
      ))
        expect(kept.has(candidate.food.id), `${candidate.food.name}, seed ${request.seed}`).toBe(true);
    }
    expect(seitanOutside).toBeGreaterThanOrEqual(10);
  });
});
