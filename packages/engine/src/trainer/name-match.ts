import { wordForms } from "../nutrition/word-forms";

/** Lower case, no accents or apostrophes, words separated by single spaces: "Push-Ups!" → "push ups". */
export function simplify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’‘`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Words that say nothing about which food or exercise is meant. */
const FILLER = new Set([
  "a",
  "an",
  "the",
  "my",
  "your",
  "this",
  "that",
  "these",
  "those",
  "it",
  "them",
  "of",
  "with",
  "and",
  "in",
  "on",
  "at",
  "for",
  "some",
  "out",
  "please",
  "today",
  "todays",
  "tomorrow",
  "tomorrows",
  "meal",
  "meals",
  "item",
  "items",
  "food",
  "foods",
  "dish",
  "exercise",
  "exercises",
  "workout",
  "workouts",
  "move",
  "something",
  "else",
  "different",
  "another",
  "one",
  "thing",
  "stuff",
  "plan",
  "day",
  "s",
  "i",
  "me",
  "to",
  "do",
  "can",
  "you",
  "just",
  "bit",
  "any",
]);

/** Spellings that differ between a user and a catalogue but name the same thing. */
const SPELLINGS: Record<string, string> = { yoghurt: "yogurt", omelette: "omelet" };

function forms(word: string): string[] {
  const spelled = SPELLINGS[word] ?? word;
  return [...new Set([...wordForms(word), ...wordForms(spelled)])];
}

export function meaningfulWords(text: string): string[] {
  return simplify(text)
    .split(" ")
    .filter((word) => word.length > 0 && !FILLER.has(word));
}

interface NameIndex {
  nameWords: string[];
  nameForms: Set<string>;
  compactName: string[];
}

/** Names repeat (the exercise library is matched on every message), so their word forms are worked out once. */
const NAME_INDEX = new Map<string, NameIndex>();

function nameIndex(name: string): NameIndex {
  const known = NAME_INDEX.get(name);
  if (known !== undefined) return known;
  const nameWords = simplify(name)
    .split(" ")
    .filter((word) => word.length > 0);
  const index = {
    nameWords,
    nameForms: new Set(nameWords.flatMap(forms)),
    compactName: forms(nameWords.join("")),
  };
  // Bounded so a long-running server cannot grow it without limit from ever-new plan item names.
  if (NAME_INDEX.size < 20_000) NAME_INDEX.set(name, index);
  return index;
}

interface QueryIndex {
  queryWords: string[];
  wordForms: string[][];
  compactQuery: string[];
}

function queryIndex(query: string): QueryIndex {
  const queryWords = meaningfulWords(query);
  return { queryWords, wordForms: queryWords.map(forms), compactQuery: forms(queryWords.join("")) };
}

function score(query: QueryIndex, name: string): number {
  const { queryWords, wordForms: queryForms, compactQuery } = query;
  if (queryWords.length === 0) return 0;
  const { nameWords, nameForms, compactName } = nameIndex(name);
  if (
    compactQuery.some((form) => form.length > 3 && compactName.some((candidate) => candidate.includes(form)))
  ) {
    return 1 + Math.min(1, queryWords.length / Math.max(1, nameWords.length));
  }
  const hits = queryForms.filter((alternatives) => alternatives.some((form) => nameForms.has(form))).length;
  if (hits < queryWords.length) return 0;
  return 1 + hits / Math.max(1, nameWords.length);
}

/**
 * How well a query names a thing: 0 when some query word is missing from the name, otherwise 1 plus the share
 * of the name the query covers, so "deadlift" prefers "Barbell Deadlift" to "Kettlebell Sumo Deadlift".
 */
export function nameMatchScore(query: string, name: string): number {
  return score(queryIndex(query), name);
}

function namesExactlyIndexed(query: QueryIndex, name: string): boolean {
  const { nameWords, compactName } = nameIndex(name);
  if (query.compactQuery.some((form) => compactName.includes(form))) return true;
  const queryFormSet = new Set(query.wordForms.flat());
  return nameWords
    .filter((word) => !FILLER.has(word))
    .every((word) => forms(word).some((form) => queryFormSet.has(form)));
}

/**
 * Scores names against one query, analysed once: nameMatchScore's score, and whether the query names the thing
 * outright rather than a part of it ("push ups" names "Push-Up"; "rice" is only part of "Brown rice, cooked").
 */
export function nameMatcher(query: string): (name: string) => { score: number; exact: boolean } {
  const analysed = queryIndex(query);
  return (name) => {
    const nameScore = score(analysed, name);
    return { score: nameScore, exact: nameScore > 0 && namesExactlyIndexed(analysed, name) };
  };
}

/** The best-named thing, first listed on ties; undefined when nothing names every query word. */
export function bestMatch<T>(
  query: string,
  things: readonly T[],
  nameOf: (thing: T) => string,
): T | undefined {
  const analysed = queryIndex(query);
  if (analysed.queryWords.length === 0) return undefined;
  let best: T | undefined;
  let bestScore = 0;
  for (const thing of things) {
    const thingScore = score(analysed, nameOf(thing));
    if (thingScore > bestScore) {
      best = thing;
      bestScore = thingScore;
    }
  }
  return best;
}
