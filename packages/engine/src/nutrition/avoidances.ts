import type { Allergen, Food, ProteinSource } from "./food.types";
import { FOOD_CATALOGUE } from "./food-catalogue";

export interface Avoidances {
  allergens: Allergen[];
  /** Singular, lower-case words or phrases; a food whose name contains one is never planned. */
  avoidWords: string[];
  /** Words we could not match to an allergen or to any food we know; shown back to the user. */
  unrecognised: string[];
}

/** Words that name a whole allergen class: always an allergy, whatever the phrasing. */
const ALLERGEN_CLASS_WORDS: Record<string, readonly Allergen[]> = {
  milk: ["milk"],
  dairy: ["milk"],
  lactose: ["milk"],
  casein: ["milk"],
  egg: ["egg"],
  fish: ["fish"],
  seafood: ["fish", "shellfish"],
  shellfish: ["shellfish"],
  crustacean: ["shellfish"],
  mollusc: ["shellfish"],
  mollusk: ["shellfish"],
  // "Nuts" on an allergy form usually means both; peanuts are legumes but we stay on the safe side.
  nut: ["tree nuts", "peanut"],
  "tree nut": ["tree nuts"],
  peanut: ["peanut"],
  groundnut: ["peanut"],
  gluten: ["wheat/gluten"],
  wheat: ["wheat/gluten"],
  celiac: ["wheat/gluten"],
  coeliac: ["wheat/gluten"],
  soy: ["soy"],
  soya: ["soy"],
  soybean: ["soy"],
  sesame: ["sesame"],
};

/** Member words imply their allergen class when written as an allergy, but only the word itself when written as a dislike. */
const ALLERGEN_MEMBER_WORDS: Record<string, Allergen> = {
  cheese: "milk",
  yogurt: "milk",
  yoghurt: "milk",
  butter: "milk",
  cream: "milk",
  whey: "milk",
  salmon: "fish",
  tuna: "fish",
  cod: "fish",
  sardine: "fish",
  anchovy: "fish",
  mackerel: "fish",
  trout: "fish",
  tilapia: "fish",
  shrimp: "shellfish",
  prawn: "shellfish",
  crab: "shellfish",
  lobster: "shellfish",
  clam: "shellfish",
  mussel: "shellfish",
  oyster: "shellfish",
  scallop: "shellfish",
  squid: "shellfish",
  octopus: "shellfish",
  almond: "tree nuts",
  cashew: "tree nuts",
  walnut: "tree nuts",
  pecan: "tree nuts",
  pistachio: "tree nuts",
  hazelnut: "tree nuts",
  macadamia: "tree nuts",
  "pine nut": "tree nuts",
  "brazil nut": "tree nuts",
  tofu: "soy",
  edamame: "soy",
  tempeh: "soy",
  tahini: "sesame",
};

/**
 * Name words that betray an allergen even if a food's tags missed it: a second line of defence,
 * chosen so that plant "milks" and nut "butters" are not mistaken for dairy.
 */
const ALLERGEN_NAME_WORDS: Record<Allergen, readonly string[]> = {
  milk: [
    "cheese",
    "yogurt",
    "yoghurt",
    "paneer",
    "ghee",
    "kefir",
    "whey",
    "ricotta",
    "mozzarella",
    "parmesan",
    "feta",
    "halloumi",
    "labneh",
  ],
  egg: ["egg", "omelette", "omelet", "frittata", "mayonnaise", "meringue"],
  fish: [
    "fish",
    "salmon",
    "tuna",
    "cod",
    "sardine",
    "anchovy",
    "mackerel",
    "trout",
    "tilapia",
    "haddock",
    "halibut",
    "herring",
  ],
  shellfish: [
    "shrimp",
    "prawn",
    "crab",
    "lobster",
    "clam",
    "mussel",
    "oyster",
    "scallop",
    "squid",
    "calamari",
    "octopus",
    "crayfish",
  ],
  "tree nuts": [
    "almond",
    "cashew",
    "walnut",
    "pecan",
    "pistachio",
    "hazelnut",
    "macadamia",
    "pine nut",
    "brazil nut",
  ],
  peanut: ["peanut", "groundnut"],
  "wheat/gluten": ["wheat", "couscous", "bulgur", "seitan", "barley", "rye", "semolina", "farro", "spelt"],
  soy: ["soy", "soya", "tofu", "tempeh", "edamame", "miso"],
  sesame: ["sesame", "tahini", "hummus", "halva"],
};

/** Food groups people name that are not allergens: matched by protein-source tag and by name words. */
const FOOD_GROUPS: Record<string, { sources: readonly ProteinSource[]; words: readonly string[] }> = {
  meat: {
    sources: ["Farm Meat", "Poultry"],
    words: [
      "meat",
      "beef",
      "pork",
      "lamb",
      "mutton",
      "goat",
      "veal",
      "chicken",
      "turkey",
      "duck",
      "bacon",
      "ham",
      "sausage",
      "salami",
      "chorizo",
      "pepperoni",
      "steak",
    ],
  },
  "red meat": {
    sources: ["Farm Meat"],
    words: ["beef", "pork", "lamb", "mutton", "goat", "veal", "steak", "bacon", "ham", "sausage", "chorizo"],
  },
  pork: {
    sources: [],
    words: ["pork", "bacon", "ham", "prosciutto", "chorizo", "salami", "pepperoni", "sausage", "lard"],
  },
  beef: { sources: [], words: ["beef", "steak", "veal", "burger"] },
  poultry: { sources: ["Poultry"], words: ["chicken", "turkey", "duck"] },
  legume: {
    sources: ["Beans", "Lentils", "Tofu"],
    words: [
      "bean",
      "lentil",
      "chickpea",
      "pea",
      "dal",
      "dhal",
      "hummus",
      "falafel",
      "edamame",
      "tofu",
      "tempeh",
      "soy",
      "peanut",
    ],
  },
  pulse: {
    sources: ["Beans", "Lentils"],
    words: ["bean", "lentil", "chickpea", "pea", "dal", "dhal", "hummus", "falafel"],
  },
  bean: { sources: ["Beans"], words: ["bean"] },
  lentil: { sources: ["Lentils"], words: ["lentil", "dal", "dhal"] },
  mushroom: { sources: [], words: ["mushroom", "shiitake", "portobello", "champignon"] },
};

/** Words that carry no food meaning in an allergy sentence ("I'm allergic to", "no", "free"...). */
const FILLER_WORDS = new Set([
  "a",
  "all",
  "allergic",
  "allergies",
  "allergy",
  "also",
  "am",
  "an",
  "and",
  "any",
  "anything",
  "are",
  "avoid",
  "bad",
  "but",
  "can",
  "cannot",
  "cant",
  "contain",
  "containing",
  "dislike",
  "do",
  "dont",
  "eat",
  "eating",
  "except",
  "food",
  "free",
  "from",
  "have",
  "hate",
  "i",
  "im",
  "in",
  "intolerance",
  "intolerant",
  "is",
  "it",
  "kind",
  "like",
  "made",
  "me",
  "mild",
  "much",
  "my",
  "n",
  "na",
  "no",
  "none",
  "non",
  "not",
  "nothing",
  "of",
  "or",
  "please",
  "product",
  "really",
  "sensitive",
  "sensitivity",
  "severe",
  "so",
  "t",
  "the",
  "them",
  "to",
  "very",
  "with",
  "without",
  "would",
  "really",
  "stuff",
  "thing",
  "type",
  "fan",
]);

/** Phrases that make the rest of their clause a dislike rather than an allergy. */
const DISLIKE_MARKERS = [
  "hate",
  "dislike",
  "don't like",
  "dont like",
  "not a fan",
  "do not like",
  "can't stand",
  "cant stand",
];

/**
 * Plural and singular spellings a word may have. Both the user's words and food names go through
 * it, so matching only needs the two sets to meet (berries/berry, tomatoes/tomato, cookies/cookie).
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith("es")) forms.push(word.slice(0, -2));
  if (
    word.length > 2 &&
    word.endsWith("s") &&
    !word.endsWith("ss") &&
    !word.endsWith("us") &&
    !word.endsWith("is")
  ) {
    forms.push(word.slice(0, -1));
  }
  return forms;
}

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .split(/[^a-z]+/)
    .filter((token) => token.length > 0);
}

const ALL_KEYS = new Set([
  ...Object.keys(ALLERGEN_CLASS_WORDS),
  ...Object.keys(ALLERGEN_MEMBER_WORDS),
  ...Object.keys(FOOD_GROUPS),
]);

/** The key a written word or two-word phrase stands for, if any: "Shrimps" → "shrimp", "tree nuts" → "tree nut". */
function lookupKey(words: string): string | undefined {
  const parts = words.split(" ");
  const last = parts.pop() ?? "";
  for (const form of wordForms(last)) {
    const candidate = [...parts, form].join(" ");
    if (ALL_KEYS.has(candidate)) return candidate;
  }
  return undefined;
}

function buildVocabulary(foods: readonly Food[]): Set<string> {
  const vocabulary = new Set<string>();
  for (const food of foods)
    for (const token of tokenize(food.name)) for (const form of wordForms(token)) vocabulary.add(form);
  return vocabulary;
}

let catalogueVocabulary: Set<string> | undefined;

/**
 * Reads the free-text allergy field ("nuts, no dairy", "lactose intolerant", "I hate mushrooms").
 * Allergen words become allergen classes; other food words become avoided words; anything else is
 * reported as unrecognised rather than dropped, so the user can see what we did not understand.
 */
export function parseAvoidances(allergiesText: string, foods: readonly Food[] = FOOD_CATALOGUE): Avoidances {
  const vocabulary =
    foods === FOOD_CATALOGUE ? (catalogueVocabulary ??= buildVocabulary(foods)) : buildVocabulary(foods);
  const allergens = new Set<Allergen>();
  const avoidWords = new Set<string>();
  const unrecognised = new Set<string>();
  const clauses = allergiesText.toLowerCase().split(/[,;\n/&+.]|\band\b|\bor\b|\bbut\b/);
  for (const clause of clauses) {
    const isDislike = DISLIKE_MARKERS.some((marker) => clause.includes(marker));
    const tokens = tokenize(clause);
    // Consecutive food words make one phrase ("brussels sprouts"), so a dish is avoided only when it has them all.
    let phrase: string[] = [];
    const endPhrase = () => {
      if (phrase.length > 0) avoidWords.add(phrase.join(" "));
      phrase = [];
    };
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index] ?? "";
      const next = tokens[index + 1];
      const pairKey = next === undefined ? undefined : lookupKey(`${token} ${next}`);
      const key = pairKey ?? lookupKey(token);
      if (pairKey !== undefined) index += 1;
      if (key !== undefined) {
        endPhrase();
        const classes = ALLERGEN_CLASS_WORDS[key];
        const member = ALLERGEN_MEMBER_WORDS[key];
        if (classes !== undefined) for (const allergen of classes) allergens.add(allergen);
        else if (member !== undefined && !isDislike) allergens.add(member);
        else avoidWords.add(key);
        continue;
      }
      if (FILLER_WORDS.has(token)) {
        endPhrase();
        continue;
      }
      const known = wordForms(token)
        .filter((form) => vocabulary.has(form))
        .sort((a, b) => a.length - b.length)[0];
      if (known !== undefined) phrase.push(known);
      else {
        endPhrase();
        unrecognised.add(token);
      }
    }
    endPhrase();
  }
  return { allergens: [...allergens], avoidWords: [...avoidWords], unrecognised: [...unrecognised] };
}

const NAME_FORMS = new WeakMap<Food, string[][]>();

/** Each word of a food's name with its singular/plural forms, computed once per food. */
export function nameForms(food: Food): string[][] {
  let forms = NAME_FORMS.get(food);
  if (forms === undefined) {
    forms = tokenize(food.name).map(wordForms);
    NAME_FORMS.set(food, forms);
  }
  return forms;
}

/** True when the phrase's words appear, in order and next to each other, among the name's words. */
function nameContains(forms: readonly string[][], phrase: string): boolean {
  const words = phrase.split(" ");
  for (let start = 0; start + words.length <= forms.length; start += 1) {
    const matches = words.every((word, offset) => {
      const tokenForms = forms[start + offset] ?? [];
      return wordForms(word).some((form) => tokenForms.includes(form));
    });
    if (matches) return true;
  }
  return false;
}

const NAME_ALLERGENS = new WeakMap<Food, Map<Allergen, string>>();

/** Allergens a food's name betrays, with the word that betrays each, computed once per food. */
function allergensInName(food: Food): Map<Allergen, string> {
  let found = NAME_ALLERGENS.get(food);
  if (found === undefined) {
    found = new Map();
    const forms = nameForms(food);
    for (const [allergen, words] of Object.entries(ALLERGEN_NAME_WORDS) as [Allergen, readonly string[]][]) {
      const word = words.find((candidate) => nameContains(forms, candidate));
      if (word !== undefined) found.set(allergen, word);
    }
    NAME_ALLERGENS.set(food, found);
  }
  return found;
}

/** Why a food may not be planned for someone with these avoidances, or undefined when it may. */
export function avoidanceConflict(
  food: Food,
  avoidances: Pick<Avoidances, "allergens" | "avoidWords">,
): string | undefined {
  if (avoidances.allergens.length === 0 && avoidances.avoidWords.length === 0) return undefined;
  const forms = nameForms(food);
  for (const allergen of avoidances.allergens) {
    if (food.allergens.includes(allergen)) return `contains ${allergen}`;
    const word = allergensInName(food).get(allergen);
    if (word !== undefined) return `"${word}" suggests ${allergen}`;
  }
  for (const avoidWord of avoidances.avoidWords) {
    const group = FOOD_GROUPS[avoidWord];
    if (group !== undefined) {
      if (food.proteinSource !== undefined && group.sources.includes(food.proteinSource))
        return `is ${avoidWord}`;
      if (group.words.some((word) => nameContains(forms, word))) return `contains ${avoidWord}`;
    }
    if (nameContains(forms, avoidWord)) return `contains ${avoidWord}`;
  }
  return undefined;
}
