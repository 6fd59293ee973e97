import { randomUUID } from "node:crypto";
import {
  DIARY_ERROR_CODES,
  type CopyDiaryMealRequest,
  ENTRY_KCAL_MAX,
  type DiaryEntry,
  type DiaryResponse,
  type DiaryTotals,
  type FoundFood,
  type LogFoodRequest,
  type LookupBarcodeResponse,
  OPEN_FOOD_FACTS_ATTRIBUTION,
  type SearchFoodsRequest,
} from "@fitwise/contracts/diary";
import type { DiaryWeekDay } from "@fitwise/contracts/my-foods";
import { parseAvoidances } from "@fitwise/engine/nutrition/avoidances";
import { FOOD_CATALOGUE } from "@fitwise/engine/nutrition/food-catalogue";
import { FOOD_SEARCH_DEFAULT_LIMIT } from "@fitwise/engine/nutrition/food-search-limits";
import {
  findLoggableFood,
  searchFoods as searchFoodIndex,
  type FoodSearchHit,
} from "@fitwise/engine/nutrition/food-search";
import { MEAL_SLOTS, type Food, type MealSlot } from "@fitwise/engine/nutrition/food.types";
import { exclusionConflict, type ExclusionRules } from "@fitwise/engine/nutrition/exclusions";
import { looseFood } from "@fitwise/engine/nutrition/generic-foods";
import type { HouseholdMeasure } from "@fitwise/engine/nutrition/meal-roles";
import { countsForEstimate } from "@fitwise/engine/progress/expenditure";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import type { UserStateCache } from "../../http/user-state-cache";
import { listMealPlans } from "../plans/plans.repository";
import { avoidanceText, energyTargetsOf, type StoredProfile } from "../profile/profile.service";
import { findProfile } from "../profile/profile.repository";
import { refuseFutureDate } from "./log-dates";
import type { OpenFoodFacts } from "./open-food-facts";
import { foundMyFood, matchMyFoods, myFoodAmount, myFoodUuid } from "./my-foods";
import { listEatenOn } from "./meal-logs.repository";
import { findMyFoodRow, listMyFoodRows } from "./my-foods.repository";
import {
  completeDays,
  deleteFoodLog as deleteFoodLogRow,
  insertFoodLog,
  insertFoodLogs,
  listFoodLogOn,
  setDayComplete,
  type FoodLogRow,
} from "./diary.repository";

const round1 = (value: number) => Math.round(value * 10) / 10;

export function invalid(path: string, message: string): HttpError {
  return new HttpError(400, "validation_failed", message, [{ path, message }]);
}

/**
 * The caller's exclusion rules, read once per distinct text: every keystroke of a search asks again, and the
 * text changes only when the profile does.
 */
const RULES_BY_TEXT = new Map<string, ExclusionRules>();
const RULES_CACHE_SIZE = 500;
function rulesFor(text: string): ExclusionRules {
  const known = RULES_BY_TEXT.get(text);
  if (known !== undefined) return known;
  const rules = parseAvoidances(text, FOOD_CATALOGUE);
  if (RULES_BY_TEXT.size >= RULES_CACHE_SIZE) RULES_BY_TEXT.clear();
  RULES_BY_TEXT.set(text, rules);
  return rules;
}

/**
 * search_foods: the catalogue and the USDA generic foods, the caller's exclusions marked. The allergies and
 * dislikes come from the profile cache when get_user_data filled it (it is dropped on every profile write,
 * docs/decisions/036), else from the database: a search is asked at every keystroke.
 */
export async function searchFoods(
  db: Database,
  profiles: UserStateCache<StoredProfile>,
  userId: string,
  input: SearchFoodsRequest,
): Promise<{ foods: FoundFood[] }> {
  const [rules, mine] = await Promise.all([callerRules(db, profiles, userId), listMyFoodRows(db, userId)]);
  const limit = input.limit ?? FOOD_SEARCH_DEFAULT_LIMIT;
  // The person's own foods first (docs/decisions/068): they made them to find them.
  const own = matchMyFoods(mine, input.query).slice(0, limit).map(foundMyFood);
  const rest = limit - own.length;
  const others = rest === 0 ? [] : searchFoodIndex(input.query, rules, rest).map(foundFood);
  return { foods: [...own, ...others] };
}

async function callerRules(
  db: Database,
  profiles: UserStateCache<StoredProfile>,
  userId: string,
): Promise<ExclusionRules> {
  const profile = profiles.get(userId)?.response ?? (await findProfile(db, userId));
  return rulesFor(avoidanceText(profile?.user_allergies, profile?.user_avoid_food));
}

function foundFood({ food, origin, measure, excludedBecause }: FoodSearchHit): FoundFood {
  return {
    id: food.id,
    name: food.name,
    origin,
    per_100g: {
      energy_kcal: food.energyKcal,
      protein_g: food.proteinG,
      carbs_g: food.carbsG,
      fat_g: food.fatG,
      fibre_g: food.fibreG,
    },
    per_serving: null,
    measure:
      measure === undefined ? null : { unit: measure.unit, plural: measure.plural, grams: measure.grams },
    excluded_because: excludedBecause ?? null,
  };
}

function lookupOff(openFoodFacts: OpenFoodFacts | undefined): OpenFoodFacts {
  if (openFoodFacts === undefined)
    throw new HttpError(
      503,
      DIARY_ERROR_CODES.lookupUnavailable,
      "Barcode lookup is not available on this server.",
    );
  return openFoodFacts;
}

/** lookup_barcode: a product from Open Food Facts with the caller's exclusions marked, or why it was refused. */
export async function lookupBarcode(
  db: Database,
  profiles: UserStateCache<StoredProfile>,
  openFoodFacts: OpenFoodFacts | undefined,
  userId: string,
  code: string,
): Promise<LookupBarcodeResponse> {
  const found = await lookupOff(openFoodFacts).lookup(code);
  if (found.status === "not_found") return found;
  if (found.status === "refused")
    return {
      status: "refused",
      name: found.name,
      reason: found.reason,
      attribution: OPEN_FOOD_FACTS_ATTRIBUTION,
    };
  const food = looseFood(found.facts);
  const conflict = exclusionConflict(food, await callerRules(db, profiles, userId));
  return {
    status: "found",
    food: foundFood({
      food,
      origin: "open_food_facts",
      ...(found.measure === undefined ? {} : { measure: found.measure }),
      ...(conflict === undefined ? {} : { excludedBecause: conflict }),
    }),
    attribution: OPEN_FOOD_FACTS_ATTRIBUTION,
  };
}

export function entryOf(row: FoodLogRow): DiaryEntry {
  return {
    id: row.id,
    kind: row.food_id === null ? "quick_add" : "food",
    meal: MEAL_SLOTS.includes(row.meal as MealSlot) ? (row.meal as MealSlot) : "Snacks",
    name: row.name,
    food_id: row.food_id,
    grams: row.grams,
    servings: row.servings,
    energy_kcal: row.energy_kcal,
    protein_g: row.protein_g,
    carbs_g: row.carbs_g,
    fat_g: row.fat_g,
    instead_of_item_id: row.instead_of_item_id,
  };
}

/** A food to log by id: the catalogue's, a USDA generic food, or a product found by barcode (`off-<code>`). */
async function loggableFood(
  foodId: string,
  openFoodFacts: OpenFoodFacts | undefined,
): Promise<{ food: Food; measure?: HouseholdMeasure } | undefined> {
  const code = /^off-(\d{8,14})$/.exec(foodId)?.[1];
  if (code === undefined) return findLoggableFood(foodId);
  const found = await lookupOff(openFoodFacts).lookup(code);
  if (found.status !== "found") return undefined;
  return { food: looseFood(found.facts), ...(found.measure === undefined ? {} : { measure: found.measure }) };
}

/** Reads the caller's own food by its uuid (docs/decisions/068); undefined when it is not theirs. */
export type MyFoodReader = (uuid: string) => ReturnType<typeof findMyFoodRow>;

export const myFoodReader =
  (db: Database, userId: string): MyFoodReader =>
  (uuid) =>
    findMyFoodRow(db, userId, uuid);

/** The row a log_food request stands for: a food's figures scaled to the amount, or the custom figures. */
async function rowOf(
  input: LogFoodRequest,
  openFoodFacts: OpenFoodFacts | undefined,
  readMyFood: MyFoodReader | undefined,
): Promise<FoodLogRow> {
  const base = {
    id: randomUUID(),
    date: input.date,
    meal: input.meal,
    grams: input.grams ?? null,
    servings: input.servings ?? null,
    instead_of_item_id: input.instead_of_item_id ?? null,
  };
  if (input.custom !== undefined) {
    const { custom } = input;
    // With servings the typed figures are one serving's; with grams they are the whole entry's.
    const times = input.servings ?? 1;
    const scaled = (value: number | undefined) => (value === undefined ? null : round1(value * times));
    return {
      ...base,
      food_id: null,
      name: custom.name,
      energy_kcal: round1(custom.kcal * times),
      protein_g: scaled(custom.protein_g),
      carbs_g: scaled(custom.carbs_g),
      fat_g: scaled(custom.fat_g),
    };
  }
  const myUuid = input.food_id === undefined ? undefined : myFoodUuid(input.food_id);
  if (myUuid !== undefined) {
    const mine = readMyFood === undefined ? undefined : await readMyFood(myUuid);
    if (mine === undefined)
      throw new HttpError(404, DIARY_ERROR_CODES.unknownFood, "There is no food with this id.");
    const amount = myFoodAmount(mine, {
      ...(input.grams === undefined ? {} : { grams: input.grams }),
      ...(input.servings === undefined ? {} : { servings: input.servings }),
    });
    if (!amount.ok) throw invalid(amount.path, amount.message);
    return {
      ...base,
      food_id: input.food_id ?? null,
      name: mine.name,
      grams: amount.grams,
      servings: amount.servings,
      ...amount.figures,
    };
  }
  const found = input.food_id === undefined ? undefined : await loggableFood(input.food_id, openFoodFacts);
  if (found === undefined)
    throw new HttpError(404, DIARY_ERROR_CODES.unknownFood, "There is no food with this id.");
  let grams = input.grams;
  if (grams === undefined) {
    if (found.measure === undefined)
      throw invalid("servings", "This food has no household measure: give the grams instead.");
    grams = round1((input.servings ?? 1) * found.measure.grams);
  }
  const per = (value: number) => round1((value * grams) / 100);
  return {
    ...base,
    grams,
    food_id: found.food.id,
    name: found.food.name,
    energy_kcal: per(found.food.energyKcal),
    protein_g: per(found.food.proteinG),
    carbs_g: per(found.food.carbsG),
    fat_g: per(found.food.fatG),
  };
}

/**
 * The row a log_food request stands for, checked, before anything is written: a product found by barcode may
 * need Open Food Facts, and no transaction should wait on the network (the embedded database has one writer).
 */
export async function prepareFoodLog(
  input: LogFoodRequest,
  now: Date,
  openFoodFacts?: OpenFoodFacts,
  readMyFood?: MyFoodReader,
): Promise<FoodLogRow> {
  refuseFutureDate(input.date, now);
  const row = await rowOf(input, openFoodFacts, readMyFood);
  if (row.energy_kcal > ENTRY_KCAL_MAX)
    throw invalid("servings", `One entry holds at most ${ENTRY_KCAL_MAX.toLocaleString("en-US")} kcal.`);
  if (row.grams !== null && row.grams > 5000) throw invalid("servings", "One entry holds at most 5,000 g.");
  return row;
}

/** log_food's write: the prepared row into the caller's diary. */
export async function logFood(db: Database, userId: string, row: FoodLogRow): Promise<{ entry: DiaryEntry }> {
  await insertFoodLog(db, userId, row);
  return { entry: entryOf(row) };
}

export async function deleteFoodLog(
  db: Database,
  userId: string,
  date: string,
  entryId: string,
): Promise<{ deleted: true }> {
  if (!(await deleteFoodLogRow(db, userId, date, entryId)))
    throw new HttpError(404, DIARY_ERROR_CODES.notFound, "There is no such entry on that day.");
  return { deleted: true };
}

/** The meal of a ticked item: from the current plans, else from its id (`p1-lunch-…`, planner ids name the slot). */
function slotFromItemId(itemId: string): MealSlot {
  const named = /^[^-]+-(breakfast|lunch|snacks|dinner)-/.exec(itemId)?.[1];
  return MEAL_SLOTS.find((slot) => slot.toLowerCase() === named) ?? "Snacks";
}

function totalsOf(entries: readonly DiaryEntry[]): DiaryTotals {
  const sum = (pick: (entry: DiaryEntry) => number | null) =>
    round1(entries.reduce((total, entry) => total + (pick(entry) ?? 0), 0));
  return {
    energy_kcal: sum((entry) => entry.energy_kcal),
    protein_g: sum((entry) => entry.protein_g),
    carbs_g: sum((entry) => entry.carbs_g),
    fat_g: sum((entry) => entry.fat_g),
  };
}

type StoredPlans = Awaited<ReturnType<typeof listMealPlans>>;

/** One day's diary from its rows: the ticked items (in their plan slot) and the logged foods per meal. */
function diaryOfDay(
  date: string,
  ticked: Awaited<ReturnType<typeof listEatenOn>>,
  logged: readonly FoodLogRow[],
  plans: StoredPlans,
  targetKcal: number | undefined,
  isComplete: boolean,
): DiaryResponse {
  const planItems = new Map(plans.flatMap((plan) => plan.items).map((item) => [item.id, item]));
  const tickedEntries = ticked.map((row): DiaryEntry => {
    const item = planItems.get(row.item_id);
    // Macros scale with the grams eaten; an item no longer on a plan keeps its stored energy only.
    const scale = item !== undefined && item.grams > 0 ? row.grams / item.grams : undefined;
    const macro = (value: number | undefined) =>
      scale === undefined || value === undefined ? null : round1(value * scale);
    return {
      id: row.item_id,
      kind: "plan_item",
      meal: item?.slot ?? slotFromItemId(row.item_id),
      name: row.item_name,
      food_id: item?.foodId ?? null,
      grams: row.grams,
      servings: null,
      energy_kcal: row.energy_kcal,
      protein_g: macro(item?.proteinG),
      carbs_g: macro(item?.carbsG),
      fat_g: macro(item?.fatG),
      instead_of_item_id: null,
    };
  });
  const entries = [...tickedEntries, ...logged.map(entryOf)];
  const meals = MEAL_SLOTS.map((meal) => {
    const inMeal = entries.filter((entry) => entry.meal === meal);
    return { meal, entries: inMeal, totals: totalsOf(inMeal) };
  });
  const totals = totalsOf(entries);
  return {
    date,
    meals,
    totals,
    target_kcal: targetKcal === undefined ? null : Math.round(targetKcal),
    complete: isComplete,
    counted: countsForEstimate({ date, energyKcal: totals.energy_kcal, complete: isComplete }, targetKcal),
  };
}

/** get_diary: the day's ticked plan items and logged foods per meal, with totals against the target. */
export async function getDiary(
  db: Database,
  userId: string,
  date: string,
  now: Date,
): Promise<DiaryResponse> {
  refuseFutureDate(date, now);
  const [ticked, logged, plans, profile, complete] = await Promise.all([
    listEatenOn(db, userId, date),
    listFoodLogOn(db, userId, date),
    listMealPlans(db, userId),
    findProfile(db, userId),
    completeDays(db, userId, date, date),
  ]);
  const targetKcal = profile === undefined ? undefined : energyTargetsOf(profile)?.planningKcal;
  return diaryOfDay(date, ticked, logged, plans, targetKcal, complete.length > 0);
}

/**
 * get_diary_week: the seven days ending on `end_date`, each read as get_diary reads it (so the week and the day
 * agree), with the plans and the profile read once. Days after today are refused, as for the day.
 */
export async function getDiaryWeek(
  db: Database,
  userId: string,
  endDate: string,
  now: Date,
): Promise<{ days: DiaryWeekDay[] }> {
  refuseFutureDate(endDate, now, "end_date");
  const end = isoDayNumber(endDate);
  const dates = Array.from({ length: 7 }, (_, index) => isoDateOfDay(end - 6 + index));
  const [plans, profile, complete] = await Promise.all([
    listMealPlans(db, userId),
    findProfile(db, userId),
    completeDays(db, userId, dates[0] ?? endDate, endDate),
  ]);
  const targetKcal = profile === undefined ? undefined : energyTargetsOf(profile)?.planningKcal;
  const days = await Promise.all(
    dates.map(async (date) => {
      const [ticked, logged] = await Promise.all([
        listEatenOn(db, userId, date),
        listFoodLogOn(db, userId, date),
      ]);
      const day = diaryOfDay(date, ticked, logged, plans, targetKcal, complete.includes(date));
      return {
        date,
        energy_kcal: day.totals.energy_kcal,
        protein_g: day.totals.protein_g,
        target_kcal: day.target_kcal,
        complete: day.complete,
        counted: day.counted,
      };
    }),
  );
  return { days };
}

/**
 * Whether a copied entry keeps its food id: a food of the search, a product found by barcode, or an own food
 * (the copy stays in its owner's diary). Its figures are copied either way.
 */
export function keepsFoodId(foodId: string | null): foodId is string {
  if (foodId === null) return false;
  return (
    findLoggableFood(foodId) !== undefined ||
    /^off-\d{8,14}$/.test(foodId) ||
    myFoodUuid(foodId) !== undefined
  );
}

/** copy_diary_meal: one meal of a day, copied as logged foods into the same meal of another day. */
export async function copyDiaryMeal(
  db: Database,
  userId: string,
  input: CopyDiaryMealRequest,
  now: Date,
): Promise<{ copied: DiaryEntry[] }> {
  refuseFutureDate(input.from_date, now, "from_date");
  refuseFutureDate(input.to_date, now, "to_date");
  const source = await getDiary(db, userId, input.from_date, now);
  const rows = (source.meals.find((meal) => meal.meal === input.meal)?.entries ?? []).map(
    (entry): FoodLogRow => ({
      id: randomUUID(),
      date: input.to_date,
      meal: input.meal,
      // A ticked item becomes the catalogue food it was; one whose food is unknown keeps its figures as a custom entry.
      food_id: keepsFoodId(entry.food_id) ? entry.food_id : null,
      name: entry.name,
      grams: entry.grams === null ? null : Math.min(Math.max(entry.grams, 1), 5000),
      servings: entry.servings,
      energy_kcal: entry.energy_kcal,
      protein_g: entry.protein_g,
      carbs_g: entry.carbs_g,
      fat_g: entry.fat_g,
      instead_of_item_id: null,
    }),
  );
  await insertFoodLogs(db, userId, rows);
  return { copied: rows.map(entryOf) };
}

export async function setDiaryDayComplete(
  db: Database,
  userId: string,
  date: string,
  complete: boolean,
  now: Date,
): Promise<{ date: string; complete: boolean }> {
  refuseFutureDate(date, now);
  await setDayComplete(db, userId, date, complete);
  return { date, complete };
}
