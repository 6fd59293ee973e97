import { avoidanceConflict, nameForms, wordForms, type Avoidances } from "./avoidances";
import { MEAL_SLOTS, type Food, type MealSlot } from "./food.types";
import type { MealPlanRequest } from "./meal-planner";
import { suitsDiet } from "./meal-targets";
import { compareIds, hashString, seededUnit } from "./seeded-hash";

/** One food offered to the model for one meal, with the preference points the objective rewards. */
export interface Candidate {
  food: Food;
  meal: MealSlot;
  preference: number;
  /** Belongs to another plan number's share of the foods: offered only when the plan's own share cannot make a day. */
  foreign: boolean;
  cuisineMatch: boolean;
  /** The name holds a word of the user's favourite foods. */
  favourite: boolean;
}

/**
 * Preference points. A favourite names the food itself, so it counts a little more than a cuisine match; cuisine
 * dishes, far more numerous, then fill most places; chosen protein sources tip the choice among the rest.
 */
const POINTS = {
  cuisine: 8,
  otherCuisine: -1,
  favourite: 9,
  proteinSource: 3,
  unchosenProteinSource: -1.5,
  varietyMax: 2.5,
} as const;
/**
 * Candidates kept per meal (about 15): enough that a day can meet energy, fat and protein, few enough that the search's
 * 2–4-food combinations per meal stay in the low thousands.
 */
const KEEP = {
  byPreference: 9,
  favourites: 2,
  byProtein: 5,
  byLowEnergy: 1,
  byLeanEnergy: 2,
  foreign: 4,
} as const;

const FAVOURITE_FILLER = new Set([
  "and",
  "or",
  "i",
  "like",
  "love",
  "enjoy",
  "with",
  "the",
  "a",
  "of",
  "food",
  "foods",
  "dish",
  "dishes",
  "really",
  "very",
  "much",
  "my",
  "favourite",
  "favorite",
  "all",
  "kinds",
  "any",
]);

function favouriteWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 2 && !FAVOURITE_FILLER.has(word));
}

export interface CandidatePool {
  /** Candidates from this plan number's own share: the first and usual search space. */
  own: Record<MealSlot, Candidate[]>;
  /** The own candidates plus the best few from the other shares, for when the own share cannot make a day. */
  widened: Record<MealSlot, Candidate[]>;
  /** Foods that pass diet and avoidances, per meal, before trimming: for error messages. */
  allowedCountByMeal: Record<MealSlot, number>;
  allowedFoods: Food[];
}

/**
 * Foods are split into three shares, one per plan number, by a fixed order (cuisine dishes first, then a hash of the id),
 * dealt round-robin. The order does not depend on the seed or plan number, so plan 2 knows what plan 1 may use without
 * computing it, and the cuisine's dishes are spread evenly over the three plans.
 */
function planShareOf(foods: readonly Food[], request: MealPlanRequest): Map<string, number> {
  const keyed = foods.map((food) => ({
    food,
    cuisine: food.cuisines.includes(request.cuisine) ? 0 : 1,
    hash: hashString(food.id),
  }));
  keyed.sort(
    (left, right) =>
      left.cuisine - right.cuisine || left.hash - right.hash || compareIds(left.food.id, right.food.id),
  );
  return new Map(keyed.map(({ food }, index) => [food.id, (index % 3) + 1]));
}

/**
 * Each food is offered to one meal only, so a day never repeats a food and the search need not check it. Foods with one
 * slot go there; the rest, in seeded order, go to whichever of their slots has fewest foods so far, counting the
 * cuisine's dishes apart from other foods so every meal gets its fair part of the cuisine.
 */
function assignMeals(
  foods: readonly Food[],
  seed: number,
  isCuisine: (food: Food) => boolean,
): Map<string, MealSlot> {
  const emptyCounts = (): Record<MealSlot, number> => ({ Breakfast: 0, Lunch: 0, Snacks: 0, Dinner: 0 });
  const counts = { cuisine: emptyCounts(), other: emptyCounts() };
  const assigned = new Map<string, MealSlot>();
  const multiSlot: Food[] = [];
  for (const food of foods) {
    const [only] = food.slots;
    if (food.slots.length === 1 && only !== undefined) {
      assigned.set(food.id, only);
      counts[isCuisine(food) ? "cuisine" : "other"][only] += 1;
    } else multiSlot.push(food);
  }
  const order = new Map(multiSlot.map((food) => [food.id, seededUnit(seed, food.id)]));
  multiSlot.sort(
    (left, right) => (order.get(left.id) ?? 0) - (order.get(right.id) ?? 0) || compareIds(left.id, right.id),
  );
  for (const food of multiSlot) {
    const group = counts[isCuisine(food) ? "cuisine" : "other"];
    const slot = MEAL_SLOTS.filter((meal) => food.slots.includes(meal)).reduce((best, meal) =>
      group[meal] < group[best] ? meal : best,
    );
    assigned.set(food.id, slot);
    group[slot] += 1;
  }
  return assigned;
}

export function selectCandidates(
  foods: readonly Food[],
  request: MealPlanRequest,
  avoidances: Avoidances,
): CandidatePool {
  const allowedFoods = foods.filter(
    (food) => suitsDiet(food, request.dietType) && avoidanceConflict(food, avoidances) === undefined,
  );
  const share = planShareOf(allowedFoods, request);
  const mealOf = assignMeals(allowedFoods, request.seed, (food) => food.cuisines.includes(request.cuisine));
  const favourites = favouriteWords(request.favouriteFoodsText).flatMap(wordForms);
  const own = {} as Record<MealSlot, Candidate[]>;
  const widened = {} as Record<MealSlot, Candidate[]>;
  const allowedCountByMeal = {} as Record<MealSlot, number>;

  for (const meal of MEAL_SLOTS) {
    allowedCountByMeal[meal] = allowedFoods.filter((food) => food.slots.includes(meal)).length;
    const scored = allowedFoods
      .filter((food) => mealOf.get(food.id) === meal)
      .map((food): Candidate => {
        const cuisineMatch = food.cuisines.includes(request.cuisine);
        let preference = cuisineMatch ? POINTS.cuisine : food.cuisines.length > 0 ? POINTS.otherCuisine : 0;
        const names = nameForms(food);
        const favourite = favourites.some((word) => names.some((forms) => forms.includes(word)));
        if (favourite) preference += POINTS.favourite;
        if (food.proteinSource !== undefined && request.proteinSources.length > 0) {
          preference += request.proteinSources.includes(food.proteinSource)
            ? POINTS.proteinSource
            : POINTS.unchosenProteinSource;
        }
        preference += POINTS.varietyMax * seededUnit(request.seed, `${request.planNumber}:${food.id}`);
        return {
          food,
          meal,
          preference,
          foreign: share.get(food.id) !== request.planNumber,
          cuisineMatch,
          favourite,
        };
      });
    const kept = new Map<string, Candidate>();
    const keep = (list: Candidate[], count: number, score: (candidate: Candidate) => number) => {
      const ranked = list
        .filter((candidate) => !kept.has(candidate.food.id))
        .map((candidate) => ({ candidate, score: score(candidate) }))
        .sort((a, b) => b.score - a.score || compareIds(a.candidate.food.id, b.candidate.food.id));
      for (const { candidate } of ranked.slice(0, count)) kept.set(candidate.food.id, candidate);
    };
    const proteinDensity = (candidate: Candidate) => candidate.food.proteinG / candidate.food.energyKcal;
    const mine = scored.filter((candidate) => !candidate.foreign);
    keep(mine, KEEP.byPreference, (candidate) => candidate.preference);
    // A favourite always gets a chance, even when the cuisine's dishes fill the best-liked places.
    keep(
      mine.filter((candidate) => candidate.favourite),
      KEEP.favourites,
      (candidate) => candidate.preference,
    );
    // The protein floor and the energy window need high-protein and low-energy foods within reach of the search.
    keep(mine, KEEP.byProtein, (candidate) => proteinDensity(candidate) + candidate.preference / 1000);
    keep(mine, KEEP.byLowEnergy, (candidate) => -candidate.food.energyKcal + candidate.preference / 1000);
    // High targets need foods that carry a lot of energy in one portion without pushing fat past 35 %.
    keep(
      mine.filter((candidate) => (9 * candidate.food.fatG) / candidate.food.energyKcal <= 0.3),
      KEEP.byLeanEnergy,
      (candidate) => candidate.food.energyKcal * candidate.food.portionMaxG + candidate.preference / 1000,
    );
    own[meal] = [...kept.values()];
    keep(
      scored.filter((candidate) => candidate.foreign),
      KEEP.foreign,
      (candidate) => candidate.preference + 20 * proteinDensity(candidate),
    );
    widened[meal] = [...kept.values()];
  }
  return { own, widened, allowedCountByMeal, allowedFoods };
}
