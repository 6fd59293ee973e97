/**
 * Converts the team's USDA SR Legacy extract into the generic-food table of food search
 * (src/nutrition/foods/generic-foods.json, docs/decisions/051).
 *
 *   npx tsx packages/engine/scripts/import-usda-foods.ts <path to usda_foods.csv>
 *
 * The csv (USDA National Nutrient Database for Standard Reference, Release 28 — "SR Legacy" — a work of the
 * U.S. government in the public domain) is kept outside the repository; this script reads it and writes the
 * JSON, which `generic-foods.ts` validates at load.
 *
 * - A row that is already a catalogue food (`usdaNdbNo`) is left out: search finds that food once, as the
 *   catalogue has it.
 * - Allergens and flags: an ingredient of the reviewed ingredient table with the row's NDB number gives them;
 *   otherwise they follow from the rules below (food group and whole words of the description). The extract's
 *   own allergen tags are not used: they were made by matching parts of words ("rye" in "fryers" made chicken
 *   gluten, "butter" in "butternut" made squash milk) and miss others (almond milk has no tree nut there). The
 *   rules are measured against the reviewed table on the rows both cover, and every row where they differ from
 *   the extract's tags is printed for review.
 * - Household measures come from the catalogue's ingredient measures (ingredient-measures.json) where an
 *   ingredient with the row's NDB number has one; the extract itself has none.
 *
 * It then writes saturated fat (`satFatG`) and sodium (`sodiumMg`) per 100 g into the catalogue
 * (docs/decisions/076-fibre-sodium-and-saturated-fat-bounds.md):
 * - an ingredient with `ndbNo` (or `proxyNdbNo`) in the extract takes that row's figures; SR Legacy left saturated
 *   fat unanalysed on eight rows, which take the fat's saturated share of a sibling row (SAT_FAT_SIBLING);
 * - an ingredient outside the extract keeps the figures written beside its `source` by hand, and one whose source is
 *   a catalogue recipe ("As the catalogue's af-chapati recipe") takes that recipe's;
 * - every food of base-foods, western-dishes and eastern-dishes takes its recipe's figures (the ingredients' sum
 *   over the finished weight, as food-data.ts recipeFigures adds up energy and macros).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import { FOOD_CATALOGUE, INGREDIENTS } from "../src/nutrition/food-catalogue";
import { ALLERGENS, FOOD_FLAGS, type Allergen, type FoodFlag } from "../src/nutrition/food.types";
import { GenericFoodRecordSchema, type GenericFoodRecord } from "../src/nutrition/generic-foods";
import INGREDIENT_MEASURES from "../src/nutrition/foods/ingredient-measures.json" with { type: "json" };

const csvArgument = process.argv[2];
if (csvArgument === undefined) {
  console.error("usage: npx tsx packages/engine/scripts/import-usda-foods.ts <path to usda_foods.csv>");
  process.exit(2);
}
const FOODS_DIR = resolve(import.meta.dirname, "../src/nutrition/foods");
const OUTPUT = resolve(FOODS_DIR, "generic-foods.json");

/** RFC 4180 fields of one line (the extract quotes descriptions that hold commas). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      out.push(current);
      current = "";
    } else current += char;
  }
  out.push(current);
  return out;
}

/** The extract's tags in the engine's allergen terms, only to list the rows where the rules differ from them. */
const TAG_ALLERGENS: Record<string, Allergen> = {
  milk: "milk",
  egg: "egg",
  fish: "fish",
  mollusc: "shellfish",
  crustacean_shellfish: "shellfish",
  tree_nut: "tree nuts",
  peanut: "peanut",
  wheat: "wheat/gluten",
  gluten_other: "wheat/gluten",
  // Oats not certified gluten-free are routinely cross-contaminated with wheat (foods/README.md).
  oats: "wheat/gluten",
  soy: "soy",
  sesame: "sesame",
};

/**
 * Composite foods whose usual recipe holds allergens their names do not show. Where a product may or may not hold
 * one (dark chocolate's milk, margarine's soy), it is marked: a person avoiding it should see the warning.
 */
const RECIPE_ALLERGENS: readonly (readonly [RegExp, readonly Allergen[]])[] = [
  [/\bmayonnaise\b|tuna salad/, ["egg"]],
  [/caesar dressing/, ["egg", "fish", "milk"]],
  [/ranch dressing/, ["egg", "milk"]],
  [/\bmargarine\b/, ["milk", "soy"]],
  [/\bpesto\b/, ["milk", "tree nuts"]],
  [/\bnaan\b/, ["milk"]],
  [/\bchocolate, dark\b/, ["milk"]],
  [/veggie burgers|soyburgers/, ["soy", "wheat/gluten"]],
  // Soba is usually part wheat; somen is wheat; dried egg noodles and fresh pasta are wheat and egg.
  [/\b(soba|somen)\b/, ["wheat/gluten"]],
  [/noodles, egg|pasta, fresh/, ["egg", "wheat/gluten"]],
];

const SHELLFISH_WORDS =
  /\b(shrimp|prawns?|crab|lobster|crayfish|clams?|oysters?|mussels?|scallops?|squid|octopus|crustaceans?|mollusks?)\b/;
/** Plant drinks called milk carry no milk. */
const PLANT_MILK = /\b(almond|soy|rice|oat|coconut|cashew) milk\b/;

function derivedAllergens(description: string, group: string): Set<Allergen> {
  const text = description.toLowerCase();
  const found = new Set<Allergen>();
  const milkWords = /\b(milk|cheese|butter|cream|yogurt|whey|buttermilk|kefir|ice creams?)\b/.test(
    text.replace(PLANT_MILK, "").replace(/\b(peanut|almond|cashew|nut|seed|apple) butter\b/, ""),
  );
  if (group === "Dairy and Egg Products" && !/^eggs?\b/.test(text)) found.add("milk");
  if (milkWords) found.add("milk");
  if (PLANT_MILK.test(text)) found.delete("milk");
  if (/^eggs?\b|\begg\b/.test(text)) found.add("egg");
  if (group === "Finfish and Shellfish Products")
    found.add(SHELLFISH_WORDS.test(text) ? "shellfish" : "fish");
  for (const [pattern, listed] of RECIPE_ALLERGENS)
    if (pattern.test(text)) for (const allergen of listed) found.add(allergen);
  if (
    /\b(chestnuts?|almonds?|cashews?|walnuts?|pecans?|pistachios?|hazelnuts?|filberts?|macadamias?|brazilnuts?|pine nuts?|pesto|trail mix)\b/.test(
      text,
    )
  )
    found.add("tree nuts");
  if (/\bpeanuts?\b/.test(text)) found.add("peanut");
  if (
    /\b(wheat|bread|pasta|spaghetti|macaroni|barley|rye|couscous|bulgur|semolina|farina|crackers?|bagels?|pretzels?|oats?|oatmeal|granola|seitan|spelt|pumpernickel|muffins?|naan|pita)\b/.test(
      text.replace(/\bsauce, pasta, spaghetti\b|\bsquash, winter, spaghetti\b/, ""),
    ) &&
    !/\b(rice|corn|buckwheat) (noodles|crackers?)\b|rice cake/.test(text)
  )
    found.add("wheat/gluten");
  if (/\b(soy|soybeans?|tofu|tempeh|edamame|miso|natto)\b/.test(text)) found.add("soy");
  if (/\b(sesame|tahini)\b/.test(text)) found.add("sesame");
  return found;
}

function derivedFlags(description: string, group: string, allergens: ReadonlySet<Allergen>): Set<FoodFlag> {
  const text = description.toLowerCase();
  const found = new Set<FoodFlag>();
  if (group === "Pork Products" || /\b(pork|ham|lard|bacon|prosciutto|pepperoni|salami)\b/.test(text))
    found.add("pork");
  if (group === "Beef Products" || /\b(beef|veal)\b/.test(text)) found.add("beef");
  if (/\b(lamb|mutton)\b/.test(text)) found.add("lamb");
  if (group === "Poultry Products" || /\b(chicken|turkey|duck|goose)\b/.test(text)) found.add("poultry");
  if (/\b(game meat|bison|deer|venison|rabbit|elk|boar)\b/.test(text)) found.add("game");
  if (allergens.has("fish")) found.add("fish");
  if (allergens.has("shellfish")) found.add("shellfish");
  if (/\bhoney\b/.test(text)) found.add("honey");
  if (/caesar dressing/.test(text)) found.add("fish");
  if (/\b(wine|beer|liquor|rum|vodka|whiskey)\b/.test(text)) found.add("alcohol");
  if (/\bgelatin\b/.test(text)) found.add("gelatin");
  if (/\b(parmesan|romano|gruyere)\b/.test(text)) found.add("animal-rennet");
  return found;
}

const catalogueNdb = new Set(FOOD_CATALOGUE.flatMap((food) => (food.usdaNdbNo ? [food.usdaNdbNo] : [])));
const reviewedByNdb = new Map(
  [...INGREDIENTS.values()].flatMap((entry) =>
    entry.ndbNo === undefined ? [] : [[entry.ndbNo, entry] as const],
  ),
);
const measures = INGREDIENT_MEASURES as Record<
  string,
  { unit: string; plural: string; grams: number; whole: boolean }
>;

const lines = readFileSync(resolve(csvArgument), "utf8").trim().split(/\r?\n/);
const header = fields(lines[0] ?? "");
const column = (name: string): number => {
  const index = header.indexOf(name);
  if (index < 0) throw new Error(`The csv has no column ${name}`);
  return index;
};
const at = {
  ndb: column("ndb_no"),
  description: column("description"),
  group: column("food_group"),
  state: column("state"),
  kcal: column("kcal"),
  protein: column("protein_g"),
  carbs: column("carbs_g"),
  fat: column("fat_g"),
  fibre: column("fiber_g"),
  satFat: column("sat_fat_g"),
  sodium: column("sodium_mg"),
  tags: column("allergen_tags"),
};

/**
 * Rows whose saturated fat SR Legacy did not analyse, and a row of the same food in another state whose saturated
 * share of fat stands in for it (clementines as tangerines, medjool as deglet noor dates, cooked grain as uncooked).
 */
const SAT_FAT_SIBLING: Record<string, string> = {
  "09433": "09218",
  "09421": "09087",
  "11211": "11212",
  "11238": "11267",
  "11294": "11282",
  "20002": "20001",
  "20141": "20140",
  "20143": "20142",
};

const rowsByNdb = new Map(lines.slice(1).map((line) => [fields(line)[at.ndb] ?? "", fields(line)]));
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Saturated fat and sodium of an extract row, per 100 g; undefined for an NDB number outside the extract. */
function fatAndSodium(ndbNo: string): { satFatG: number; sodiumMg: number } | undefined {
  const row = rowsByNdb.get(ndbNo);
  if (row === undefined) return undefined;
  const sodiumMg = Number(row[at.sodium]);
  const satFat = row[at.satFat] ?? "";
  if (satFat !== "") return { satFatG: Number(satFat), sodiumMg };
  const sibling = rowsByNdb.get(SAT_FAT_SIBLING[ndbNo] ?? "");
  if (sibling === undefined)
    throw new Error(`NDB ${ndbNo} has no saturated fat and no sibling row to take it from`);
  const share = Number(sibling[at.satFat]) / Number(sibling[at.fat]);
  return { satFatG: round(share * Number(row[at.fat]), 3), sodiumMg };
}

let compared = 0;
const disagreements: string[] = [];
const tagDifferences: string[] = [];
const foods: GenericFoodRecord[] = [];
for (const line of lines.slice(1)) {
  const row = fields(line);
  const get = (index: number): string => row[index] ?? "";
  const ndbNo = get(at.ndb);
  if (catalogueNdb.has(ndbNo)) continue;
  const description = get(at.description);
  const group = get(at.group);
  const tagged = new Set(
    get(at.tags)
      .split("|")
      .flatMap((tag) => TAG_ALLERGENS[tag] ?? []),
  );
  const allergens = derivedAllergens(description, group);
  const flags = derivedFlags(description, group, allergens);
  const reviewed = reviewedByNdb.get(ndbNo);
  if (reviewed !== undefined) {
    compared += 1;
    const same = (left: readonly string[], right: ReadonlySet<string>) =>
      left.length === right.size && left.every((value) => right.has(value));
    if (!same(reviewed.allergens, allergens) || !same(reviewed.flags, flags))
      disagreements.push(
        `${ndbNo} ${description}: reviewed [${[...reviewed.allergens, ...reviewed.flags].join(", ")}], rules [${[...allergens, ...flags].join(", ")}]`,
      );
  }
  const final = reviewed?.allergens ?? [...allergens];
  if (final.length !== tagged.size || final.some((allergen) => !tagged.has(allergen)))
    tagDifferences.push(
      `${ndbNo} ${description}: extract [${[...tagged].join(", ")}], stored [${final.join(", ")}]`,
    );
  const measure = reviewed === undefined ? undefined : measures[reviewed.name];
  const figure = (index: number) => Number(get(index));
  // Checked as the engine checks the file at load: a malformed row stops the conversion here.
  foods.push(
    GenericFoodRecordSchema.parse({
      id: `usda-${ndbNo}`,
      ndbNo,
      name: description,
      group,
      state: get(at.state),
      energyKcal: figure(at.kcal),
      proteinG: figure(at.protein),
      carbsG: figure(at.carbs),
      fatG: figure(at.fat),
      fibreG: figure(at.fibre),
      ...(fatAndSodium(ndbNo) as { satFatG: number; sodiumMg: number }),
      allergens: ALLERGENS.filter((allergen) => (reviewed?.allergens ?? [...allergens]).includes(allergen)),
      flags: FOOD_FLAGS.filter((flag) => (reviewed?.flags ?? [...flags]).includes(flag)),
      ...(measure === undefined ? {} : { measure }),
    }),
  );
}

const prettierOptions = { ...(await resolveConfig(OUTPUT)), parser: "json" };
/**
 * Writes a data file as the repository formats it, so a run that changes no figure changes no line: prettier keeps an
 * object on several lines where the input has it so, which generic-foods.json does for its measures.
 */
async function writeJson(path: string, value: unknown, indent?: number): Promise<void> {
  writeFileSync(path, await format(JSON.stringify(value, null, indent), prettierOptions));
}

await writeJson(
  OUTPUT,
  {
    source:
      "USDA National Nutrient Database for Standard Reference, Legacy Release (SR Legacy, Release 28), U.S. Department of Agriculture, Agricultural Research Service; public domain. Converted by packages/engine/scripts/import-usda-foods.ts.",
    foods,
  },
  2,
);
console.log(
  JSON.stringify({
    rows: lines.length - 1,
    written: foods.length,
    leftOutAsCatalogueFoods: lines.length - 1 - foods.length,
    withMeasure: foods.filter((food) => food.measure !== undefined).length,
    rulesComparedWithReviewedTable: compared,
    rulesAgreeing: compared - disagreements.length,
  }),
);
console.log("Rules against the reviewed table:");
for (const disagreement of disagreements) console.log(`  ${disagreement}`);
console.log("Stored allergens against the extract's tags:");
for (const difference of tagDifferences) console.log(`  ${difference}`);

type Json = Record<string, unknown>;
type Recipe = { ingredients: { name: string; grams: number }[]; cookedWeightPercent?: number };

/** A copy of the record with saturated fat and sodium set, placed after fibre where the other figures are. */
function withFatAndSodium(record: Json, figures: { satFatG: number; sodiumMg: number }): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === "satFatG" || key === "sodiumMg") continue;
    out[key] = value;
    if (key === "fibreG") Object.assign(out, figures);
  }
  return out;
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(resolve(FOODS_DIR, name), "utf8")) as T;
const ingredientRows = readJson<Json[]>("ingredients.json");
const FOOD_FILES = ["base-foods.json", "western-dishes.json", "eastern-dishes.json"] as const;
const foodFiles = FOOD_FILES.map((name) => ({ name, records: readJson<(Json & Recipe)[]>(name) }));
const recordsById = new Map(foodFiles.flatMap(({ records }) => records.map((record) => [record.id, record])));
const byName = new Map<string, Json>();
const SUB_RECIPE = /As the catalogue's ([a-z0-9-]+) recipe/;
let fromExtract = 0;
for (const [index, entry] of ingredientRows.entries()) {
  const ndbNo = (entry.ndbNo ?? entry.proxyNdbNo) as string | undefined;
  const figures = ndbNo === undefined ? undefined : fatAndSodium(ndbNo);
  if (figures !== undefined) {
    ingredientRows[index] = withFatAndSodium(entry, figures);
    fromExtract += 1;
  } else if (
    !SUB_RECIPE.test(String(entry.source)) &&
    (entry.satFatG === undefined || entry.sodiumMg === undefined)
  )
    throw new Error(
      `Ingredient "${String(entry.name)}" is outside the extract and has no saturated fat or sodium by hand`,
    );
  byName.set(String(entry.name), ingredientRows[index] as Json);
}

/** The recipe's saturated fat and sodium per 100 g of finished food (food-data.ts recipeFigures). */
function recipeFatAndSodium(recipe: Recipe): { satFatG: number; sodiumMg: number } {
  const rawG = recipe.ingredients.reduce((sum, { grams }) => sum + grams, 0);
  const finishedG = (rawG * (recipe.cookedWeightPercent ?? 100)) / 100;
  let satFatG = 0;
  let sodiumMg = 0;
  for (const { name, grams } of recipe.ingredients) {
    const entry = byName.get(name);
    if (entry === undefined) throw new Error(`Ingredient "${name}" is not in ingredients.json`);
    satFatG += (Number(entry.satFatG) * grams) / finishedG;
    sodiumMg += (Number(entry.sodiumMg) * grams) / finishedG;
  }
  return { satFatG: round(satFatG, 3), sodiumMg: round(sodiumMg, 0) };
}

for (const [index, entry] of ingredientRows.entries()) {
  const recipeId = SUB_RECIPE.exec(String(entry.source))?.[1];
  if (recipeId === undefined) continue;
  const recipe = recordsById.get(recipeId);
  if (recipe === undefined) throw new Error(`Ingredient "${String(entry.name)}" names no catalogue recipe`);
  ingredientRows[index] = withFatAndSodium(entry, recipeFatAndSodium(recipe));
  byName.set(String(entry.name), ingredientRows[index]);
}
await writeJson(resolve(FOODS_DIR, "ingredients.json"), ingredientRows);
for (const { name, records } of foodFiles)
  await writeJson(
    resolve(FOODS_DIR, name),
    records.map((record) => withFatAndSodium(record, recipeFatAndSodium(record))),
  );
console.log(
  JSON.stringify({
    ingredientsFromExtract: fromExtract,
    ingredientsByHandOrRecipe: ingredientRows.length - fromExtract,
    foodsFromRecipes: foodFiles.reduce((sum, { records }) => sum + records.length, 0),
  }),
);
