/**
 * Dev check of the food catalogue against USDA SR Legacy (SR28).
 *
 *   npx tsx packages/engine/scripts/check-usda.ts <path to usda_foods.csv>
 *
 * The csv is an extract of USDA SR Legacy kept outside the repository; its path is required, and the file is
 * read, never copied.
 * The catalogue (src/nutrition/foods/*.json) is checked:
 * - an ingredient with `ndbNo` (or `proxyNdbNo`) in the csv must match that row within 2 % per figure (energy,
 *   protein, carbs, fat, fibre, saturated fat, sodium; saturated fat where SR Legacy analysed it); one outside the
 *   extract is listed, and must say where its figures come from;
 * - an ingredient from an animal food group (dairy and egg, meat, poultry, fish) must carry milk, egg, fish or
 *   shellfish, or a flag, or the diet derived from it would be wrong;
 * - a food with `usdaNdbNo` must match the csv row within 2 % per figure;
 * - every food's figures must be within 5 % of its recipe (as food-data.test.ts checks in `npm test`);
 * - every food must be Atwater-consistent: energy within 15 % of 4 kcal/g protein + 4 kcal/g carbohydrate +
 *   9 kcal/g fat, counting fibre either at 4 kcal/g (USDA "carbohydrate by difference" includes it) or at
 *   2 kcal/g (FAO 2003, "Food energy – methods of analysis and conversion factors", ch. 3).
 * Exits with code 1 when anything is reported.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { FOOD_CATALOGUE, FOOD_RECORDS, INGREDIENTS } from "../src/nutrition/food-catalogue";
import { recipeMismatches, type Figures } from "../src/nutrition/food-data";
import type { Food } from "../src/nutrition/food.types";

const FIGURE_TOLERANCE = 0.02;
/** Rounding in the source data: 2 % of a figure near zero is below the precision USDA publishes. */
const FIGURE_ABSOLUTE_SLACK = { energyKcal: 1, sodiumMg: 1, grams: 0.05 };
const ATWATER_TOLERANCE = 0.15;
/** Foods with almost no energy (tea, pickles) cannot meet a relative tolerance on rounded figures. */
const ATWATER_ABSOLUTE_SLACK_KCAL = 5;

const csvArgument = process.argv[2];
if (csvArgument === undefined) {
  console.error(
    "usage: npx tsx packages/engine/scripts/check-usda.ts <path to usda_foods.csv>\n" +
      "  the csv is an extract of USDA SR Legacy (SR28) with the columns ndb_no, description, food_group, kcal,\n" +
      "  protein_g, carbs_g, fat_g, fiber_g, sat_fat_g and sodium_mg",
  );
  process.exit(2);
}
const csvPath = resolve(csvArgument);

/** SR Legacy food groups of animal origin. */
const ANIMAL_GROUPS = new Set([
  "Dairy and Egg Products",
  "Poultry Products",
  "Beef Products",
  "Pork Products",
  "Lamb, Veal, and Game Products",
  "Finfish and Shellfish Products",
  "Sausages and Luncheon Meats",
]);

interface UsdaRow {
  description: string;
  foodGroup: string;
  energyKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  fibreG: number;
  /** Undefined where SR Legacy did not analyse it (import-usda-foods.ts takes a sibling row's share of fat). */
  satFatG: number | undefined;
  sodiumMg: number;
}

/** RFC 4180 fields: commas inside double quotes, "" for a literal quote. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ",") {
      fields.push(field);
      field = "";
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

function readUsda(path: string): Map<string, UsdaRow> {
  const lines = readFileSync(path, "utf8")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const header = parseCsvLine(lines[0] ?? "");
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${path}: column "${name}" missing`);
    return index;
  };
  const cols = {
    ndb: column("ndb_no"),
    description: column("description"),
    foodGroup: column("food_group"),
    kcal: column("kcal"),
    protein: column("protein_g"),
    carbs: column("carbs_g"),
    fat: column("fat_g"),
    fibre: column("fiber_g"),
    satFat: column("sat_fat_g"),
    sodium: column("sodium_mg"),
  };
  // An empty fibre cell means USDA did not analyse it; the catalogue then carries 0.
  const toNumber = (text: string | undefined): number =>
    text === undefined || text === "" ? 0 : Number(text);
  const rows = new Map<string, UsdaRow>();
  for (const line of lines.slice(1)) {
    const f = parseCsvLine(line);
    rows.set(f[cols.ndb] ?? "", {
      description: f[cols.description] ?? "",
      foodGroup: f[cols.foodGroup] ?? "",
      energyKcal: toNumber(f[cols.kcal]),
      proteinG: toNumber(f[cols.protein]),
      carbsG: toNumber(f[cols.carbs]),
      fatG: toNumber(f[cols.fat]),
      fibreG: toNumber(f[cols.fibre]),
      satFatG: f[cols.satFat] === undefined || f[cols.satFat] === "" ? undefined : Number(f[cols.satFat]),
      sodiumMg: toNumber(f[cols.sodium]),
    });
  }
  return rows;
}

function usdaMismatches(food: Figures, row: UsdaRow): string[] {
  const pairs: [string, number, number, number][] = [
    ["energyKcal", food.energyKcal, row.energyKcal, FIGURE_ABSOLUTE_SLACK.energyKcal],
    ["proteinG", food.proteinG, row.proteinG, FIGURE_ABSOLUTE_SLACK.grams],
    ["carbsG", food.carbsG, row.carbsG, FIGURE_ABSOLUTE_SLACK.grams],
    ["fatG", food.fatG, row.fatG, FIGURE_ABSOLUTE_SLACK.grams],
    ["fibreG", food.fibreG, row.fibreG, FIGURE_ABSOLUTE_SLACK.grams],
    ["sodiumMg", food.sodiumMg, row.sodiumMg, FIGURE_ABSOLUTE_SLACK.sodiumMg],
  ];
  if (row.satFatG !== undefined)
    pairs.push(["satFatG", food.satFatG, row.satFatG, FIGURE_ABSOLUTE_SLACK.grams]);
  return pairs
    .filter(([, ours, theirs, slack]) => Math.abs(ours - theirs) > Math.max(slack, FIGURE_TOLERANCE * theirs))
    .map(([name, ours, theirs]) => `${name} ${ours} vs USDA ${theirs}`);
}

function atwaterProblem(food: Food): string | undefined {
  const fibreAtFour = 4 * food.proteinG + 4 * food.carbsG + 9 * food.fatG;
  const fibreAtTwo = fibreAtFour - 2 * food.fibreG;
  const deviation = Math.min(Math.abs(fibreAtFour - food.energyKcal), Math.abs(fibreAtTwo - food.energyKcal));
  const allowed = Math.max(ATWATER_ABSOLUTE_SLACK_KCAL, ATWATER_TOLERANCE * food.energyKcal);
  if (deviation <= allowed) return undefined;
  return `energy ${food.energyKcal} kcal but Atwater gives ${fibreAtTwo.toFixed(0)}–${fibreAtFour.toFixed(0)} kcal`;
}

function main(): void {
  const usda = readUsda(csvPath);
  const problems: string[] = [];
  const outsideExtract: string[] = [];
  let checkedIngredients = 0;
  for (const entry of INGREDIENTS.values()) {
    const ndbNo = entry.ndbNo ?? entry.proxyNdbNo;
    if (ndbNo === undefined) continue;
    const row = usda.get(ndbNo);
    if (row === undefined) {
      outsideExtract.push(`${entry.name} (${ndbNo}): ${entry.source ?? "no source given"}`);
      if (entry.source === undefined)
        problems.push(`ingredient "${entry.name}": NDB ${ndbNo} not in ${csvPath}`);
      continue;
    }
    checkedIngredients++;
    const mismatches = usdaMismatches(entry, row);
    if (mismatches.length > 0)
      problems.push(
        `ingredient "${entry.name}" (NDB ${ndbNo} "${row.description}"): ${mismatches.join(", ")}`,
      );
    const marked =
      entry.flags.length > 0 ||
      entry.allergens.some((allergen) => ["milk", "egg", "fish", "shellfish"].includes(allergen));
    if (ANIMAL_GROUPS.has(row.foodGroup) && !marked)
      problems.push(
        `ingredient "${entry.name}" is from "${row.foodGroup}" but carries no animal allergen or flag`,
      );
  }
  let withNdb = 0;
  for (const food of FOOD_CATALOGUE) {
    if (food.usdaNdbNo !== undefined) {
      withNdb++;
      const row = usda.get(food.usdaNdbNo);
      if (row === undefined) {
        problems.push(`${food.id}: NDB ${food.usdaNdbNo} not in ${csvPath}`);
      } else {
        const mismatches = usdaMismatches(food, row);
        if (mismatches.length > 0)
          problems.push(`${food.id} (NDB ${food.usdaNdbNo} "${row.description}"): ${mismatches.join(", ")}`);
      }
    }
    const atwater = atwaterProblem(food);
    if (atwater !== undefined) problems.push(`${food.id}: ${atwater}`);
  }
  let withinRecipe = 0;
  for (const record of FOOD_RECORDS) {
    const mismatches = recipeMismatches(record, INGREDIENTS);
    if (mismatches.length === 0) withinRecipe++;
    else problems.push(`${record.id}: ${mismatches.join(", ")}`);
  }
  for (const problem of problems) console.log(problem);
  console.log(`ingredients outside the extract, with their sources:\n  ${outsideExtract.join("\n  ")}`);
  console.log(
    `checked ${INGREDIENTS.size} ingredients (${checkedIngredients} against USDA rows) and ${FOOD_CATALOGUE.length} foods ` +
      `(${withNdb} against USDA rows) in ${csvPath}; ${withinRecipe} of ${FOOD_RECORDS.length} foods within 5 % ` +
      `of their recipes; ${problems.length} problem(s)`,
  );
  if (problems.length > 0) process.exitCode = 1;
}

main();
