import type { ExclusionRules } from "./exclusions";
import { MEAL_SLOTS, type Food, type MealSlot, type ProteinSource } from "./food.types";
import type { MealPlanRequest } from "./meal-plan.types";
import { allowedFood, ITEMS_PER_MEAL } from "./meal-targets";
import { compareIds, hashString, seededUnit } from "./seeded-hash";
import {
  isProteinPowderFood,
  isUnchosenProteinFood,
  kosherDayConflict,
  mealConflict,
  mealRole,
  type MealRole,
} from "./meal-roles";
import { nameForms, wordForms } from "./word-forms";

/** One food offered to the model for one meal, with the preference points the objective rewards. */
export interface Candidate {
  food: Food;
  meal: MealSlot;
  preference: number;
  /**
   * The other plan numbers that may also use this food, as bits: 1 for the lower of the two, 2 for the higher. A day
   * takes at most a third of its items from the foods it shares with each.
   */
  sharedWith: number;
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
  // Another cuisine's dish costs more than a neutral food is worth, so an American day fills with American dishes and
  // base foods before a Korean or Thai dish (45 % of breakfasts and many dinners were off the cuisine at -1). At -4 the
  // day audit (bench/day-audit.ts: 70 % of items from the cuisine or neutral, lunch's and dinner's main from it) read
  // 46 % of 150 random days as one cuisine; at -8, and -12 for another cuisine's main, 63 %, protein unchanged; at
  // -12/-16 no more, and a day was refused.
  otherCuisine: -8,
  otherCuisineMain: -12,
  favourite: 9,
  proteinSource: 3,
  // Protein-rich foods from sources the user did not choose come in only where the chosen ones cannot meet the day
  // (51 % of protein-rich items were from unchosen sources at -1.5).
  unchosenProteinSource: -14,
  // A cuisine dish of an unchosen source nets as much as a neutral food, below a base food of a chosen source (+3), so
  // the cuisine can still hold most of a day (docs/product.md §6.2) while base foods of the chosen sources carry the protein; from
  // -9 the plans with a cuisine majority fell (decision 030).
  unchosenCuisineProteinSource: -8,
  // Protein powder only where the person chose it or nothing else reaches the floor (decision 039): no chip names powder,
  // so it costs what a protein food of an unchosen source costs, whatever its chip and cuisine, and the search does not
  // see it (searchedCandidates); the exact model, which the planner calls when the search misses protein, still may.
  proteinPowder: -14,
  varietyMax: 2.5,
  // A food of a plan being reset, each time it was planned: over 600 resets of one profile (four in a row per user),
  // every meal got something new at the first seed in 77 % (49 % at 0 points) and within five seeds in all; at -8,
  // 6 in 150 random profiles' reset plans lost their cuisine majority, at -4 two.
  previousPlan: -4,
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
  /** Carbohydrate-dense foods, so a day can reach 130 g and 40 % of energy from carbohydrate. */
  byCarbs: 2,
  /** Per role a meal's templates build on, the best-liked few, so every template is within the search's reach. */
  perRole: 2,
} as const;
/** A food is protein-rich from a fifth of its energy as protein (the bench counts the chosen share among these). */
const PROTEIN_RICH_SHARE = 0.2;
const isProteinRich = (food: Food) =>
  food.proteinSource !== undefined && (4 * food.proteinG) / food.energyKcal >= PROTEIN_RICH_SHARE;
/** The roles each meal's templates need within reach (meal-roles ROLE_CAPS and ANCHOR_ROLES). */
const TEMPLATE_ROLES: Record<MealSlot, readonly MealRole[]> = {
  Breakfast: ["main", "side", "fruit", "drink", "starch"],
  Lunch: ["main", "starch", "vegetables", "side"],
  Snacks: ["snack", "fruit", "side"],
  Dinner: ["main", "starch", "vegetables", "side"],
};

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

/** Foods of one source a word must name before it counts as naming the source: "berries" (3 dairy bowls) does not. */
const NAMED_SOURCE_MIN_FOODS = 5;
const NAMED_SOURCES = new WeakMap<readonly Food[], Map<string, ProteinSource | undefined>>();

/**
 * The protein source a favourite word names, if it names one: most of the foods whose name holds the word (of those
 * with a protein source), and at least five, are of one source ("salmon", "chicken", "lentils", "yogurt"), where a dish word ("salad",
 * "curry", "tacos") spreads over several. Memoised per food list.
 */
function namedSource(word: string, foods: readonly Food[]): ProteinSource | undefined {
  let known = NAMED_SOURCES.get(foods);
  if (known === undefined) {
    known = new Map();
    NAMED_SOURCES.set(foods, known);
  }
  if (known.has(word)) return known.get(word);
  const counts = new Map<ProteinSource, number>();
  let total = 0;
  for (const food of foods) {
    if (food.proteinSource === undefined || !nameForms(food).some((forms) => forms.includes(word))) continue;
    counts.set(food.proteinSource, (counts.get(food.proteinSource) ?? 0) + 1);
    total += 1;
  }
  const [source] =
    [...counts.entries()].find(([, count]) => 2 * count > total && count >= NAMED_SOURCE_MIN_FOODS) ?? [];
  known.set(word, source);
  return source;
}

/**
 * Whether a day, after a move in one meal, still keeps the rules a move can break: 2–4 items in that meal, the meal
 * model and kosher there and across the day (meal-roles), and the sharing rule of plans 1–3 (at most a third of the day's items shared
 * with each other plan: Σ (3·shared − 1) ≤ 0). The repairs after the search use it (meal-protein-ceiling,
 * meal-chosen-sources).
 */
export function keepsMoveRules(day: readonly Candidate[], meal: MealSlot, kosher: boolean): boolean {
  const inMeal = day.filter((candidate) => candidate.meal === meal);
  const shared = (bit: number) =>
    day.reduce((sum, candidate) => sum + 3 * ((candidate.sharedWith & bit) !== 0 ? 1 : 0) - 1, 0);
  return (
    inMeal.length >= ITEMS_PER_MEAL.min &&
    inMeal.length <= ITEMS_PER_MEAL.max &&
    mealConflict(
      inMeal.map((candidate) => candidate.food),
      meal,
      { kosher },
    ) === undefined &&
    (!kosher ||
      kosherDayConflict((slot) =>
        day.filter((candidate) => candidate.meal === slot).map((candidate) => candidate.food),
      ) === undefined) &&
    shared(1) <= 0 &&
    shared(2) <= 0
  );
}

/**
 * Per meal, the candidates each list gives it, one per food (the first kept): lists made from other pools may hold
 * other candidate objects for the same food.
 */
export function unionByMeal(
  ...lists: readonly ((meal: MealSlot) => readonly Candidate[])[]
): Record<MealSlot, Candidate[]> {
  return Object.fromEntries(
    MEAL_SLOTS.map((meal) => {
      const candidates = lists.flatMap((list) => list(meal));
      return [meal, [...new Map(candidates.map((candidate) => [candidate.food.id, candidate])).values()]];
    }),
  ) as Record<MealSlot, Candidate[]>;
}

/** A meal's most protein-dense candidates (protein per kcal), densest first. */
export function densestCandidates(candidates: readonly Candidate[], count: number): Candidate[] {
  const density = ({ food }: Candidate) => food.proteinG / Math.max(1, food.energyKcal);
  return [...candidates].sort((left, right) => density(right) - density(left)).slice(0, count);
}

export interface CandidatePool {
  /** Per meal, the candidates from the foods this plan number may use: the search space. */
  byMeal: Record<MealSlot, Candidate[]>;
  /** Per meal, every food this plan number may use there, before trimming: the exact model's space (meal-exact). */
  allByMeal: Record<MealSlot, Candidate[]>;
  /** Foods that pass diet and avoidances, per meal, before trimming: for error messages. */
  allowedCountByMeal: Record<MealSlot, number>;
  allowedFoods: Food[];
  /** Foods of allByMeal the source filter kept out of byMeal (SourceFilter). */
  filteredOutIds: ReadonlySet<string>;
}

/** Plan numbers as bits of a set: plan 1 is 1, plan 2 is 2, plan 3 is 4. */
const planBit = (planNumber: 1 | 2 | 3) => 1 << (planNumber - 1);
/** The pairs of plan numbers that shared foods are dealt to, in turn. */
const PLAN_PAIRS = [0b011, 0b101, 0b110] as const;
/**
 * The most protein-dense foods outside the cuisine, dealt in pairs like the cuisine's dishes: a day mostly from a
 * cuisine whose dishes hold little protein needs one or two of them to meet the floor, and one plan's third of the other
 * foods often has none. On the benchmark six met protein more often than three and kept more cuisine majorities than
 * nine or more, which crowd the cuisine's dishes out of the shared third of a day.
 */
const SHARED_PROTEIN_FOODS = 6;

/** Foods in the fixed order they are dealt: by meal slots, so every meal's foods spread evenly, then by a hash of the id. */
function dealOrder(foods: readonly Food[]): Food[] {
  const keyed = foods.map((food) => ({ food, slots: food.slots.join(), hash: hashString(food.id) }));
  keyed.sort(
    (left, right) =>
      compareIds(left.slots, right.slots) ||
      left.hash - right.hash ||
      compareIds(left.food.id, right.food.id),
  );
  return keyed.map(({ food }) => food);
}

/** The `count` foods with most protein per kcal, ties by id. */
function mostProteinDense(foods: readonly Food[], count: number): Food[] {
  const density = (food: Food) => food.proteinG / food.energyKcal;
  const best: Food[] = [];
  for (const food of foods) {
    let at = best.length;
    while (at > 0) {
      const above = best[at - 1] as Food;
      const difference = density(food) - density(above);
      if (difference < 0 || (difference === 0 && compareIds(food.id, above.id) > 0)) break;
      at -= 1;
    }
    if (at < count) {
      best.splice(at, 0, food);
      if (best.length > count) best.pop();
    }
  }
  return best;
}

/**
 * Which plan numbers may use each food, as a set of bits. The cuisine's dishes and the most protein-dense other foods
 * are dealt to pairs of plans, so each plan sees two thirds of them and can be mostly from the cuisine; the other foods
 * go to one plan each. Two plans then share only foods dealt to both, and a day takes at most a third of its items from
 * the foods it shares with each other plan (meal-search), so any two of plans 1–3 share at most a third of their items
 * whatever each picks. The deal depends on the request's foods, cuisine and protein sources but neither the seed nor
 * the plan number, so every plan of a user sees the same deal.
 */
function planSets(foods: readonly Food[], request: MealPlanRequest): Map<string, number> {
  const sets = new Map<string, number>();
  const cuisineDishes = foods.filter((food) => food.cuisines.includes(request.cuisine));
  const others = foods.filter((food) => !food.cuisines.includes(request.cuisine));
  const chosenRich = (food: Food) =>
    isProteinRich(food) && request.proteinSources.includes(food.proteinSource as ProteinSource);
  const proteinFoods = new Set(mostProteinDense(others, SHARED_PROTEIN_FOODS));
  // The cuisine's dishes are dealt first, on their own, so each pair of plans gets a third of them. Its protein-rich
  // dishes of the chosen sources are dealt before the rest, so they spread over the three pairs and every plan sees at
  // least one where the cuisine has two: dealt with the rest, two of them often fell to one pair (decision 030).
  const paired = [
    ...dealOrder(cuisineDishes.filter(chosenRich)),
    ...dealOrder(cuisineDishes.filter((food) => !chosenRich(food))),
    ...dealOrder([...proteinFoods]),
  ];
  for (const [index, food] of paired.entries()) sets.set(food.id, PLAN_PAIRS[index % PLAN_PAIRS.length] ?? 0);
  for (const [index, food] of dealOrder(others.filter((food) => !proteinFoods.has(food))).entries())
    sets.set(food.id, 1 << (index % 3));
  return sets;
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
  // Breakfast is the most cultural meal: it takes only the chosen cuisine's dishes and cuisine-neutral foods.
  const slotsOf = (food: Food): readonly MealSlot[] =>
    food.cuisines.length > 0 && !isCuisine(food)
      ? food.slots.filter((slot) => slot !== "Breakfast")
      : food.slots;
  const emptyCounts = (): Record<MealSlot, number> => ({ Breakfast: 0, Lunch: 0, Snacks: 0, Dinner: 0 });
  const counts = { cuisine: emptyCounts(), other: emptyCounts() };
  const assigned = new Map<string, MealSlot>();
  const multiSlot: Food[] = [];
  for (const food of foods) {
    const slots = slotsOf(food);
    const [only] = slots;
    if (slots.length === 0) continue;
    if (slots.length === 1 && only !== undefined) {
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
    const slot = MEAL_SLOTS.filter((meal) => slotsOf(food).includes(meal)).reduce((best, meal) =>
      group[meal] < group[best] ? meal : best,
    );
    assigned.set(food.id, slot);
    group[slot] += 1;
  }
  return assigned;
}

/**
 * Which protein foods of sources the user did not choose the search may see (selectCandidates uses "chosen";
 * withSourceFilter sets another):
 * - "every": all of them, the planner's second try when the chosen-sources filter leaves no day;
 * - "chosen": none of another source's but the cuisine's dishes where a meal has no cuisine dish of a chosen source,
 *   and seitan, whose protein has no source chip;
 * - "chosenWithoutSeitan": as "chosen", but seitan only in a dish of the cuisine;
 * - "onlyChosen": none, neither the cuisine's dishes of other sources nor seitan.
 * The last two are the planner's narrower searches after the first day (meal-planner).
 */
export type SourceFilter = "every" | "chosen" | "chosenWithoutSeitan" | "onlyChosen";

export function selectCandidates(
  foods: readonly Food[],
  request: MealPlanRequest,
  avoidances: ExclusionRules,
): CandidatePool {
  const allowedFoods = foods.filter((food) => allowedFood(food, request.dietType, avoidances));
  const sets = planSets(allowedFoods, request);
  const ownBit = planBit(request.planNumber);
  const [lowerBit = 0, higherBit = 0] = ([1, 2, 3] as const)
    .filter((planNumber) => planNumber !== request.planNumber)
    .map(planBit);
  const usable = allowedFoods.filter((food) => ((sets.get(food.id) ?? 0) & ownBit) !== 0);
  const mealOf = assignMeals(usable, request.seed, (food) => food.cuisines.includes(request.cuisine));
  const favourites = favouriteWords(request.favouriteFoodsText).flatMap(wordForms);
  const timesPlanned = new Map<string, number>();
  for (const id of request.previousFoodIds ?? []) timesPlanned.set(id, (timesPlanned.get(id) ?? 0) + 1);
  const allByMeal = {} as Record<MealSlot, Candidate[]>;
  const allowedCountByMeal = {} as Record<MealSlot, number>;

  for (const meal of MEAL_SLOTS) {
    allowedCountByMeal[meal] = allowedFoods.filter((food) => food.slots.includes(meal)).length;
    allByMeal[meal] = usable
      .filter((food) => mealOf.get(food.id) === meal)
      .map((food): Candidate => {
        const cuisineMatch = food.cuisines.includes(request.cuisine);
        let preference = cuisineMatch
          ? POINTS.cuisine
          : food.cuisines.length === 0
            ? 0
            : mealRole(food) === "main"
              ? POINTS.otherCuisineMain
              : POINTS.otherCuisine;
        const names = nameForms(food);
        const favourite = favourites.some((word) => names.some((forms) => forms.includes(word)));
        if (favourite) preference += POINTS.favourite;
        // A favourite names the food itself: it counts as chosen whatever its protein source.
        if (isProteinPowderFood(food) && !favourite) preference += POINTS.proteinPowder;
        else if (food.proteinSource !== undefined && request.proteinSources.length > 0 && !favourite) {
          preference += request.proteinSources.includes(food.proteinSource)
            ? POINTS.proteinSource
            : cuisineMatch
              ? POINTS.unchosenCuisineProteinSource
              : POINTS.unchosenProteinSource;
        }
        preference += POINTS.varietyMax * seededUnit(request.seed, `${request.planNumber}:${food.id}`);
        preference += POINTS.previousPlan * (timesPlanned.get(food.id) ?? 0);
        const set = sets.get(food.id) ?? 0;
        return {
          food,
          meal,
          preference,
          sharedWith: ((set & lowerBit) !== 0 ? 1 : 0) | ((set & higherBit) !== 0 ? 2 : 0),
          cuisineMatch,
          favourite,
        };
      });
  }
  return {
    allByMeal,
    allowedCountByMeal,
    allowedFoods,
    ...searchedCandidates(allByMeal, foods, request, favourites, "chosen"),
  };
}

/**
 * The same pool with another source filter: the foods, their scores and meals stay; only what the search sees changes
 * (the planner's narrower searches and its retry with every source).
 */
export function withSourceFilter(
  pool: CandidatePool,
  foods: readonly Food[],
  request: MealPlanRequest,
  sourceFilter: SourceFilter,
): CandidatePool {
  const favourites = favouriteWords(request.favouriteFoodsText).flatMap(wordForms);
  return { ...pool, ...searchedCandidates(pool.allByMeal, foods, request, favourites, sourceFilter) };
}

/** Per meal, the few candidates the search sees (byMeal), and the foods the source filter kept from it. */
function searchedCandidates(
  allByMeal: Record<MealSlot, Candidate[]>,
  foods: readonly Food[],
  request: MealPlanRequest,
  favourites: readonly string[],
  sourceFilter: SourceFilter,
): Pick<CandidatePool, "byMeal" | "filteredOutIds"> {
  // Chosen protein sources first (docs/product.md §6.2: at least 80 % of protein-rich items from them where feasible): where the
  // plan may use a protein-rich food of a chosen source at any meal (not only at this one: a breakfast of oats needs no
  // eggs), the search sees no protein-rich food of another source but a favourite whose word names that source
  // ("salmon", not "salad" or "curry") or a dish of the cuisine, which cost points instead, but at a lunch or dinner
  // with a cuisine dish of a chosen source: filtering the cuisine's dishes at every meal raised the chosen share from
  // 69 % to 88 % on the benchmark's profiles but cut the plans with a cuisine majority from 71 % to 59 % (decision
  // 030). The exact fallback still sees them all, at a cost. The narrower filters take seitan and then the cuisine's
  // dishes of other sources away too; the planner keeps their day only where it loses nothing else (decision 040).
  const unchosenRich = ({ food, cuisineMatch }: Candidate) =>
    sourceFilter === "chosen" || sourceFilter === "every"
      ? isProteinRich(food) && !request.proteinSources.includes(food.proteinSource as ProteinSource)
      : isUnchosenProteinFood(food, request.proteinSources) &&
        (sourceFilter === "onlyChosen" || food.proteinSource !== undefined || !cuisineMatch);
  const namesItsSource = (candidate: Candidate) =>
    candidate.favourite &&
    favourites.some(
      (word) =>
        namedSource(word, foods) === candidate.food.proteinSource &&
        nameForms(candidate.food).some((forms) => forms.includes(word)),
    );
  /**
   * At lunch and dinner, where the plan offers a protein-rich cuisine dish of a chosen source, the cuisine's dishes of
   * other sources go too: the meal can stay in the cuisine with it. Breakfasts and snacks keep them: filtering there
   * too added less than half a point of chosen share and cost a plan of the planner tests its cuisine majority
   * (decision 030).
   */
  const chosenCuisineMain = (meal: MealSlot) =>
    (meal === "Lunch" || meal === "Dinner") &&
    allByMeal[meal].some(
      (candidate) => candidate.cuisineMatch && isProteinRich(candidate.food) && !unchosenRich(candidate),
    );
  const filteredOut = (candidate: Candidate) =>
    unchosenRich(candidate) &&
    (!candidate.cuisineMatch || chosenCuisineMain(candidate.meal) || sourceFilter === "onlyChosen") &&
    !namesItsSource(candidate);
  const chosenRichReachable = MEAL_SLOTS.some((meal) =>
    allByMeal[meal].some((candidate) => isProteinRich(candidate.food) && !unchosenRich(candidate)),
  );
  // Protein powder stays out of the search but in the planner's retry with every food; a favourite naming it stays in.
  const unwantedPowder = (candidate: Candidate) =>
    sourceFilter !== "every" && !candidate.favourite && isProteinPowderFood(candidate.food);
  const byMeal = {} as Record<MealSlot, Candidate[]>;
  const filtering = sourceFilter !== "every" && request.proteinSources.length > 0 && chosenRichReachable;
  const filteredOutIds = new Set<string>();
  for (const meal of MEAL_SLOTS) {
    const scored = allByMeal[meal];
    const searchable: Candidate[] = [];
    for (const candidate of scored) {
      if ((filtering && filteredOut(candidate)) || unwantedPowder(candidate))
        filteredOutIds.add(candidate.food.id);
      else searchable.push(candidate);
    }
    const kept = new Map<string, Candidate>();
    const keep = (list: Candidate[], count: number, score: (candidate: Candidate) => number) => {
      const ranked = list
        .filter((candidate) => !kept.has(candidate.food.id))
        .map((candidate) => ({ candidate, score: score(candidate) }))
        .sort((a, b) => b.score - a.score || compareIds(a.candidate.food.id, b.candidate.food.id));
      for (const { candidate } of ranked.slice(0, count)) kept.set(candidate.food.id, candidate);
    };
    const proteinDensity = (candidate: Candidate) => candidate.food.proteinG / candidate.food.energyKcal;
    keep(searchable, KEEP.byPreference, (candidate) => candidate.preference);
    // A favourite always gets a chance, even when the cuisine's dishes fill the best-liked places.
    keep(
      searchable.filter((candidate) => candidate.favourite),
      KEEP.favourites,
      (candidate) => candidate.preference,
    );
    // The protein floor and the energy window need high-protein and low-energy foods within reach of the search.
    // Chosen protein sources first, where the meal still offers another source's.
    const chosenFirst = (candidate: Candidate) =>
      candidate.food.proteinSource !== undefined &&
      request.proteinSources.length > 0 &&
      !request.proteinSources.includes(candidate.food.proteinSource)
        ? -1
        : 0;
    keep(
      searchable,
      KEEP.byProtein,
      (candidate) => chosenFirst(candidate) + proteinDensity(candidate) + candidate.preference / 1000,
    );
    keep(
      searchable,
      KEEP.byCarbs,
      (candidate) => candidate.food.carbsG / candidate.food.energyKcal + candidate.preference / 1000,
    );
    for (const role of TEMPLATE_ROLES[meal])
      keep(
        searchable.filter((candidate) => mealRole(candidate.food) === role),
        KEEP.perRole,
        (candidate) => candidate.preference,
      );
    keep(
      searchable,
      KEEP.byLowEnergy,
      (candidate) => -candidate.food.energyKcal + candidate.preference / 1000,
    );
    // High targets need foods that carry a lot of energy in one portion without pushing fat past 35 %.
    keep(
      searchable.filter((candidate) => (9 * candidate.food.fatG) / candidate.food.energyKcal <= 0.3),
      KEEP.byLeanEnergy,
      (candidate) => candidate.food.energyKcal * candidate.food.portionMaxG + candidate.preference / 1000,
    );
    byMeal[meal] = [...kept.values()];
  }
  return { byMeal, filteredOutIds };
}
