import { describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS } from "./food.types";
import { selectCandidates } from "./meal-candidates";
import { randomPlanRequest } from "./meal-profiles";
import { FitMemo, fitPortions } from "./meal-portions";
import { nutrientTargets } from "./meal-targets";

describe("FitMemo (one plan's searches fit a day once)", () => {
  const request = randomPlanRequest(3);
  const pool = selectCandidates(FOOD_CATALOGUE, request, parseAvoidances(request.allergiesText));
  const day = MEAL_SLOTS.flatMap((meal) => pool.byMeal[meal].slice(0, 2));
  const targets = nutrientTargets(request);

  it("gives what fitPortions gives, first time and again", () => {
    const memo = new FitMemo();
    const fresh = fitPortions(day, targets);
    expect(fresh.portions.some((portion) => portion.weightG > portion.candidate.food.portionMinG)).toBe(true);
    expect(memo.fit(day, targets)).toEqual(fresh);
    expect(memo.fit(day, targets)).toEqual(fresh);
  });

  it("hands a search's own candidates back with the grams fitted for the same foods", () => {
    const memo = new FitMemo();
    const fitted = memo.fit(day, targets);
    const others = day.map((candidate) => ({
      ...candidate,
      preference: candidate.preference + 5,
      sharedWith: 3,
    }));
    const again = memo.fit(others, targets);
    expect(again.portions.map((portion) => portion.candidate)).toEqual(others);
    expect(again.portions.every((portion, index) => portion.candidate === others[index])).toBe(true);
    expect(again.portions.map((portion) => portion.weightG)).toEqual(
      fitted.portions.map((portion) => portion.weightG),
    );
  });

  it("fits afresh for other targets", () => {
    const memo = new FitMemo();
    memo.fit(day, targets);
    const smaller = nutrientTargets({ ...request, targetKcal: Math.round(request.targetKcal * 0.7) });
    expect(memo.fit(day, smaller)).toEqual(fitPortions(day, smaller));
    expect(memo.fit(day, smaller).portions).not.toEqual(fitPortions(day, targets).portions);
  });
});
