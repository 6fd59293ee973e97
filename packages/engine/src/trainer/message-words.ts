import { editDistance } from "../nutrition/avoidances";
import { simplify } from "./name-match";

/**
 * Words people type for what the parser and the catalogues name in English: other languages' food words,
 * chat slang, and Spanish verbs for a swap. Applied to a simplified message word by word
 * (docs/decisions/045-measured-understanding.md), so "cambiar el pollo" reads "change the chicken".
 */
const TRANSLATIONS: Record<string, string> = {
  pollo: "chicken",
  poulet: "chicken",
  hahnchen: "chicken",
  huhn: "chicken",
  frango: "chicken",
  lachs: "salmon",
  saumon: "salmon",
  champignons: "mushrooms",
  champinones: "mushrooms",
  setas: "mushrooms",
  hongos: "mushrooms",
  pilze: "mushrooms",
  funghi: "mushrooms",
  huevos: "eggs",
  huevo: "egg",
  oeufs: "eggs",
  oeuf: "egg",
  eier: "eggs",
  ovos: "eggs",
  platano: "banana",
  platanos: "bananas",
  manzana: "apple",
  manzanas: "apples",
  pomme: "apple",
  apfel: "apple",
  arroz: "rice",
  riz: "rice",
  reis: "rice",
  lentejas: "lentils",
  lentilles: "lentils",
  linsen: "lentils",
  pina: "pineapple",
  ananas: "pineapple",
  kasha: "buckwheat",
  grechka: "buckwheat",
  sarrasin: "buckwheat",
  avena: "oatmeal",
  yogur: "yogurt",
  yaourt: "yogurt",
  joghurt: "yogurt",
  pescado: "fish",
  poisson: "fish",
  fisch: "fish",
  leche: "milk",
  lait: "milk",
  milch: "milk",
  queso: "cheese",
  fromage: "cheese",
  atun: "tuna",
  thon: "tuna",
  cerdo: "pork",
  porc: "pork",
  cacahuetes: "peanuts",
  cacahuates: "peanuts",
  erdnusse: "peanuts",
  arachides: "peanuts",
  gambas: "shrimp",
  camarones: "shrimp",
  crevettes: "shrimp",
  brocoli: "broccoli",
  espinacas: "spinach",
  frijoles: "beans",
  pavo: "turkey",
  ternera: "beef",
  cambiar: "change",
  cambia: "change",
  quitar: "remove",
  quita: "remove",
  el: "the",
  la: "the",
  los: "the",
  las: "the",
  brekkie: "breakfast",
  brekky: "breakfast",
  brekkers: "breakfast",
  u: "you",
  ur: "your",
  pls: "please",
  plz: "please",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tomoz: "tomorrow",
  tonite: "tonight",
  sesh: "session",
  wk: "week",
};

/** Words the parser keys on, long enough that a one- or two-letter slip still names only one of them. */
const KEYWORDS = [
  "swap",
  "replace",
  "remove",
  "change",
  "regenerate",
  "substitute",
  "different",
  "another",
  "instead",
  "breakfast",
  "lunch",
  "dinner",
  "snacks",
  "allergic",
  "allergy",
  "intolerant",
  "intolerance",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "tomorrow",
  "today",
  "vegetarian",
  "vegan",
  "workout",
  "workouts",
  "exercise",
  "exercises",
  "training",
  "protein",
  "calories",
  "macros",
  "please",
  "explain",
  "schedule",
  "italian",
  "mexican",
  "japanese",
  "chinese",
  "indian",
];
const KEYWORD_SET = new Set(KEYWORDS);

/** Real words one slip away from a keyword: left as typed. */
const NOT_TYPOS = new Set(["chance", "charge", "means", "reset", "launch", "swamp", "snake"]);

/** How many slips a keyword tolerates: short keywords only a swap of two neighbours ("swpa"). */
function slipsAllowed(keyword: string): number {
  return keyword.length >= 8 ? 2 : keyword.length >= 5 ? 1 : 0;
}

function isSwappedNeighbours(word: string, keyword: string): boolean {
  return word.length === keyword.length && word !== keyword && editDistance(word, keyword, 1) === 1
    ? [...word].sort().join("") === [...keyword].sort().join("")
    : false;
}

function correctedKeyword(word: string): string {
  if (word.length < 4 || KEYWORD_SET.has(word) || NOT_TYPOS.has(word) || /\d/.test(word)) return word;
  const near = KEYWORDS.filter(
    (keyword) =>
      keyword[0] === word[0] &&
      (isSwappedNeighbours(word, keyword) ||
        (slipsAllowed(keyword) > 0 &&
          editDistance(word, keyword, slipsAllowed(keyword)) <= slipsAllowed(keyword))),
  );
  // Plural and tense endings are not slips: "snack" and "workout" read as themselves.
  if (near.length !== 1 || near[0] === undefined || near[0].startsWith(word) || word.startsWith(near[0]))
    return word;
  return near[0];
}

/**
 * A message as the parser reads it: simplified (name-match.ts), other languages' words and slang in English,
 * keyword typos put right, and "allergic 2 nuts" read as "allergic to nuts".
 */
export function normaliseMessage(message: string): string {
  return simplify(message)
    .split(" ")
    .map((word) => TRANSLATIONS[word] ?? correctedKeyword(word))
    .join(" ")
    .replace(/\b(allergic|allergy|intolerant|switch|move|go|back) 2\b/g, "$1 to")
    .trim();
}

/** Names people use for plan items that the catalogues spell otherwise; used only to find items, not in avoidances. */
const ITEM_WORDS: Record<string, string> = {
  porridge: "oatmeal",
  oats: "oatmeal",
  oat: "oatmeal",
  rdl: "romanian deadlift",
  rdls: "romanian deadlift",
  roast: "roasted",
  pushup: "push up",
  pushups: "push ups",
};

/** A query for a plan item with the words people use for it in the catalogue's terms: "the porridge" → "the oatmeal". */
export function itemQuery(query: string): string {
  return simplify(query)
    .split(" ")
    .map((word) => ITEM_WORDS[word] ?? word)
    .join(" ");
}
