import {
  ALLERGY_WORDS,
  ALLOW_WORDS,
  DISLIKE_PHRASES,
  DISLIKE_WORDS,
  EXCEPTION_OPENERS,
  FILLER_WORDS,
  LEXICON,
  NEGATION_WORDS,
  type Effect,
  type Term,
} from "./avoidance-lexicon";
import type { ExclusionRules } from "./exclusions";
import { ALLERGENS, FOOD_FLAGS, type Allergen, type Food, type FoodFlag } from "./food.types";
import { wordForms } from "./word-forms";

/** The rules a person's allergy field sets, and every word of it the reader could not place. */
export interface ParsedAvoidances extends ExclusionRules {
  /** Words we could not place, as typed (lower-case): shown back to the user, never dropped. */
  unrecognised: string[];
}

/** The longest lexicon key, in words. */
const MAX_KEY_WORDS = 3;
/** Typos are corrected only in words this long: shorter words are too close to other words to guess. */
const TYPO_MIN_LENGTH = 5;
/** Edit distance allowed by the typed word's length: one edit in 5–7 letters, two from 8 letters on. */
const typoAllowance = (length: number) => (length >= 8 ? 2 : 1);

/** Latin letters that do not decompose into a base letter and an accent. */
const LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
};

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[øæœßłđðþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/['’`´]/g, "");
}

/** Words in any script, and emoji (a peanut emoji is a word we must report, not skip). */
const TOKEN =
  /\p{L}+|\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const isLatinWord = (token: string) => /^[a-z]+$/.test(token);

/** The lexicon key a phrase stands for, trying each plural/singular form of its last word ("tree nuts" → "tree nut"). */
function lookupKey(words: readonly string[]): string | undefined {
  const head = words.slice(0, -1);
  const last = words[words.length - 1] ?? "";
  for (const form of wordForms(last)) {
    const key = [...head, form].join(" ");
    if (Object.hasOwn(LEXICON, key)) return key;
  }
  return undefined;
}

/** Single-word lexicon keys long enough to be typo targets, by first letter. */
const TYPO_TARGETS = new Map<string, string[]>();
for (const key of Object.keys(LEXICON)) {
  if (key.includes(" ") || key.length < TYPO_MIN_LENGTH - 1) continue;
  const first = key[0] ?? "";
  TYPO_TARGETS.set(first, [...(TYPO_TARGETS.get(first) ?? []), key]);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours ("sesmae"). */
export function editDistance(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i += 1) {
    const row: number[] = [i];
    for (let j = 1; j <= right.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[left.length] as number[])[right.length] as number;
}

/**
 * The one lexicon key a misspelt word is closest to, if any: within the allowance for its length, with the same first
 * letter (typos rarely hit it), and no other key as close. Only words that are no known word at all get here, so a real
 * food ("pears", "prunes") is never read as another one.
 */
function typoKey(token: string): string | undefined {
  if (token.length < TYPO_MIN_LENGTH) return undefined;
  const limit = typoAllowance(token.length);
  let best: { key: string; distance: number } | undefined;
  let tied = false;
  for (const key of TYPO_TARGETS.get(token[0] ?? "") ?? []) {
    const distance = Math.min(...wordForms(token).map((form) => editDistance(form, key, limit)));
    if (distance > limit) continue;
    if (best === undefined || distance < best.distance) {
      best = { key, distance };
      tied = false;
    } else if (distance === best.distance) tied = true;
  }
  return best !== undefined && !tied ? best.key : undefined;
}

interface Vocabulary {
  /** Words as the foods spell them. */
  words: Set<string>;
  /** Those words in every plural/singular form. */
  forms: Set<string>;
}

const VOCABULARIES = new WeakMap<readonly Food[], Vocabulary>();

/** Every word of the foods' names and ingredients: what a dislike can name. */
function foodVocabulary(foods: readonly Food[]): Vocabulary {
  let vocabulary = VOCABULARIES.get(foods);
  if (vocabulary === undefined) {
    vocabulary = { words: new Set(), forms: new Set() };
    for (const food of foods) {
      const texts = [food.name, ...(food.ingredients ?? []).map((ingredient) => ingredient.name)];
      for (const text of texts)
        for (const token of tokenize(normalise(text))) {
          if (!isLatinWord(token)) continue;
          vocabulary.words.add(token);
          for (const form of wordForms(token)) vocabulary.forms.add(form);
        }
    }
    VOCABULARIES.set(foods, vocabulary);
  }
  return vocabulary;
}

/** The spelling of a known word to keep: a form the foods themselves use, the singular where they use both. */
function knownForm(token: string, vocabulary: Vocabulary): string | undefined {
  const forms = wordForms(token);
  if (!forms.some((form) => vocabulary.forms.has(form))) return undefined;
  return forms.filter((form) => vocabulary.words.has(form)).sort((a, b) => a.length - b.length)[0] ?? token;
}

interface Clause {
  opener: string | undefined;
  tokens: string[];
}

const CONNECTORS = ["but", ...EXCEPTION_OPENERS, "however", "although", "though"];

/** Splits at punctuation and at "but", "except", "apart from"…, keeping the word that opened each clause. */
function clauses(text: string): Clause[] {
  const found: Clause[] = [];
  for (const sentence of normalise(text).split(/[,;.!?\n\r\t/&+()[\]{}|:]+/)) {
    let current: Clause = { opener: undefined, tokens: [] };
    const tokens = tokenize(sentence);
    for (let index = 0; index < tokens.length; index += 1) {
      const opener = CONNECTORS.filter((connector) => {
        const words = connector.split(" ");
        return words.every((word, offset) => tokens[index + offset] === word);
      }).sort((a, b) => b.length - a.length)[0];
      if (opener === undefined) {
        current.tokens.push(tokens[index] as string);
        continue;
      }
      if (current.tokens.length > 0 || current.opener !== undefined) found.push(current);
      current = { opener, tokens: [] };
      index += opener.split(" ").length - 1;
    }
    if (current.tokens.length > 0) found.push(current);
  }
  return found;
}

interface Collected {
  allergens: Set<Allergen>;
  flags: Set<FoodFlag>;
  ingredients: Set<string>;
  kosher: boolean;
}

const emptyCollected = (): Collected => ({
  allergens: new Set(),
  flags: new Set(),
  ingredients: new Set(),
  kosher: false,
});

function add(into: Collected, effect: Effect): void {
  for (const allergen of effect.allergens ?? []) into.allergens.add(allergen);
  for (const flag of effect.flags ?? []) into.flags.add(flag);
  for (const ingredient of effect.ingredients ?? []) into.ingredients.add(ingredient);
  if (effect.kosher === true) into.kosher = true;
}

function startsDislike(tokens: readonly string[], index: number): number {
  if (DISLIKE_WORDS.has(tokens[index] ?? "")) return 1;
  for (const phrase of DISLIKE_PHRASES) {
    const words = phrase.split(" ");
    if (words.every((word, offset) => tokens[index + offset] === word)) return words.length;
  }
  return 0;
}

/** A clause is an allowance when it says so ("I eat fish", "peanuts are fine") and nothing in it negates. */
function clauseAllows(clause: Clause, previousExcluded: boolean): boolean {
  if (clause.opener !== undefined && EXCEPTION_OPENERS.includes(clause.opener)) return previousExcluded;
  const negated = clause.tokens.some(
    (token, index) => NEGATION_WORDS.has(token) || startsDislike(clause.tokens, index) > 0,
  );
  return !negated && clause.tokens.some((token) => ALLOW_WORDS.has(token));
}

/**
 * Reads the free-text allergy field the way people type it ("no pork", "I don't eat beef", "vegetarian but I eat fish",
 * "tree nuts but peanuts are fine", "penuts, shelfish") into exclusion rules. A class word ("nuts", "seafood", "halal")
 * becomes allergens and flags; a single food becomes the whole class when written as an allergy and just that food when
 * written as a dislike; a word the foods' names or ingredients hold becomes an ingredient word; a word within one or
 * two edits of a lexicon word is read as it. Anything else is returned in `unrecognised`, never dropped. Pass the food
 * list to accept its words as dislikes; without it only the lexicon is known (the web app checks as the user types).
 */
export function parseAvoidances(text: string, foods: readonly Food[] = []): ParsedAvoidances {
  const vocabulary = foodVocabulary(foods);
  const excluded = emptyCollected();
  const allowed = emptyCollected();
  const allowedTerms: Term[] = [];
  const unrecognised = new Set<string>();
  let previousExcluded = false;

  for (const clause of clauses(text)) {
    const allows = clauseAllows(clause, previousExcluded);
    const before = excluded.allergens.size + excluded.flags.size + excluded.ingredients.size;
    const { tokens } = clause;
    let dislike = false;
    let phrase: string[] = [];
    const endPhrase = () => {
      if (phrase.length > 0) (allows ? allowed : excluded).ingredients.add(phrase.join(" "));
      phrase = [];
    };
    const apply = (term: Term) => {
      endPhrase();
      if (allows) {
        add(allowed, term.allows ?? { ...term.excludes, ...term.asDislike });
        allowedTerms.push(term);
      } else add(excluded, dislike && term.asDislike !== undefined ? term.asDislike : term.excludes);
    };
    for (let index = 0; index < tokens.length; index += 1) {
      const dislikeWords = startsDislike(tokens, index);
      if (dislikeWords > 0) {
        endPhrase();
        dislike = true;
        index += dislikeWords - 1;
        continue;
      }
      const token = tokens[index] as string;
      if (ALLERGY_WORDS.has(token)) dislike = false;
      let matched = false;
      for (let length = Math.min(MAX_KEY_WORDS, tokens.length - index); length >= 1; length -= 1) {
        const key = lookupKey(tokens.slice(index, index + length));
        if (key === undefined) continue;
        apply(LEXICON[key] as Term);
        index += length - 1;
        matched = true;
        break;
      }
      if (matched) continue;
      if (FILLER_WORDS.has(token)) {
        endPhrase();
        continue;
      }
      if (!isLatinWord(token)) {
        endPhrase();
        unrecognised.add(token);
        continue;
      }
      const known = knownForm(token, vocabulary);
      if (known !== undefined) {
        phrase.push(known);
        continue;
      }
      const corrected = typoKey(token);
      if (corrected !== undefined) apply(LEXICON[corrected] as Term);
      else {
        endPhrase();
        unrecognised.add(token);
      }
    }
    endPhrase();
    const after = excluded.allergens.size + excluded.flags.size + excluded.ingredients.size;
    if (!allows) previousExcluded = after > before;
  }

  for (const allergen of allowed.allergens) excluded.allergens.delete(allergen);
  for (const ingredient of allowed.ingredients) excluded.ingredients.delete(ingredient);
  for (const term of allowedTerms) {
    const givesBack = (term.allows?.flags ?? []).some((flag) => excluded.flags.has(flag));
    if (givesBack && term.allowsBut !== undefined) add(excluded, term.allowsBut);
  }
  for (const flag of allowed.flags) excluded.flags.delete(flag);

  return {
    allergens: ALLERGENS.filter((allergen) => excluded.allergens.has(allergen)),
    flags: FOOD_FLAGS.filter((flag) => excluded.flags.has(flag)),
    ingredients: [...excluded.ingredients],
    kosher: excluded.kosher,
    unrecognised: [...unrecognised],
  };
}

/** Ingredient words named in a message; a long list ("legumes" is twelve words) is cut short. */
const DESCRIBED_INGREDIENTS = 4;

/** The rules in words, for messages: ["peanut", "pork", "mushroom", "shiitake", "portobello", "champignon and 3 more"]. */
export function describeRules(rules: ExclusionRules): string[] {
  const words = [...rules.allergens, ...rules.flags, ...rules.ingredients.slice(0, DESCRIBED_INGREDIENTS)];
  const more = rules.ingredients.length - DESCRIBED_INGREDIENTS;
  if (more > 0) words[words.length - 1] = `${words[words.length - 1] ?? ""} and ${more} more`;
  return [...words, ...(rules.kosher ? ["meat with dairy"] : [])];
}

/** Whether the rules exclude anything at all. */
export function hasRules(rules: ExclusionRules): boolean {
  return describeRules(rules).length > 0;
}
