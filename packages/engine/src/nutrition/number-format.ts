/*
 * One way to write energy and nutrient amounts, shared by the web app and Alex's replies
 * (docs/decisions/024-one-number-format-and-meal-icons.md): whole kilocalories and grams to one
 * decimal in everyday text, two decimals only where the product shows them on purpose (a public
 * plan's meal headers and Total). Always en-US digits and grouping, whatever the reader's locale,
 * so a figure Alex writes reads exactly as the screen beside it shows it.
 */
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const exactlyTwoDecimals = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Avoids "-0" for amounts that round to nothing. */
function plain(text: string): string {
  return text === "-0" || /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** "2,013 kcal". */
export function formatKcal(value: number): string {
  return `${plain(whole.format(value))} kcal`;
}

/** "8.9 g", "150 g". */
export function formatGrams(value: number): string {
  return `${plain(upToOneDecimal.format(value))} g`;
}

/** A portion as people say it, household measure first where the catalogue has one: "1 cup (190 g)", else "150 g". */
export function formatPortion(weightG: number, measure?: string): string {
  return measure === undefined || measure === ""
    ? formatGrams(weightG)
    : `${measure} (${formatGrams(weightG)})`;
}

/** "1,565.00": the two-decimal figures of a public plan's meal headers and Total. */
export function formatTwoDecimals(value: number): string {
  return plain(exactlyTwoDecimals.format(value));
}
