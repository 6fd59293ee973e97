import { meaningfulWords, simplify } from "./name-match";

/**
 * What can still be said about a message Alex cannot act on, so the answer is short and about it instead of the
 * whole list of what Alex can do (docs/decisions/058: off-topic questions, keyboard mashing and "can I eat pizza?" all got
 * that same long list).
 */
export type OffScript =
  /** Nothing readable: "asdfgh", "jkjkjk", "???". */
  | { topic: "gibberish" }
  /** Nothing about food, training or the body: "what's the weather like", "tell me a joke". */
  | { topic: "off-topic" }
  /** "don't change anything", "leave it as it is". */
  | { topic: "keep" }
  /** "can I eat pizza?", "is chocolate ok?": the food as written. */
  | { topic: "food"; food: string };

const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const KEYBOARD_RUNS = KEYBOARD_ROWS.flatMap((row) =>
  Array.from({ length: row.length - 3 }, (_, index) => row.slice(index, index + 4)),
);

/** Clusters of four or more consonants that English words do have ("strength", "instruct", "lengths"). */
const ENGLISH_CLUSTER = /th|ch|sh|ng|gh|ck|ph|wh|str|scr|spr|spl|chr|thr|rst|nst|bst|mpt|rld/;

/** A word nobody writes: no vowel, four keys of a keyboard row, a few letters over and over, or unsayable. */
function unwordlike(word: string): boolean {
  if (!/[aeiouy]/.test(word)) return true;
  if (KEYBOARD_RUNS.some((run) => word.includes(run))) return true;
  if (/^(.{1,3})\1{2,}$/.test(word)) return true;
  const clusters = word.match(/[bcdfghjklmnpqrstvwxz]{4,}/g) ?? [];
  return clusters.some((cluster) => !ENGLISH_CLUSTER.test(cluster));
}

/** No word of the message reads as one (digits count as unreadable alone); an empty message too. */
export function isGibberish(message: string): boolean {
  return simplify(message)
    .split(" ")
    .filter((word) => word.length > 0)
    .every((word) => /\d/.test(word) || unwordlike(word));
}

/** Word stems of what Alex talks about; a message with none of them is off-topic. */
const ON_TOPIC =
  /\b(eat|ate|food|meal|diet|calor|kcal|protein|carb|fat|fibre|fiber|sugar|salt|macro|vitamin|supplement|creatine|weigh|kg|kilo|lb|pound|bmi|workout|work out|exercis|train|gym|muscle|cardio|run|jog|walk|swim|cycl|lift|squat|stretch|rep|sets?\b|rest|sleep|water|drink|hydrat|plan|breakfast|lunch|dinner|snack|recipe|cook|grocer|shop|vegan|vegetarian|keto|paleo|halal|kosher|allerg|body|health|fit|lose|gain|bulk|cut|tone|shred|injur|pain|sore|hurt|knee|back|shoulder|goal|progress|pro\b|subscri|replace|swap|regenerat|redo|reset|day \d)/;

/** The food a "can I eat …?" question names, without what follows it ("on weekends", "for dinner"). */
const FOOD_ASKED = [
  /^(?:so\s+)?(?:can|could|may|should)\s+i\s+(?:still\s+)?(?:eat|have|drink|get)\s+(.+)$/,
  /^am\s+i\s+allowed(?:\s+to\s+(?:eat|have|drink))?\s+(.+)$/,
  /^is\s+it\s+(?:ok|okay|fine|bad|alright)\s+(?:to|if\s+i)\s+(?:eat|have|drink)\s+(.+)$/,
  /^(?:is|are)\s+(.+?)\s+(?:ok|okay|fine|allowed|bad|good|healthy|unhealthy)\b/,
];
const FOOD_TAIL =
  /\s+(?:on|at|for|in|every|tonight|today|tomorrow|sometimes|now|once|while|if|when|after|before|with|please|pls)\b.*$/;
const FOOD_ARTICLE = /^(?:some|a|an|any|the|my|more)\s+/;

function foodAsked(text: string): string | undefined {
  for (const pattern of FOOD_ASKED) {
    const food = pattern.exec(text)?.[1]?.replace(FOOD_TAIL, "").replace(FOOD_ARTICLE, "").trim();
    if (food !== undefined && meaningfulWords(food).length > 0 && !/\b(it|that|this|them)$/.test(food))
      return food;
  }
  return undefined;
}

const KEEP =
  /\b(?:(?:don t|dont|do not|no need to) (?:change|touch) (?:anything|it|them|my plans?)|leave (?:it|everything|them|my plans?)(?: as (?:it is|they are))?|keep (?:it|everything|them) as (?:it is|they are))\b/;

/**
 * Reads a message no intent fitted. `clause` is the text as written (keyboard mashing is read on it, before
 * spelling fixes turn it into words); `text` is the normalised message.
 */
export function offScript(clause: string, text: string): OffScript | undefined {
  if (isGibberish(clause)) return { topic: "gibberish" };
  if (KEEP.test(text)) return { topic: "keep" };
  const food = foodAsked(text);
  if (food !== undefined) return { topic: "food", food };
  if (!ON_TOPIC.test(text)) return { topic: "off-topic" };
  return undefined;
}
