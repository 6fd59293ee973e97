import type { FoundFood } from "@fitwise/contracts/diary";
import { MY_FOOD_ID_PREFIX, type MyFood } from "@fitwise/contracts/my-foods";
import type { MyFoodRow } from "./my-foods.repository";

/**
 * An own food's figures as the search, the diary and the list show them (docs/decisions/068). The figures are
 * stored as typed (per 100 g or per serving); the other basis follows from the measure's grams when there is one.
 */

const round1 = (value: number) => Math.round(value * 10) / 10;

interface Figures {
  energy_kcal: number;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
}

function scaled(row: MyFoodRow, factor: number): Figures {
  const by = (value: number | null) => (value === null ? null : round1(value * factor));
  return {
    energy_kcal: round1(row.energy_kcal * factor),
    protein_g: by(row.protein_g),
    carbs_g: by(row.carbs_g),
    fat_g: by(row.fat_g),
  };
}

/** Figures of 100 g; undefined for a per-serving food without the serving's weight. */
function per100g(row: MyFoodRow): Figures | undefined {
  if (row.basis === "100g") return scaled(row, 1);
  return row.measure_grams === null ? undefined : scaled(row, 100 / row.measure_grams);
}

/** Figures of one serving (of the measure); undefined for a per-100 g food without a measure. */
function perServing(row: MyFoodRow): Figures | undefined {
  if (row.basis === "serving") return scaled(row, 1);
  return row.measure_grams === null ? undefined : scaled(row, row.measure_grams / 100);
}

export const myFoodId = (row: MyFoodRow) => `${MY_FOOD_ID_PREFIX}${row.id}`;

/** The uuid of a `my-<uuid>` food id; undefined for any other id. */
export function myFoodUuid(foodId: string): string | undefined {
  return /^my-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
    .exec(foodId)?.[1]
    ?.toLowerCase();
}

export function myFoodOf(row: MyFoodRow): MyFood {
  return {
    id: myFoodId(row),
    name: row.name,
    basis: row.basis,
    energy_kcal: row.energy_kcal,
    protein_g: row.protein_g,
    carbs_g: row.carbs_g,
    fat_g: row.fat_g,
    measure:
      row.measure_unit === null || row.measure_grams === null
        ? null
        : { unit: row.measure_unit, grams: row.measure_grams },
    found: foundMyFood(row),
  };
}

/** A plural for a measure typed in the singular ("slice" → "slices"); enough for a label, not a grammar. */
function pluralOf(unit: string): string {
  if (/(s|x|z|ch|sh)$/i.test(unit)) return `${unit}es`;
  return `${unit}s`;
}

export function foundMyFood(row: MyFoodRow): FoundFood {
  const hundred = per100g(row);
  const serving = perServing(row);
  const unit = row.measure_unit ?? "serving";
  return {
    id: myFoodId(row),
    name: row.name,
    origin: "mine",
    per_100g: hundred === undefined ? null : { ...hundred, fibre_g: null },
    per_serving: row.basis === "serving" && serving !== undefined ? { unit, ...serving } : null,
    measure: row.measure_grams === null ? null : { unit, plural: pluralOf(unit), grams: row.measure_grams },
    // The person made the food and knows what is in it; its name is not read for allergens.
    excluded_because: null,
  };
}

const words = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

/**
 * The own foods a query names: every typed word starts a word of the name (the last may be half typed), names
 * starting with the first word first. A person keeps at most a few hundred, so a scan beats an index.
 */
export function matchMyFoods(rows: readonly MyFoodRow[], query: string): MyFoodRow[] {
  const typed = words(query);
  if (typed.length === 0) return [];
  const scored = rows.flatMap((row) => {
    const named = words(row.name);
    const all = typed.every((word) => named.some((candidate) => candidate.startsWith(word)));
    return all ? [{ row, first: named[0]?.startsWith(typed[0] ?? "") === true }] : [];
  });
  return scored
    .sort((a, b) => Number(b.first) - Number(a.first) || a.row.name.localeCompare(b.row.name))
    .map((hit) => hit.row);
}

export type MyFoodAmount =
  | { ok: true; grams: number | null; servings: number | null; figures: Figures }
  | { ok: false; path: "grams" | "servings"; message: string };

/** An entry's figures for an amount of an own food, or why the amount cannot be read. */
export function myFoodAmount(row: MyFoodRow, amount: { grams?: number; servings?: number }): MyFoodAmount {
  if (amount.grams !== undefined) {
    if (per100g(row) === undefined)
      return {
        ok: false,
        path: "grams",
        message: "This food of yours is given per serving without its weight: give servings instead.",
      };
    // Scaled from the stored figures in one step, so nothing is rounded twice.
    const factor = row.basis === "100g" ? amount.grams / 100 : amount.grams / (row.measure_grams ?? 1);
    return { ok: true, grams: amount.grams, servings: null, figures: scaled(row, factor) };
  }
  const servings = amount.servings ?? 1;
  if (perServing(row) === undefined)
    return {
      ok: false,
      path: "servings",
      message: "This food has no household measure: give the grams instead.",
    };
  const factor = row.basis === "serving" ? servings : (servings * (row.measure_grams ?? 0)) / 100;
  return {
    ok: true,
    grams: row.measure_grams === null ? null : round1(servings * row.measure_grams),
    servings,
    figures: scaled(row, factor),
  };
}
