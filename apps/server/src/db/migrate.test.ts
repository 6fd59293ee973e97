import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { describeWithDatabases } from "../test/test-app";
import { migrate, readMigrations } from "./migrate";

describe("readMigrations", () => {
  it("finds the numbered SQL files in order", () => {
    const versions = readMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe("001");
    expect([...versions].sort()).toEqual(versions);
  });
});

describeWithDatabases("migrations", ({ db, signUp }) => {
  it("records every migration once, and a second run applies nothing", async () => {
    const recorded = await db().selectFrom("schema_migrations").select("version").execute();
    expect(recorded.map((row) => row.version)).toEqual(
      readMigrations().map((migration) => migration.version),
    );
    expect(await migrate(db())).toEqual([]);
    expect(await db().selectFrom("schema_migrations").select("version").execute()).toEqual(recorded);
  });

  it("creates the auth tables and my_users", async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = current_schema()`.execute(db());
    const tables = rows.map((row) => row.table_name);
    for (const table of [
      "users",
      "identities",
      "sessions",
      "refresh_tokens",
      "one_time_tokens",
      "mfa_factors",
      "mfa_challenges",
      "my_users",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("keeps emails unique and lower-cased", async () => {
    await expect(
      db().insertInto("users").values({ email: "Mixed@Example.com", encrypted_password: null }).execute(),
    ).rejects.toThrow();
    await db()
      .insertInto("users")
      .values({ email: "unique@example.com", encrypted_password: null })
      .execute();
    await expect(
      db().insertInto("users").values({ email: "unique@example.com", encrypted_password: null }).execute(),
    ).rejects.toThrow();
  });

  it("stores profile lists as jsonb arrays and deletes the profile with its user", async () => {
    const { userId } = await signUp();
    await db()
      .insertInto("my_users")
      .values({
        user_id: userId,
        user_email: "p@example.com",
        user_full_name: "P",
        user_age: 30,
        user_gender: "female",
        user_weight_in_kgs: 61.5,
        user_height_in_cm: 168,
        user_activity: 1.55,
        user_tdee: 2100,
        user_goal_tdee: 1700,
        user_fitness_goal: "Lose Weight",
        user_preferred_workout_days: JSON.stringify(["Monday", "Wednesday", "Friday"]),
        user_workout_type: "Home Workout",
        user_experience_level: "Beginner",
        user_diet_preference: "vegetarian",
        user_food_preference: "Indian",
        user_preferred_protein_sources: JSON.stringify(["Eggs", "Tofu"]),
        user_fav_food: "dal",
        user_allergies: "peanut",
        user_avoid_food: null,
        source: null,
        user_device: "WEB",
      })
      .execute();
    const profile = await db()
      .selectFrom("my_users")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(profile.user_preferred_workout_days).toEqual(["Monday", "Wednesday", "Friday"]);
    expect(profile.user_preferred_protein_sources).toEqual(["Eggs", "Tofu"]);
    expect(profile.user_weight_in_kgs).toBe(61.5);
    expect(profile.user_age).toBe(30);

    await db().deleteFrom("users").where("id", "=", userId).execute();
    expect(
      await db().selectFrom("my_users").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
