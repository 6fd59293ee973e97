import type { Insertable } from "kysely";
import { JOINTS } from "@fitwise/engine/workouts/joint-load";
import { z } from "zod";
import {
  CuisineSchema,
  DietTypeSchema,
  ExperienceLevelSchema,
  FitnessGoalSchema,
  GenderSchema,
  HomeEquipmentSchema,
  ProteinSourceSchema,
  WeekdaySchema,
  WorkoutTypeSchema,
} from "@fitwise/contracts/profile";
import type { Database } from "../../db/database";
import type { MyUser, MyUsersTable } from "../../db/schema";
import { parseStored } from "../../db/stored-data";

export type ProfileValues = Omit<Insertable<MyUsersTable>, "user_id" | "created_at">;

/** The columns schema.ts types with the domain unions, as the contracts define them. */
const DomainColumnsSchema = z.object({
  user_gender: GenderSchema.nullable(),
  user_fitness_goal: FitnessGoalSchema.nullable(),
  user_adaptive_fitness_goal: FitnessGoalSchema.nullable(),
  user_workout_type: WorkoutTypeSchema.nullable(),
  user_experience_level: ExperienceLevelSchema.nullable(),
  user_diet_preference: DietTypeSchema.nullable(),
  user_food_preference: CuisineSchema.nullable(),
  user_preferred_workout_days: z.array(WeekdaySchema),
  user_preferred_protein_sources: z.array(ProteinSourceSchema),
  user_equipment: z.array(HomeEquipmentSchema).nullable(),
  user_injuries: z.array(z.enum(JOINTS)),
});

/** Writes are typed with the unions; the read check catches what reached the table another way. */
function checkedProfile(row: MyUser): MyUser {
  return {
    ...row,
    ...parseStored(DomainColumnsSchema, row, { table: "my_users", column: "*", row: row.user_id }),
  };
}

export async function findProfile(db: Database, userId: string): Promise<MyUser | undefined> {
  const row = await db.selectFrom("my_users").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row && checkedProfile(row);
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

/**
 * Free replacements used so far: the profile answer shows the count; plans.repository takeFreeReplacement
 * counts one up.
 */
export async function readFreeReplacements(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("usage_counters")
    .select("free_replacements")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.free_replacements ?? 0;
}
