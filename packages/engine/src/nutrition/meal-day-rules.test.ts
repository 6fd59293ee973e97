import { describe, expect, it } from "vitest";
import { parseAvoidances } from "./avoidances";
import { FOOD_CATALOGUE } from "./food-catalogue";
import { MEAL_SLOTS, type MealSlot } from "./food.types";
import { keepsMoveRules, selectCandidates, type Candidate } from "./meal-candidates";
import { dayLimitsExcessKcal } from "./meal-day-limits";
import { dayEggG, dayRuleBreach, FAMILY_MEALS_MAX, repairDayRules } from "./meal-day-rules";
import type { MealPlanRequest } from "./meal-planner";
import { fitPortions } from "./meal-portions";
import { proteinFamilies } from "./meal-roles";
import { EGGS_MAX_G, nutrientTargets } from "./meal-targets";

// Three eggs a day at most and no protein family at more than two meals (docs/decisions/078-eggs-and-protein-families-per-day.md):
// soft rules after the search, below kcal, exclusions, protein, the bounds and the day's limits.

const REQUEST: MealPlanRequest = {
  targetKcal: 2400,
  weightKg: 70,
  gender: "female",
  goal: "Lose Weight",
  dietType: "vegetarian",
  cuisine: "American",
  proteinSources: ["Eggs", "Dairy", "Beans"],
  favouriteFoodsText: "",
  allergiesText: "",
  planNumber: 1,
  seed: 5,
};

const targets = nutrientTargets(REQUEST);
const pool = selectCandidates(FOOD_CATALOGUE, REQUEST, parseAvoidances("", FOOD_CATALOGUE));

/** This food at this meal as the pool offers it, or as a candidate of its own where plan 1's share of foods leaves it out. */
function candidate(meal: MealSlot, id: string): Candidate {
  const pooled = pool.allByMeal[meal].find((entry) => entry.food.id === id);
  if (pooled !== undefined) return pooled;
  const food = FOOD_CATALOGUE.find((entry) => entry.id === id);
  if (food === undefined || !food.slots.includes(meal)) throw new Error(`${id} is no ${meal} food`);
  return {
    food,
    meal,
    preference: 0,
    sharedWith: 0,
    cuisineMatch: food.cuisines.includes(REQUEST.cuisine),
    favourite: false,
  };
}

/** A day of these foods, its portions fitted as the search fits them; it must keep the hard rules to be a day at all. */
function dayOf(foods: Partial<Record<MealSlot, string[]>>) {
  const day = MEAL_SLOTS.flatMap((meal) => (foods[meal] ?? []).map((id) => candidate(meal, id)));
  for (const meal of MEAL_SLOTS) expect(keepsMoveRules(day, meal, false)).toBe(true);
  const fit = fitPortions(day, targets);
  expect(fit.hardBreach).toBeLessThanOrEqual(1e-6);
  return fit;
}

const EGG_DAY = {
  Breakfast: ["us-scrambled-eggs-toast", "orange-juice"],
  Lunch: ["us-black-bean-burger", "apple"],
  Snacks: ["us-deviled-eggs", "banana"],
  Dinner: ["us-mac-and-cheese", "broccoli-boiled"],
};

/** Dairy at breakfast, snacks and dinner. */
const DAIRY_DAY = {
  Breakfast: ["us-greek-yogurt-parfait", "orange-juice"],
  Lunch: ["us-black-bean-burger", "apple"],
  Snacks: ["us-cottage-cheese-pineapple", "almonds"],
  Dinner: ["us-mac-and-cheese", "broccoli-boiled"],
};

/** The meals each family is eaten at, by the planner's families (meal-roles proteinFamilies). */
function familyMealCounts(portions: readonly { candidate: Candidate }[]): number[] {
  const meals = new Map<string, Set<MealSlot>>();
  for (const { candidate: entry } of portions)
    for (const family of proteinFamilies(entry.food))
      meals.set(family, (meals.get(family) ?? new Set()).add(entry.meal));
  return [...meals.values()].map((slots) => slots.size);
}

describe("eggs and protein families per day", () => {
  it("counts a day's whole egg from its foods' recipes", () => {
    const egg = FOOD_CATALOGUE.find((food) => food.id === "egg-hard-boiled");
    const sandwich = FOOD_CATALOGUE.find((food) => food.id === "us-egg-salad-sandwich");
    // A hard-boiled egg is all egg; the sandwich's recipe holds hard-boiled eggs for half its finished weight.
    expect(egg?.wholeEggG).toBeCloseTo(100, 6);
    expect(sandwich?.wholeEggG).toBeCloseTo(50, 0);
    expect(FOOD_CATALOGUE.find((food) => food.id === "egg-whites")?.wholeEggG).toBe(0);
    // Egg noodles are their own SR Legacy row, not whole egg.
    expect(FOOD_CATALOGUE.find((food) => food.id === "egg-noodles-cooked")?.wholeEggG).toBe(0);
  });

  it("brings a day over three eggs under the cap and loses nothing before it", () => {
    const day = dayOf(EGG_DAY);
    expect(dayEggG(day.portions)).toBeGreaterThan(EGGS_MAX_G);

    const repaired = repairDayRules(day.portions, pool.allByMeal, targets, {
      kosher: false,
      proteinSources: REQUEST.proteinSources,
    });
    expect(repaired).toBeDefined();
    if (repaired === undefined) return;
    expect(dayEggG(repaired.portions)).toBeLessThanOrEqual(EGGS_MAX_G);
    expect(Math.max(...familyMealCounts(repaired.portions))).toBeLessThanOrEqual(FAMILY_MEALS_MAX);
    expect(repaired.hardBreach).toBeLessThanOrEqual(1e-6);
    const kcal = repaired.portions.reduce(
      (sum, { candidate: entry, weightG }) => sum + (entry.food.energyKcal * weightG) / 100,
      0,
    );
    expect(kcal).toBeGreaterThanOrEqual(targets.kcalMin);
    expect(kcal).toBeLessThanOrEqual(targets.kcalMax);
    expect(repaired.proteinShortG).toBeLessThanOrEqual(day.proteinShortG + 0.01);
    expect(dayLimitsExcessKcal(repaired.portions, targets)).toBeLessThanOrEqual(
      Math.max(dayLimitsExcessKcal(day.portions, targets), 1),
    );
    const candidates = repaired.portions.map((portion) => portion.candidate);
    for (const meal of MEAL_SLOTS) expect(keepsMoveRules(candidates, meal, false)).toBe(true);
  });

  it("never lets a refit regrow an egg dish: a capped fit stays at or under its cap, where a free one grows back", () => {
    // One egg dish, served at its largest portion: over three eggs on its own, with protein to spare at this weight.
    const day = dayOf({ ...EGG_DAY, Snacks: ["apple", "almonds"] });
    const at = day.portions.findIndex(({ candidate: entry }) => entry.food.id === "us-scrambled-eggs-toast");
    const eggDish = day.portions[at];
    if (eggDish === undefined) throw new Error("the day holds the scrambled eggs");
    const { food } = eggDish.candidate;
    const largest = day.portions.map((portion, index) =>
      index === at ? { ...portion, weightG: food.portionMaxG } : portion,
    );
    expect(dayEggG(largest)).toBeGreaterThan(EGGS_MAX_G);
    const shrunkG = food.portionMinG + 2 * food.portionStepG;
    const shrunk = largest.map((portion, index) =>
      index === at ? { ...portion, weightG: shrunkG } : portion,
    );
    const candidates = shrunk.map((portion) => portion.candidate);
    const caps = shrunk.map((portion, index) => (index === at ? portion.weightG : undefined));

    expect(fitPortions(candidates, targets, shrunk).portions[at]?.weightG).toBeGreaterThan(shrunkG);
    const capped = fitPortions(candidates, targets, shrunk, caps);
    expect(capped.portions[at]?.weightG).toBeLessThanOrEqual(shrunkG);
    expect(capped.hardBreach).toBeLessThanOrEqual(1e-6);

    const repaired = repairDayRules(largest, pool.allByMeal, targets, {
      kosher: false,
      proteinSources: REQUEST.proteinSources,
    });
    expect(repaired).toBeDefined();
    if (repaired === undefined) return;
    expect(dayEggG(repaired.portions)).toBeLessThanOrEqual(EGGS_MAX_G);
    expect(repaired.hardBreach).toBeLessThanOrEqual(1e-6);
  });

  it("moves a family off its third meal where the eggs already keep their cap", () => {
    const day = dayOf(DAIRY_DAY);
    expect(dayRuleBreach(day.portions)).toMatchObject({ eggOverG: 0 });
    expect(Math.max(...familyMealCounts(day.portions))).toBeGreaterThan(FAMILY_MEALS_MAX);

    const repaired = repairDayRules(day.portions, pool.allByMeal, targets, {
      kosher: false,
      proteinSources: REQUEST.proteinSources,
    });
    expect(repaired).toBeDefined();
    expect(dayRuleBreach(repaired?.portions ?? [])).toMatchObject({ eggOverG: 0, familyMealsOver: 0 });
    expect(repaired?.proteinShortG).toBeLessThanOrEqual(day.proteinShortG + 0.01);
  });

  it("leaves a day as it is where no swap or drop mends it", () => {
    const day = dayOf(DAIRY_DAY);
    // Only the day's own foods at each meal, two a meal: nothing can come in, and no meal may drop to one item.
    const onlyTheDay = Object.fromEntries(
      MEAL_SLOTS.map((meal) => [meal, day.portions.map((p) => p.candidate).filter((c) => c.meal === meal)]),
    ) as Record<MealSlot, Candidate[]>;
    expect(dayRuleBreach(day.portions).familyMealsOver).toBeGreaterThan(0);
    expect(
      repairDayRules(day.portions, onlyTheDay, targets, {
        kosher: false,
        proteinSources: REQUEST.proteinSources,
      }),
    ).toBeUndefined();
  });

  it("gives lunch a main of the chosen cuisine, or of none, in place of another cuisine's, and loses nothing before it", () => {
    // An American day whose lunch is built around an Italian pasta dish.
    const day = dayOf({ ...DAIRY_DAY, Lunch: ["it-pasta-e-ceci", "apple"], Snacks: ["almonds", "banana"] });
    expect(dayRuleBreach(day.portions)).toEqual({
      eggOverG: 0,
      familyMealsOver: 0,
      foreignMains: 1,
      foreignItemsOver: 0,
    });

    const repaired = repairDayRules(day.portions, pool.allByMeal, targets, {
      kosher: false,
      proteinSources: REQUEST.proteinSources,
    });
    expect(repaired).toBeDefined();
    if (repaired === undefined) return;
    expect(dayRuleBreach(repaired.portions)).toEqual({
      eggOverG: 0,
      familyMealsOver: 0,
      foreignMains: 0,
      foreignItemsOver: 0,
    });
    const lunch = repaired.portions.filter(({ candidate: entry }) => entry.meal === "Lunch");
    for (const { candidate: entry } of lunch)
      expect(entry.food.cuisines.length === 0 || entry.food.cuisines.includes("American")).toBe(true);
    expect(repaired.hardBreach).toBeLessThanOrEqual(1e-6);
    expect(repaired.proteinShortG).toBeLessThanOrEqual(day.proteinShortG + 0.01);
    expect(dayLimitsExcessKcal(repaired.portions, targets)).toBeLessThanOrEqual(
      Math.max(dayLimitsExcessKcal(day.portions, targets), 1),
    );
    const candidates = repaired.portions.map((portion) => portion.candidate);
    for (const meal of MEAL_SLOTS) expect(keepsMoveRules(candidates, meal, false)).toBe(true);
  });

  it("reads another cuisine's side as the main where it carries most of its meal's energy", () => {
    // Fried plantains beside an American lunch's burger: a side while the burger carries more energy, the main if not.
    const lunch = (tostonesG: number, burgerG: number) => [
      { candidate: candidate("Lunch", "us-black-bean-burger"), weightG: burgerG },
      { candidate: candidate("Lunch", "la-tostones"), weightG: tostonesG },
    ];
    const kcal = (portions: ReturnType<typeof lunch>) =>
      portions.map(({ candidate: entry, weightG }) => (entry.food.energyKcal * weightG) / 100);

    const asSide = lunch(100, 250);
    const [burgerKcal = 0, tostonesKcal = 0] = kcal(asSide);
    expect(tostonesKcal).toBeLessThan(burgerKcal);
    expect(dayRuleBreach(asSide).foreignMains).toBe(0);

    const asMain = lunch(300, 100);
    const [smallBurgerKcal = 0, largeTostonesKcal = 0] = kcal(asMain);
    expect(largeTostonesKcal).toBeGreaterThan(smallBurgerKcal);
    expect(dayRuleBreach(asMain).foreignMains).toBe(1);
  });

  it("does nothing to a day that keeps both rules", () => {
    const day = dayOf({
      Breakfast: ["us-greek-yogurt-parfait", "orange-juice"],
      Lunch: ["us-black-bean-burger", "apple"],
      Snacks: ["almonds", "banana"],
      Dinner: ["us-mac-and-cheese", "broccoli-boiled"],
    });
    expect(
      repairDayRules(day.portions, pool.allByMeal, targets, {
        kosher: false,
        proteinSources: REQUEST.proteinSources,
      }),
    ).toBeUndefined();
  });
});
