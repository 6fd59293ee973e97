import type { Insertable } from "kysely";
import type { Database } from "../../db/database";
import type { MyUser, MyUsersTable } from "../../db/schema";

export type ProfileValues = Omit<Insertable<MyUsersTable>, "user_id" | "created_at">;

export async function findProfile(db: Database, userId: string): Promise<MyUser | undefined> {
  return db.selectFrom("my_users").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Inserts the profile or updates exactly the columns in `values`, leaving the others as they are. */
export async function upsertProfile(db: Database, userId: string, values: ProfileValues): Promise<MyUser> {
  const changes = { ...values, updated_at: new Date() };
  return db
    .insertInto("my_users")
    .values({ user_id: userId, ...changes })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The full name given at sign-up (GoTrue user_metadata), used when a profile is first created. */
export async function findSignUpName(db: Database, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select("raw_user_meta_data")
    .where("id", "=", userId)
    .executeTakeFirst();
  const metadata = row?.raw_user_meta_data ?? {};
  const name = metadata.full_name ?? metadata.user_full_name;
  return typeof name === "string" && name.trim() !== "" ? name.trim() : undefined;
}
