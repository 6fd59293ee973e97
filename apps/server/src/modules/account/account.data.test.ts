import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../db/database";
import { describeWithDatabases, TEST_PASSWORD, type SignedUp } from "../../test/test-app";
import { callOk, makePro, planFirstDay } from "../../test/plan-journey.fixture";
import { bearer } from "../auth/auth.fixture";
import { enrolTotp } from "./account.fixture";

/** Rows in every table of the app, so the export and the deletion have something to find. */
async function seedEverything(db: Database, user: SignedUp) {
  const dietId = randomUUID();
  const workoutId = randomUUID();
  await db
    .insertInto("my_users")
    .values({
      user_id: user.userId,
      user_email: user.email,
      user_full_name: "Test User",
      user_age: 30,
      user_allergies: "peanuts",
    })
    .execute();
  await db
    .insertInto("meal_plans")
    .values({ user_id: user.userId, day_index: 1, items: "[]", seed: 1, inputs_hash: "h", target_kcal: 2000 })
    .execute();
  await db
    .insertInto("workout_plans")
    .values({ user_id: user.userId, items: "[]", split: "full", seed: 1, inputs_hash: "h" })
    .execute();
  await db
    .insertInto("saved_diets")
    .values({
      diet_id: dietId,
      user_id: user.userId,
      diet_one: "[]",
      user_allergies: "peanuts",
      plan_number: 1,
    })
    .execute();
  await db
    .insertInto("saved_workouts")
    .values({ workout_id: workoutId, user_id: user.userId, workout_plan: "[]", plan_number: 1 })
    .execute();
  await db.insertInto("usage_counters").values({ user_id: user.userId, free_replacements: 2 }).execute();
  await db
    .insertInto("user_subscriptions")
    .values({ user_id: user.userId, subscription_id: `sub-${user.userId}`, status_name: "active" })
    .execute();
  await db
    .insertInto("payment_subscriptions")
    .values({ user_id: user.userId, subscription_id: `sub-${user.userId}`, provider: "test" })
    .execute();
  await db
    .insertInto("payment_checkouts")
    .values({
      checkout_id: randomUUID(),
      user_id: user.userId,
      email: user.email,
      plan: "monthly",
      expires_at: new Date(),
    })
    .execute();
  await db
    .insertInto("subscription_cancellations")
    .values({ user_id: user.userId, subscription_id: `sub-${user.userId}`, reason: "Too expensive" })
    .execute();
  await db
    .insertInto("webhook_events")
    .values({
      event_id: randomUUID(),
      event_name: "subscription_created",
      payload_sha256: "x",
      subscription_id: `sub-${user.userId}`,
      user_id: user.userId,
      outcome: "applied",
    })
    .execute();
  await db
    .insertInto("chat_messages")
    .values({ user_id: user.userId, sender: "user", content: "Hi Alex, I hate squats" })
    .execute();
  await db
    .insertInto("analytics_events")
    .values({ user_id: user.userId, name: "chat_message", properties: "{}" })
    .execute();
  return { dietId, workoutId };
}

/** Every row of every table whose text mentions the value (row-to-text cast works in PostgreSQL and PGlite). */
async function rowsMentioning(db: Database, value: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const found: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)} as t where t::text ilike ${`%${value}%`}`.execute(
      db,
    );
    if ((result.rows[0]?.count ?? 0) > 0) found.push(table);
  }
  return found;
}

describeWithDatabases("download my data and delete my account (docs/decisions/009)", (ctx) => {
  it("exports everything stored about the user, and no secrets", async () => {
    const user = await ctx.signUp();
    const { dietId } = await seedEverything(ctx.db(), user);
    const { session } = await enrolTotp(ctx.app(), user.accessToken);
    const response = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/export_my_data",
      headers: bearer(session.access_token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="fitwise-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      account: {
        id: user.userId,
        email: user.email,
        identities: [expect.objectContaining({ provider: "email" })],
      },
      profile: { user_allergies: "peanuts" },
      saved_diets: [expect.objectContaining({ diet_id: dietId })],
      saved_workouts: [expect.any(Object)],
      meal_plans: [expect.any(Object)],
      workout_plans: [expect.any(Object)],
      chat_messages: [expect.objectContaining({ content: "Hi Alex, I hate squats" })],
      subscription: { status_name: "active" },
      usage_counters: { free_replacements: 2 },
    });
    const text = JSON.stringify(data);
    const secrets = await ctx
      .db()
      .selectFrom("users")
      .select("encrypted_password")
      .where("id", "=", user.userId)
      .executeTakeFirstOrThrow();
    const factor = await ctx
      .db()
      .selectFrom("mfa_factors")
      .select("secret")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    const refresh = await ctx
      .db()
      .selectFrom("refresh_tokens")
      .select("token_hash")
      .where("user_id", "=", user.userId)
      .execute();
    expect(text).not.toContain(secrets.encrypted_password ?? "argon2");
    expect(text).not.toContain(factor.secret ?? "no-secret");
    for (const row of refresh) expect(text).not.toContain(row.token_hash);
    expect(text).not.toContain("encrypted_password");
  });

  it("exports a free user's current plans as the free tier shows them, saying how much was withheld", async () => {
    const user = await ctx.signUp();
    await planFirstDay(ctx.app(), user.accessToken);
    type Exported = {
      items: { slot?: string; day?: string; kind?: string }[];
      items_withheld_for_pro: number;
    };
    const free = await callOk<{ meal_plans: Exported[]; workout_plans: Exported[] }>(
      ctx.app(),
      "export_my_data",
      {},
      user.accessToken,
    );
    const meals = free.meal_plans[0];
    expect(new Set(meals?.items.map((item) => item.slot))).toEqual(new Set(["Breakfast"]));
    expect(meals?.items_withheld_for_pro).toBeGreaterThan(0);
    const exercises = free.workout_plans[0]?.items.filter((item) => item.kind === "exercise") ?? [];
    expect(new Set(exercises.map((item) => item.day)).size).toBe(1);
    expect(free.workout_plans[0]?.items_withheld_for_pro).toBeGreaterThan(0);

    await makePro(ctx.db(), user.userId);
    const pro = await callOk<{ meal_plans: Exported[] }>(ctx.app(), "export_my_data", {}, user.accessToken);
    expect(pro.meal_plans[0]?.items.length).toBe(
      (meals?.items.length ?? 0) + (meals?.items_withheld_for_pro ?? 0),
    );
    expect(pro.meal_plans[0]).not.toHaveProperty("items_withheld_for_pro");
  });

  it("needs a bearer token", async () => {
    for (const name of ["export_my_data", "delete_my_account"]) {
      const response = await ctx.app().inject({ method: "POST", url: `/functions/v1/${name}`, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it("asks for the right password before deleting", async () => {
    const user = await ctx.signUp();
    const missing = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/delete_my_account",
      headers: bearer(user.accessToken),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const wrong = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/delete_my_account",
      headers: bearer(user.accessToken),
      payload: { password: "not my password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: "invalid_credentials" } });
    const still = await ctx
      .db()
      .selectFrom("users")
      .select("id")
      .where("id", "=", user.userId)
      .executeTakeFirst();
    expect(still).toBeDefined();
  });

  it("deletes every trace of the user, ends the sessions and kills the public links", async () => {
    const user = await ctx.signUp();
    const other = await ctx.signUp();
    await seedEverything(ctx.db(), other);
    const { dietId, workoutId } = await seedEverything(ctx.db(), user);
    const { session } = await enrolTotp(ctx.app(), user.accessToken);
    await ctx.app().inject({ method: "POST", url: "/auth/v1/recover", payload: { email: user.email } });
    const publicBefore = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/get_saved_data",
      payload: { table: "saved_diets", diet_id: dietId },
    });
    expect(publicBefore.statusCode).toBe(200);

    const response = await ctx.app().inject({
      method: "POST",
      url: "/functions/v1/delete_my_account",
      headers: bearer(session.access_token),
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });

    expect(await rowsMentioning(ctx.db(), user.userId)).toEqual([]);
    expect(await rowsMentioning(ctx.db(), user.email)).toEqual([]);
    // Nothing of the other user went with it.
    expect(await rowsMentioning(ctx.db(), other.userId)).toEqual(
      expect.arrayContaining(["users", "my_users", "saved_diets", "chat_messages"]),
    );
    const events = await ctx
      .db()
      .selectFrom("analytics_events")
      .select("user_id")
      .where("user_id", "is", null)
      .execute();
    expect(events.length).toBeGreaterThan(0);

    for (const [table, key, id] of [
      ["saved_diets", "diet_id", dietId],
      ["saved_workouts", "workout_id", workoutId],
    ] as const) {
      const gone = await ctx
        .app()
        .inject({ method: "POST", url: "/functions/v1/get_saved_data", payload: { table, [key]: id } });
      expect(gone.statusCode).toBe(404);
    }
    const user401 = await ctx
      .app()
      .inject({ method: "GET", url: "/auth/v1/user", headers: bearer(session.access_token) });
    expect(user401.statusCode).toBe(401);
    const refresh = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=refresh_token",
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
    const signIn = await ctx.app().inject({
      method: "POST",
      url: "/auth/v1/token?grant_type=password",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.json()).toMatchObject({ error_code: "invalid_credentials" });
  });

  it("has every user reference in migrations 001-005 cascade or set null on user deletion", async () => {
    const columns = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = current_schema() and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'`.execute(
      ctx.db(),
    );
    const references = await sql<{ table_name: string; delete_rule: string }>`
      select tc.table_name, rc.delete_rule
      from information_schema.table_constraints tc
      join information_schema.referential_constraints rc on rc.constraint_name = tc.constraint_name and rc.constraint_schema = tc.constraint_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name = 'users'`.execute(
      ctx.db(),
    );
    const rules = new Map(references.rows.map((row) => [row.table_name, row.delete_rule]));
    expect(columns.rows.length).toBeGreaterThanOrEqual(15);
    for (const { table_name: table } of columns.rows) {
      expect([table, rules.get(table)]).toEqual([table, expect.stringMatching(/^(CASCADE|SET NULL)$/)]);
    }
  });
});
