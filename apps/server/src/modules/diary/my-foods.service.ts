import { randomUUID } from "node:crypto";
import { DIARY_ERROR_CODES, type DiaryEntry, type LogFoodRequest } from "@fitwise/contracts/diary";
import {
  MEAL_GROUP_ITEMS_MAX,
  MEAL_GROUPS_MAX,
  MealGroupItemListSchema,
  MY_FOODS_MAX,
  type ListMyFoodsResponse,
  type LogMealGroupRequest,
  type MealGroup,
  type MealGroupItem,
  type MyFood,
  type SaveMealGroupRequest,
  type SaveMyFoodRequest,
} from "@fitwise/contracts/my-foods";
import type { Database } from "../../db/database";
import { parseStored } from "../../db/stored-data";
import { HttpError } from "../../http/errors";
import { insertFoodLogs, type FoodLogRow } from "./diary.repository";
import { refuseFutureDate } from "./log-dates";
import { entryOf, getDiary, invalid, keepsFoodId, myFoodReader, prepareFoodLog } from "./diary.service";
import { myFoodOf, myFoodUuid } from "./my-foods";
import {
  countRows,
  deleteRow,
  findMealGroupRow,
  insertMealGroup,
  insertMyFood,
  listMealGroupRows,
  listMyFoodRows,
  updateMealGroup,
  updateMyFood,
  type MealGroupRow,
  type MyFoodRow,
} from "./my-foods.repository";
import type { OpenFoodFacts } from "./open-food-facts";

/** My foods and saved meals (docs/decisions/068). Every read and write is scoped to the caller. */

const round1 = (value: number) => Math.round(value * 10) / 10;

function notFound(what: string): HttpError {
  return new HttpError(404, DIARY_ERROR_CODES.notFound, `You have no such ${what}.`);
}

function limitReached(message: string): HttpError {
  return new HttpError(409, DIARY_ERROR_CODES.limitReached, message);
}

export async function listMyFoods(db: Database, userId: string): Promise<ListMyFoodsResponse> {
  return { foods: (await listMyFoodRows(db, userId)).map(myFoodOf), limit: MY_FOODS_MAX };
}

/** save_my_food: a new own food (within the limit), or a change to one of the caller's. */
export async function saveMyFood(
  db: Database,
  userId: string,
  input: SaveMyFoodRequest,
): Promise<{ food: MyFood }> {
  const uuid = input.id === undefined ? undefined : myFoodUuid(input.id);
  if (input.id !== undefined && uuid === undefined) throw notFound("food");
  const row: MyFoodRow = {
    id: uuid ?? randomUUID(),
    name: input.name,
    basis: input.basis,
    energy_kcal: input.kcal,
    protein_g: input.protein_g ?? null,
    carbs_g: input.carbs_g ?? null,
    fat_g: input.fat_g ?? null,
    measure_unit: input.measure?.unit ?? null,
    measure_grams: input.measure?.grams ?? null,
  };
  if (uuid !== undefined) {
    if (!(await updateMyFood(db, userId, row))) throw notFound("food");
    return { food: myFoodOf(row) };
  }
  // Counted and written in one transaction; the embedded database has one writer, and on PostgreSQL two
  // racing saves can pass the count together, leaving one food over the limit: a bound, not an invariant.
  await db.transaction().execute(async (trx) => {
    if ((await countRows(trx, "my_foods", userId)) >= MY_FOODS_MAX)
      throw limitReached(`You can keep up to ${MY_FOODS_MAX} foods of your own: delete one first.`);
    await insertMyFood(trx, userId, row);
  });
  return { food: myFoodOf(row) };
}

export async function deleteMyFood(db: Database, userId: string, foodId: string): Promise<{ deleted: true }> {
  const uuid = myFoodUuid(foodId);
  if (uuid === undefined || !(await deleteRow(db, "my_foods", userId, uuid))) throw notFound("food");
  return { deleted: true };
}

function groupOf(row: MealGroupRow, userId: string): MealGroup {
  const items = parseStored(MealGroupItemListSchema, row.items, {
    table: "meal_groups",
    column: "items",
    row: `${userId} ${row.id}`,
  });
  return {
    id: row.id,
    name: row.name,
    items,
    energy_kcal: round1(items.reduce((total, item) => total + item.energy_kcal, 0)),
    protein_g: round1(items.reduce((total, item) => total + (item.protein_g ?? 0), 0)),
  };
}

export async function listMealGroups(
  db: Database,
  userId: string,
): Promise<{ groups: MealGroup[]; limit: number }> {
  const rows = await listMealGroupRows(db, userId);
  return { groups: rows.map((row) => groupOf(row, userId)), limit: MEAL_GROUPS_MAX };
}

const itemOf = (row: Pick<FoodLogRow, keyof MealGroupItem>): MealGroupItem => ({
  food_id: row.food_id,
  name: row.name,
  grams: row.grams,
  servings: row.servings,
  energy_kcal: row.energy_kcal,
  protein_g: row.protein_g,
  carbs_g: row.carbs_g,
  fat_g: row.fat_g,
});

/**
 * The items a save_meal_group request stands for, with their figures, read before any transaction opens: a
 * product found by barcode may need Open Food Facts (as log_food, docs/decisions/052). Each item is checked as
 * log_food checks it, so a saved meal can hold nothing log_food would refuse; another user's food is unknown.
 */
export async function prepareMealGroupItems(
  db: Database,
  userId: string,
  input: SaveMealGroupRequest,
  now: Date,
  openFoodFacts: OpenFoodFacts | undefined,
): Promise<MealGroupItem[]> {
  if (input.from !== undefined) {
    const diary = await getDiary(db, userId, input.from.date, now);
    const entries = diary.meals.find((meal) => meal.meal === input.from?.meal)?.entries ?? [];
    if (entries.length === 0)
      throw invalid("from.meal", `Nothing is logged for ${input.from.meal} that day.`);
    if (entries.length > MEAL_GROUP_ITEMS_MAX)
      throw invalid("from.meal", `A saved meal holds at most ${MEAL_GROUP_ITEMS_MAX} foods.`);
    return entries.map((entry) =>
      itemOf({
        ...entry,
        // A ticked plan item is saved as the catalogue food it was; an unknown food keeps its figures only.
        food_id: keepsFoodId(entry.food_id) ? entry.food_id : null,
        grams: entry.grams === null ? null : Math.min(Math.max(entry.grams, 1), 5000),
      }),
    );
  }
  const readMyFood = myFoodReader(db, userId);
  const items: MealGroupItem[] = [];
  for (const [index, item] of (input.items ?? []).entries()) {
    const request: LogFoodRequest = { date: "2000-01-01", meal: "Snacks", ...item };
    try {
      items.push(itemOf(await prepareFoodLog(request, now, openFoodFacts, readMyFood)));
    } catch (error) {
      // The item's own problem, named by its place in the list.
      if (error instanceof HttpError && error.statusCode === 400)
        throw invalid(`items.${index}.${error.issues?.[0]?.path ?? "food_id"}`, error.message);
      throw error;
    }
  }
  return items;
}

/** save_meal_group's write: a new saved meal (within the limit), or the caller's saved meal replaced. */
export async function saveMealGroup(
  db: Database,
  userId: string,
  input: SaveMealGroupRequest,
  items: MealGroupItem[],
): Promise<{ group: MealGroup }> {
  const row = { id: input.id ?? randomUUID(), name: input.name, items: JSON.stringify(items) };
  if (input.id !== undefined) {
    if (!(await updateMealGroup(db, userId, row))) throw notFound("saved meal");
  } else {
    await db.transaction().execute(async (trx) => {
      if ((await countRows(trx, "meal_groups", userId)) >= MEAL_GROUPS_MAX)
        throw limitReached(`You can keep up to ${MEAL_GROUPS_MAX} saved meals: delete one first.`);
      await insertMealGroup(trx, userId, row);
    });
  }
  return { group: groupOf({ ...row, items }, userId) };
}

export async function deleteMealGroup(db: Database, userId: string, id: string): Promise<{ deleted: true }> {
  if (!(await deleteRow(db, "meal_groups", userId, id))) throw notFound("saved meal");
  return { deleted: true };
}

/**
 * log_meal_group: every item of the caller's saved meal into a meal of a day, with the figures it was saved
 * with (nothing is looked up, so it works as well for a product whose barcode lookup is down).
 */
export async function logMealGroup(
  db: Database,
  userId: string,
  input: LogMealGroupRequest,
  now: Date,
): Promise<{ logged: DiaryEntry[] }> {
  refuseFutureDate(input.date, now);
  const row = await findMealGroupRow(db, userId, input.group_id);
  if (row === undefined) throw notFound("saved meal");
  const rows = groupOf(row, userId).items.map((item): FoodLogRow => ({
    ...item,
    id: randomUUID(),
    date: input.date,
    meal: input.meal,
    instead_of_item_id: null,
  }));
  await insertFoodLogs(db, userId, rows);
  return { logged: rows.map(entryOf) };
}
