import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";

/**
 * Pick-from-list choices beside the allergy field, so nobody has to type: the EU's fourteen allergens (FALCPA's big
 * nine, then celery, mustard, lupin, molluscs and sulphites of Regulation (EU) No 1169/2011, Annex II; the server
 * already derived them, docs/decisions/063) and the common rules. Each adds words the reader understands (packages/engine/src/nutrition/avoidances.ts).
 * Vegetarian and vegan are diets, chosen in the diet field: as chips here they turned a Standard diet with
 * Poultry chosen into a meatless one without a word (docs/decisions/054).
 */
export const AVOIDANCE_CHIPS: readonly { label: string; text: string }[] = [
  { label: "Milk", text: "milk" },
  { label: "Egg", text: "eggs" },
  { label: "Fish", text: "fish" },
  { label: "Shellfish", text: "shellfish" },
  { label: "Tree nuts", text: "tree nuts" },
  { label: "Peanuts", text: "peanuts" },
  { label: "Wheat", text: "wheat" },
  { label: "Soy", text: "soy" },
  { label: "Sesame", text: "sesame" },
  { label: "Celery", text: "celery" },
  { label: "Mustard", text: "mustard" },
  { label: "Lupin", text: "lupin" },
  { label: "Molluscs", text: "molluscs" },
  { label: "Sulphites", text: "sulphites" },
  { label: "Pescatarian", text: "pescatarian" },
  { label: "Halal", text: "halal" },
  { label: "Kosher", text: "kosher" },
  { label: "No pork", text: "no pork" },
  { label: "No beef", text: "no beef" },
  { label: "Lactose-free", text: "lactose-free" },
  { label: "Gluten-free", text: "gluten-free" },
];

/** The rules a piece of text sets, as one comparable string: "penuts" and "peanuts" set the same. */
function signature(text: string): string {
  const parsed = parseAvoidances(text);
  if (parsed.unrecognised.length > 0) return "";
  return JSON.stringify([
    [...parsed.allergens].sort(),
    [...parsed.flags].sort(),
    [...parsed.ingredients].sort(),
    parsed.kosher,
  ]);
}

const entriesOf = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

/**
 * The chip an entry of the field stands for: the chip whose words it is, else the first chip whose words set the
 * same rules (a typo the reader understands, "penuts", lights Peanuts).
 */
function chipOf(entry: string): string | undefined {
  const lower = entry.toLowerCase();
  const exact = AVOIDANCE_CHIPS.find((chip) => chip.text === lower);
  if (exact) return exact.text;
  const rules = signature(entry);
  if (rules === "" || rules === signature("")) return undefined;
  return AVOIDANCE_CHIPS.find((chip) => signature(chip.text) === rules)?.text;
}

/** Whether an entry of the field (comma-separated) stands for the chip. */
export function hasChip(text: string, chipText: string): boolean {
  return entriesOf(text).some((entry) => chipOf(entry) === chipText);
}

/** The field with the chip's words added as one more entry, or, when the chip is on, every entry it stands for removed. */
export function toggleChip(text: string, chipText: string): string {
  if (hasChip(text, chipText))
    return entriesOf(text)
      .filter((entry) => chipOf(entry) !== chipText)
      .join(", ");
  const trimmed = text.trim().replace(/[,;]\s*$/, "");
  return trimmed === "" ? chipText : `${trimmed}, ${chipText}`;
}
