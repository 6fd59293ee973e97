import type { Selectable } from "kysely";
import type { Database } from "../../db/database";
import type { MyFoodsTable } from "../../db/schema";

/** Migration 021's own foods and saved meals (docs/decisions/068); every query is scoped to its user. */

export type MyFoodRow = Omit<Selectable<MyFoodsTable>, "user_id" | "created_at" | "updated_at">;

export const MY_FOOD_COLUMNS = [
  "id",
  "name",
  "basis",
  "energy_kcal",
  "protein_g",
  "carbs_g",
  "fat_g",
  "measure_unit",
  "measure_grams",
] as const;

export async function listMyFoodRows(db: Database, userId: string): Promise<MyFoodRow[]> {
  return db
    .selectFrom("my_foods")
    .select(MY_FOOD_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findMyFoodRow(
  db: Database,
  userId: string,
  id: string,
): Promise<MyFoodRow | undefined> {
  return db
    .selectFrom("my_foods")
    .select(MY_FOOD_COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countRows(db: Database, table: "my_foods" | "meal_groups", userId: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertMyFood(db: Database, userId: string, row: MyFoodRow): Promise<void> {
  await db
    .insertInto("my_foods")
    .values({ ...row, user_id: userId })
    .execute();
}

/** False when the caller has no such food (another user's food is not theirs to change). */
export async function updateMyFood(db: Database, userId: string, row: MyFoodRow): Promise<boolean> {
  const { id, ...values } = row;
  const result = await db
    .updateTable("my_foods")
    .set({ ...values, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRow(
  db: Database,
  table: "my_foods" | "meal_groups",
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface MealGroupRow {
  id: string;
  name: string;
  items: unknown;
}

export async function listMealGroupRows(db: Database, userId: string): Promise<MealGroupRow[]> {
  return db
    .selectFrom("meal_groups")
    .select(["id", "name", "items"])
    .where("user_id", "=", userId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findMealGroupRow(
  db: Database,
  userId: string,
  id: string,
): Promise<MealGroupRow | undefined> {
  return db
    .selectFrom("meal_groups")
    .select(["id", "name", "items"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertMealGroup(
  db: Database,
  userId: string,
  row: { id: string; name: string; items: string },
): Promise<void> {
  await db
    .insertInto("meal_groups")
    .values({ ...row, user_id: userId })
    .execute();
}

export async function updateMealGroup(
  db: Database,
  userId: string,
  row: { id: string; name: string; items: string },
): Promise<boolean> {
  const result = await db
    .updateTable("meal_groups")
    .set({ name: row.name, items: row.items, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", row.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
