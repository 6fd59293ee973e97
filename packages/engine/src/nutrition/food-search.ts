import MiniSearch, { type SearchResult } from "minisearch";
import { FOOD_CATALOGUE } from "./food-catalogue";
import type { Food } from "./food.types";
import { exclusionConflict, type ExclusionRules } from "./exclusions";
import { FOOD_SEARCH_DEFAULT_LIMIT, FOOD_SEARCH_MAX_LIMIT } from "./food-search-limits";
import { GENERIC_FOODS } from "./generic-foods";
import { mealRoleEntries, type HouseholdMeasure } from "./meal-roles";

/**
 * Food search for the diary (docs/decisions/051): the catalogue and the generic USDA foods in one MiniSearch
 * index, each food once (a USDA row the catalogue already holds is not in the generic table). Forgiving as people
 * type: the last word is a prefix ("chick" finds chicken), typos are tolerated by word length ("chiken",
 * "yoghrt"), plurals and British spellings meet their singular/American forms, and word order does not matter.
 */

/** catalogue and usda foods are searched; open_food_facts products are found by barcode (on the server). */
export type FoodOrigin = "catalogue" | "usda" | "open_food_facts";

export interface SearchableFood {
  food: Food;
  origin: FoodOrigin;
  /** A household measure where the data has one ("1 large egg" = 50 g). */
  measure?: HouseholdMeasure;
}

export interface FoodSearchHit extends SearchableFood {
  /** Why the person's exclusions rule the food out ("contains milk"); the food is still listed. */
  excludedBecause?: string;
}

const CATALOGUE_ENTRIES = mealRoleEntries();

/** Every food a person can log, by id: catalogue ids and `usda-<NDB number>` never collide. */
const LOGGABLE: ReadonlyMap<string, SearchableFood> = new Map<string, SearchableFood>([
  ...FOOD_CATALOGUE.map((food): [string, SearchableFood] => {
    const measure = CATALOGUE_ENTRIES[food.id]?.measure;
    return [food.id, { food, origin: "catalogue", ...(measure === undefined ? {} : { measure }) }];
  }),
  ...GENERIC_FOODS.map((generic): [string, SearchableFood] => [
    generic.food.id,
    { ...generic, origin: "usda" },
  ]),
]);

export function findLoggableFood(id: string): SearchableFood | undefined {
  return LOGGABLE.get(id);
}

/** Spellings that name the same food: both sides of the index go through it. */
const SAME_WORD: Readonly<Record<string, string>> = {
  yoghurt: "yogurt",
  yoghourt: "yogurt",
  aubergine: "eggplant",
  courgette: "zucchini",
  prawn: "shrimp",
  garbanzo: "chickpea",
  chilli: "chili",
  porridge: "oatmeal",
  mince: "ground",
  minced: "ground",
  grey: "gray",
  colour: "color",
  rocket: "arugula",
  coriander: "cilantro",
  capsicum: "pepper",
  beetroot: "beet",
  wholemeal: "whole wheat",
  wholewheat: "whole wheat",
};

/** One word in the index's terms: lower case, no accents, singular ("berries" → "berry", "tomatoes" → "tomato"). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function terms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .flatMap((word) => (SAME_WORD[word] ?? singular(word)).split(" "));
}

/** Typos allowed per word: none up to three letters ("egg" is not "leg"), one up to six, two from seven. */
function typosFor(term: string): number {
  return term.length <= 3 ? 0 : term.length <= 6 ? 1 : 2;
}

interface Indexed {
  id: string;
  name: string;
}

const INDEX = new MiniSearch<Indexed>({
  fields: ["name"],
  tokenize: terms,
  processTerm: (term) => term,
  searchOptions: {
    prefix: (term, index, all) => index === all.length - 1 && term.length >= 2,
    fuzzy: (term) => typosFor(term),
    // Each typo or prefix step weighs less than an exact word: "egg" ranks Eggs above Eggplant.
    weights: { fuzzy: 0.3, prefix: 0.5 },
  },
});
INDEX.addAll([...LOGGABLE.values()].map(({ food }) => ({ id: food.id, name: food.name })));

/**
 * The heads of a name: its words before the first comma or bracket, and before the second ("Egg, whole, raw" →
 * egg; egg whole). USDA names put the kind second ("Oil, olive", "Cheese, cottage"), so "olive oil" is a head.
 */
function headsOf(name: string): string[][] {
  const [first = name, second] = name.split(/[,(]/);
  return second === undefined ? [terms(first)] : [terms(first), terms(`${first} ${second}`)];
}

interface RankedFood {
  heads: readonly (readonly string[])[];
  termCount: number;
}
const RANKED = new Map<string, RankedFood>(
  [...LOGGABLE.values()].map(({ food }) => [
    food.id,
    { heads: headsOf(food.name), termCount: terms(food.name).length },
  ]),
);

/**
 * How a result ranks beside MiniSearch's score. A name whose head (before its first comma) is just the query is
 * the food meant ("egg" → "Egg, whole, raw", not "Egg curry" or "Eggplant"); a head holding every query word comes
 * next, then one holding them as prefixes (the word being typed); a name
 * starting with the first word of the query beats one that mentions it late; a catalogue food's plain name beats
 * the USDA row's qualifiers; a shorter name is the plainer food.
 */
function rank(result: SearchResult, queryTerms: readonly string[]): number {
  const id = String(result.id);
  const ranked = RANKED.get(id);
  const entry = LOGGABLE.get(id);
  if (ranked === undefined || entry === undefined) return 0;
  const headIsQuery = ranked.heads.some(
    (head) => head.length === queryTerms.length && queryTerms.every((term) => head.includes(term)),
  );
  const widest = ranked.heads[ranked.heads.length - 1] ?? [];
  const head = headIsQuery
    ? 4
    : queryTerms.every((term) => widest.includes(term))
      ? 1.8
      : queryTerms.every((term) => widest.some((word) => word.startsWith(term)))
        ? 1.3
        : 1;
  const first = queryTerms[0];
  const startsWithQuery = first !== undefined && widest[0]?.startsWith(first) === true ? 1.3 : 1;
  const catalogue = entry.origin === "catalogue" ? 1.2 : 1;
  const brevity = 1 / Math.sqrt(Math.max(1, ranked.termCount - 1));
  // People seldom mistype a word's first letter: "aple" is an apple before it is maple.
  const sameFirstLetter = result.terms.some((term) => queryTerms.some((word) => word[0] === term[0]))
    ? 1
    : 0.6;
  return result.score * head * startsWithQuery * catalogue * sameFirstLetter * (0.6 + 0.4 * brevity);
}

/**
 * Foods for a query as typed, best first; every food the person's rules exclude carries `excludedBecause` and
 * stays in the list (docs/decisions/051: a person logs what they ate, even a food their plan never serves).
 */
export function searchFoods(
  query: string,
  rules: ExclusionRules,
  limit: number = FOOD_SEARCH_DEFAULT_LIMIT,
): FoodSearchHit[] {
  const queryTerms = terms(query);
  if (queryTerms.length === 0) return [];
  // Every word must match; when none does, any word may (a person's extra word should not empty the list).
  let results = INDEX.search(query, { combineWith: "AND" });
  if (results.length === 0) results = INDEX.search(query, { combineWith: "OR" });
  return results
    .map((result) => ({ result, score: rank(result, queryTerms) }))
    .sort((left, right) => right.score - left.score)
    .slice(0, Math.max(1, Math.min(limit, FOOD_SEARCH_MAX_LIMIT)))
    .flatMap(({ result }) => {
      const entry = LOGGABLE.get(String(result.id));
      if (entry === undefined) return [];
      const conflict = exclusionConflict(entry.food, rules);
      return [conflict === undefined ? entry : { ...entry, excludedBecause: conflict }];
    });
}
