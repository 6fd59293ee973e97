/**
 * Pick-from-list choices beside the allergy field, so nobody has to type: the nine allergens we track (FALCPA's big
 * nine) and the common rules. Each adds words the reader understands (packages/engine/src/nutrition/avoidances.ts).
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
  { label: "Vegetarian", text: "vegetarian" },
  { label: "Vegan", text: "vegan" },
  { label: "Pescatarian", text: "pescatarian" },
  { label: "Halal", text: "halal" },
  { label: "Kosher", text: "kosher" },
  { label: "No pork", text: "no pork" },
  { label: "No beef", text: "no beef" },
  { label: "Lactose-free", text: "lactose-free" },
  { label: "Gluten-free", text: "gluten-free" },
];

/** Whether the field already holds the chip's words, as a whole comma-separated entry. */
export function hasChip(text: string, chipText: string): boolean {
  return text.split(/[,;\n]/).some((entry) => entry.trim().toLowerCase() === chipText.toLowerCase());
}

/** The field with the chip's words added as one more comma-separated entry. */
export function withChip(text: string, chipText: string): string {
  if (hasChip(text, chipText)) return text;
  const trimmed = text.trim().replace(/[,;]\s*$/, "");
  return trimmed === "" ? chipText : `${trimmed}, ${chipText}`;
}
