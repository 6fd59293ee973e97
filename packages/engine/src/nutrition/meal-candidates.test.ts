import { describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS, type Food } from "./food.types";
import { selectCandidates, withSourceFilter, type CandidatePool } from "./meal-candidates";
import { randomPlanRequest } from "./meal-profiles";
import { isProteinPowderFood } from "./meal-roles";
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
      // The pool names what it filtered: unchosen protein foods and protein powders the plan could use, none searched.
      const named = [...onlyPool.filteredOutIds].map((id) => FOOD_CATALOGUE.find((food) => food.id === id));
      expect(named.every((food) => food !== undefined && (unchosen(food) || isProteinPowderFood(food)))).toBe(
        true,
      );
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

describe("protein powder (only where chosen, and no chip chooses it)", () => {
  const powders = FOOD_CATALOGUE.filter(isProteinPowderFood);

  it("finds the powders and the dishes made with one by their ingredients", () => {
    const ids = powders.map((food) => food.id);
    expect(ids).toEqual(expect.arrayContaining(["whey-protein-powder", "us-whey-protein-shake"]));
    expect(ids).not.toContain("greek-yogurt-nonfat");
  });

  it("costs what an unchosen source costs, chip chosen or not, and stays out of the search but with every food", () => {
    let offered = 0;
    for (let seed = 0; seed < 60; seed += 1) {
      // Dairy chosen: whey's chip, which would otherwise earn the chosen-source points.
      const request = {
        ...randomPlanRequest(seed),
        proteinSources: ["Dairy" as const],
        favouriteFoodsText: "",
      };
      const pool = selectCandidates(FOOD_CATALOGUE, request, parseAvoidances(request.allergiesText));
      const all = MEAL_SLOTS.flatMap((meal) => pool.allByMeal[meal]);
      for (const candidate of all.filter((candidate) => isProteinPowderFood(candidate.food))) {
        offered += 1;
        // -14, and at most the variety bonus (2.5) and a cuisine match (8) above it.
        expect(candidate.preference, candidate.food.id).toBeLessThan(-14 + 2.5 + 8 + 1e-9);
        expect(pool.filteredOutIds.has(candidate.food.id)).toBe(true);
      }
      expect(searchable(pool).filter((candidate) => isProteinPowderFood(candidate.food))).toEqual([]);
      const every = withSourceFilter(pool, FOOD_CATALOGUE, request, "every");
      expect(every.filteredOutIds.size).toBe(0);
    }
    expect(offered).toBeGreaterThan(20);
  });

  it("stays in the search where a favourite names it and its chip is chosen", () => {
    const request = {
      ...randomPlanRequest(3),
      dietType: "standard" as const,
      allergiesText: "",
      proteinSources: ["Dairy" as const],
      favouriteFoodsText: "protein shake",
    };
    const pool = selectCandidates(FOOD_CATALOGUE, request, parseAvoidances(""));
    const favourites = MEAL_SLOTS.flatMap((meal) => pool.allByMeal[meal]).filter(
      (candidate) => candidate.favourite && isProteinPowderFood(candidate.food),
    );
    expect(favourites.length).toBeGreaterThan(0);
    for (const candidate of favourites) expect(pool.filteredOutIds.has(candidate.food.id)).toBe(false);
  });
});
