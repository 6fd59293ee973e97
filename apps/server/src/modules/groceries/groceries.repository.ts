import type { Database } from "../../db/database";

/** The caller's ticked shopping-list lines (migration 016), by name. */
export async function listTicks(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("grocery_ticks")
    .select("line_name")
    .where("user_id", "=", userId)
    .orderBy("line_name")
    .execute();
  return rows.map((row) => row.line_name);
}

export async function setTick(
  db: Database,
  userId: string,
  lineName: string,
  ticked: boolean,
): Promise<void> {
  if (ticked)
    await db
      .insertInto("grocery_ticks")
      .values({ user_id: userId, line_name: lineName })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  else
    await db
      .deleteFrom("grocery_ticks")
      .where("user_id", "=", userId)
      .where("line_name", "=", lineName)
      .execute();
}
