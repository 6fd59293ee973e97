import MiniSearch from "minisearch";
import { editDistance } from "../nutrition/avoidances";
import { meaningfulWords, nameMatcher } from "./name-match";

export interface RankedName<T> {
  thing: T;
  name: string;
  /** True when the query names the thing outright (namesExactly), not just a part of its name. */
  exact: boolean;
  /** Found by typo-tolerant search, not by whole words; score is then MiniSearch's. */
  fuzzy: boolean;
  score: number;
}

interface IndexedName {
  id: number;
  name: string;
  aliases: string;
}

/**
 * Slips tolerated per word, counting two swapped neighbours as one ("appel", "samlon"): none in three letters
 * ("egg" is not "leg"), one up to seven, two from eight ("deadlfit"). MiniSearch's Levenshtein counts a swap as
 * two, so it searches one slip wider and each hit is checked here.
 */
function slipsFor(term: string): number {
  return term.length <= 3 ? 0 : term.length <= 7 ? 1 : 2;
}

function isSlipOf(queryTerm: string, nameTerm: string, prefix: boolean): boolean {
  const slips = slipsFor(queryTerm);
  return (prefix && nameTerm.startsWith(queryTerm)) || editDistance(queryTerm, nameTerm, slips) <= slips;
}

/** Above this many names a list is a library, searched more strictly. */
const LIBRARY_SIZE = 100;

/** Indexes by list: plans are replaced, never changed in place, so a list's index holds until the list goes. */
const INDEXES = new WeakMap<readonly unknown[], MiniSearch<IndexedName>>();

function indexOf<T>(
  things: readonly T[],
  nameOf: (thing: T) => string,
  aliasesOf: (thing: T) => string,
): MiniSearch<IndexedName> {
  const known = INDEXES.get(things);
  if (known !== undefined) return known;
  const index = new MiniSearch<IndexedName>({ fields: ["name", "aliases"] });
  index.addAll(things.map((thing, id) => ({ id, name: nameOf(thing), aliases: aliasesOf(thing) })));
  INDEXES.set(things, index);
  return index;
}

/**
 * Things ranked by how well the query names them. Whole words first (name-match.ts: plural and spelling forms,
 * every query word in the name); only when nothing has every word does MiniSearch's typo-tolerant search run,
 * with every query word required, so "oatmael" finds the oatmeal and "capital of france" finds nothing.
 * aliasesOf adds words a thing answers to besides its name ("fish" for salmon).
 */
export function rankByName<T>(
  query: string,
  things: readonly T[],
  nameOf: (thing: T) => string,
  aliasesOf: (thing: T) => string = () => "",
  fuzzy = true,
): RankedName<T>[] {
  const words = meaningfulWords(query);
  if (words.length === 0 || things.length === 0) return [];
  const match = nameMatcher(query);
  const scored = things
    .map((thing) => {
      const name = nameOf(thing);
      const byName = match(name);
      const aliases = aliasesOf(thing);
      // An alias is a weaker hint than the name itself: "fish" should not outrank an item called fish.
      const score = byName.score > 0 ? byName.score : aliases.length > 0 ? match(aliases).score * 0.9 : 0;
      return { thing, name, score, exact: byName.exact, fuzzy: false };
    })
    .filter((entry) => entry.score > 0)
    .sort((left, right) => Number(right.exact) - Number(left.exact) || right.score - left.score);
  if (scored.length > 0 || !fuzzy) return scored;
  const large = things.length > LIBRARY_SIZE;
  const results = indexOf(things, nameOf, aliasesOf).search(words.join(" "), {
    // A library is searched at the slips themselves (a swap in a short word is missed there): wider is slow.
    fuzzy: (term) => (slipsFor(term) === 0 ? 0 : slipsFor(term) + (large ? 0 : 1)),
    prefix: (term) => !large && term.length >= 4,
    combineWith: "AND",
    boost: { name: 2 },
  });
  return results.flatMap((result) => {
    const thing = things[Number(result.id)];
    const everyWordNear = words.every((word) =>
      result.terms.some((term) => isSlipOf(word, term, !large && word.length >= 4)),
    );
    if (thing === undefined || !everyWordNear) return [];
    const name = nameOf(thing);
    // A typo of the whole name ("bananna" for "Banana") names it outright, as a whole word would.
    const exact = result.terms.length >= meaningfulWords(name).length;
    return [{ thing, name, exact, fuzzy: true, score: result.score }];
  });
}

/** Within this share of the best typo-tolerant score, two readings are too close to pick one. */
const CLOSE_FUZZY_SHARE = 0.9;

/**
 * The names a reader could mean, when the query names none outright and several in part ("the rice" with brown
 * rice at lunch and white rice at dinner), or two typo readings score alike; empty when one reading is clear.
 */
export function closeReadings<T>(ranked: readonly RankedName<T>[]): RankedName<T>[] {
  const first = ranked[0];
  if (first === undefined || first.exact) return [];
  const candidates = first.fuzzy
    ? ranked.filter((entry) => entry.score >= first.score * CLOSE_FUZZY_SHARE)
    : ranked;
  const distinct = candidates.filter(
    (entry, index) => candidates.findIndex((other) => other.name === entry.name) === index,
  );
  return distinct.length >= 2 ? distinct : [];
}
