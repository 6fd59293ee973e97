/*
 * The planner's notes ("Fibre gave way: 72 g, outside 25–60 g, since …") in plain words, for /diet beside the day's
 * totals and for Alex when asked "why is fibre high?". A note is read by its first words and its figures; a note this
 * reader does not know (a bound added later) is shown as the planner wrote it, so no note is ever hidden.
 */

export type NoteTopic =
  "fibre" | "protein" | "carbohydrate" | "sodium" | "saturated fat" | "fallback" | "other";

export interface PlainNote {
  /** The planner's own words, kept for Alex and for anyone who asks for the detail. */
  note: string;
  topic: NoteTopic;
  /** Whether the day holds more or less than the bound; null when the note says neither. */
  direction: "high" | "low" | null;
  /** One sentence for the screen. */
  plain: string;
  /** Why the bound exists, why it gave way and what the person can change: Alex's answer. */
  why: string;
}

const TOPIC_WORDS: readonly { topic: NoteTopic; pattern: RegExp }[] = [
  { topic: "fibre", pattern: /^(fibre|fiber)\b/i },
  { topic: "saturated fat", pattern: /^saturated fat\b/i },
  { topic: "sodium", pattern: /^(sodium|salt)\b/i },
  { topic: "protein", pattern: /^protein\b/i },
  { topic: "carbohydrate", pattern: /^(carbohydrate|carbs?)\b/i },
  { topic: "fallback", pattern: /^planned by the quick fallback\b/i },
];

/** How the planner puts its priorities, in the order docs/product.md §6.2 gives them. */
const PRIORITY =
  "Your plan keeps your allergies, diet and calorie target first; when no day of the foods you can eat holds every other limit, the least important one gives way and the plan says which.";

const WHY: Record<Exclude<NoteTopic, "other">, { high: string; low: string }> = {
  fibre: {
    high: "We aim for 25–60 g of fibre a day: 25 g is the WHO/FAO minimum for adults, and well above about 60 g it can cause bloating and hold back some minerals. Pulses, whole grains and vegetables are high in it, and with your choices no day found kept it lower. Drink plenty of water with it; swapping a bean or lentil dish for another dish lowers it.",
    low: "We aim for at least 25 g of fibre a day, the WHO/FAO minimum for adults; it keeps digestion regular and helps blood sugar and cholesterol. With your choices no day found reached it. Adding fruit, vegetables, whole grains or pulses raises it; you can swap a side for one of them.",
  },
  protein: {
    high: "We keep protein at most 2.4 g per kg of body weight and 35 % of your energy (ISSN and IOM limits). With the foods your plan may use, no day found kept it lower without breaking a limit that comes first. Swapping a meat or fish dish for a grain or vegetable dish lowers it.",
    low: "Your protein target comes from your weight and goal (1.6 g/kg to lose weight, 1.8 g/kg to build muscle), never above 35 % of your energy. With your foods and calorie target the plan could not reach all of it. Adding another protein source in your meal preferences usually helps.",
  },
  carbohydrate: {
    high: "Carbohydrate is above what we aim for on this day because no day of your foods kept it lower without breaking a limit that comes first.",
    low: "We aim for at least 130 g of carbohydrate a day (the IOM amount adults need, mostly for the brain) and 40 % of your energy. With your foods and protein target no day found reached it. Swapping a side for rice, bread, potatoes or fruit raises it.",
  },
  sodium: {
    high: "We keep sodium at or under 2,300 mg a day (the US Dietary Guidelines limit; WHO advises under 2,000 mg). Some dishes of your cuisine are salty, and no day found kept it lower. Adding no salt at the table and swapping a salty dish lowers it.",
    low: "Sodium is lower than usual on this day, which is no concern for most people.",
  },
  "saturated fat": {
    high: "We keep saturated fat under 10 % of your energy (WHO and the US Dietary Guidelines), as more raises LDL cholesterol. Cheese, butter, cream and fatty meat are high in it, and no day of your foods found kept it lower. Swapping one of them for fish, pulses or a dish cooked in oil lowers it.",
    low: "Saturated fat is low on this day, which is no concern.",
  },
  fallback: {
    high: "The full search for your day ran out of its time or budget, so a quicker method planned it. Its day keeps every hard rule, but may be plainer. Resetting the day plans it again.",
    low: "The full search for your day ran out of its time or budget, so a quicker method planned it. Its day keeps every hard rule, but may be plainer. Resetting the day plans it again.",
  },
};

const LABEL: Record<Exclude<NoteTopic, "fallback" | "other">, string> = {
  fibre: "Fibre",
  protein: "Protein",
  carbohydrate: "Carbohydrate",
  sodium: "Sodium",
  "saturated fat": "Saturated fat",
};

function topicOf(note: string): NoteTopic {
  return TOPIC_WORDS.find(({ pattern }) => pattern.test(note.trim()))?.topic ?? "other";
}

/** The figure the note gives first ("72 g", "38 %"), as written. */
function firstFigure(note: string): string | undefined {
  return /(\d[\d,.]*\s?(?:g|mg|%)(?: of energy)?)/.exec(note)?.[1];
}

function directionOf(note: string): "high" | "low" | null {
  const range = /(\d[\d,.]*)\s?(?:g|mg)?,\s*outside\s+(\d[\d,.]*)\s?[–-]\s?(\d[\d,.]*)/.exec(note);
  if (range) {
    const [value, min] = [Number(range[1]?.replace(/,/g, "")), Number(range[2]?.replace(/,/g, ""))];
    return value < min ? "low" : "high";
  }
  // The word before the bound decides ("under 40 %, since no day … keeps it higher" is low).
  const word = /^\w+/.exec(boundPhrase(note) ?? "")?.[0]?.toLowerCase();
  if (word === "above" || word === "over") return "high";
  if (word !== undefined || /\blowered\b/i.test(note)) return "low";
  return null;
}

/** What the bound is, from the note's own words after the figure ("outside 25–60 g", "above 35 %"). */
function boundPhrase(note: string): string | undefined {
  const match =
    /(?:outside|above|over|under|below|short of)\s(?:the\s)?\d[\d,.]*(?:\s?[–-]\s?\d[\d,.]*)?\s?(?:g|mg|%)(?:\/kg)?(?: \([^)]*\))?(?: target| a day)?/i.exec(
      note,
    );
  return match?.[0];
}

/** The note in plain words, with Alex's explanation. */
export function explainPlanNote(note: string): PlainNote {
  const topic = topicOf(note);
  const direction = directionOf(note);
  if (topic === "other") return { note, topic, direction, plain: note, why: PRIORITY };
  const why = `${WHY[topic][direction ?? "high"]} ${PRIORITY}`;
  if (topic === "fallback")
    return { note, topic, direction: null, plain: "This day was planned by a quicker method.", why };
  if (/target lowered from/i.test(note)) {
    // "Protein target lowered from 140 g to 120 g: …" already reads plainly; the reason follows the colon.
    return { note, topic, direction: "low", plain: note, why };
  }
  const figure = firstFigure(note);
  const bound = boundPhrase(note);
  const level = direction === "low" ? "low" : "high";
  const detail = [figure, bound === undefined ? undefined : `${bound.replace(/^outside/i, "we aim for")}`]
    .filter((part): part is string => part !== undefined)
    .join(", ");
  const plain =
    detail === ""
      ? `${LABEL[topic]} is ${level} on this day.`
      : `${LABEL[topic]} is ${level} on this day: ${detail}.`;
  return { note, topic, direction, plain, why };
}

/** Every note of a day, in plain words, in the planner's order. */
export function explainPlanNotes(notes: readonly string[]): PlainNote[] {
  return notes.filter((note) => note.trim() !== "").map(explainPlanNote);
}
