import { describe, expect, it } from "vitest";
import type { ProfileResponse, SubscriptionResponse } from "@fitwise/contracts/profile";
import { ProfileResponseSchema } from "@fitwise/contracts/profile";
import { computeEnergyTargets } from "@fitwise/engine/nutrition/energy";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { isProSubscription } from "../subscriptions/subscription-status";

const NOW = new Date("2026-01-15T12:00:00Z");

describe("isProSubscription", () => {
  const row = (status_name: string | null, ends_at: Date | null = null) => ({
    user_id: "u",
    subscription_id: "s",
    status_name,
    manually_cancelled: "false",
    renew_date: null,
    ends_at,
    variant: null,
    updated_at: NOW,
    last_event_at: null,
  });

  it("grants Pro to active and trialling subscriptions", () => {
    expect(isProSubscription(row("active"), NOW)).toBe(true);
    expect(isProSubscription(row("on_trial"), NOW)).toBe(true);
  });

  it("keeps Pro for a cancelled subscription until ends_at, and not after", () => {
    expect(isProSubscription(row("cancelled", new Date("2026-01-16T00:00:00Z")), NOW)).toBe(true);
    expect(isProSubscription(row("cancelled", new Date("2026-01-15T11:59:59Z")), NOW)).toBe(false);
    expect(isProSubscription(row("cancelled"), NOW)).toBe(false);
  });

  it("gives the free tier to every other status and to no subscription", () => {
    for (const status of ["paused", "past_due", "unpaid", "expired", null]) {
      expect(isProSubscription(row(status, new Date("2030-01-01T00:00:00Z")), NOW)).toBe(false);
    }
    expect(isProSubscription(null, NOW)).toBe(false);
  });
});

describeWithDatabases("profile functions", ({ app, db, signUp }) => {
  it("refuses both functions without a valid token (401)", async () => {
    for (const name of ["write_user_data", "get_user_data"]) {
      expect((await callFunction(app(), name, { table: "my_users" })).statusCode).toBe(401);
      expect((await callFunction(app(), name, { table: "my_users" }, "not-a-jwt")).statusCode).toBe(401);
    }
  });

  it("answers 404 profile_not_found before the first write", async () => {
    const { accessToken } = await signUp();
    const response = await callFunction(app(), "get_user_data", { table: "my_users" }, accessToken);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("profile_not_found");
  });

  it("stores the profile, recomputing the calorie targets instead of trusting the client's", async () => {
    const { accessToken, userId, email } = await signUp();
    const written = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { ...PROFILE, write_table: "my_users", user_tdee: 9_999, user_goal_tdee: 1, user_device: "WEB" },
      accessToken,
    );
    const expected = computeEnergyTargets({
      weightKg: 68,
      heightCm: 168,
      ageYears: 34,
      gender: "female",
      activityFactor: 1.375,
      goal: "Lose Weight",
    });
    expect(written.user_tdee).toBe(expected.tdeeKcal);
    expect(written.user_goal_tdee).toBe(expected.goalTdeeKcal);

    const read = await callOk<ProfileResponse>(app(), "get_user_data", { table: "my_users" }, accessToken);
    expect(ProfileResponseSchema.strict().parse(read)).toEqual(read);
    expect(read).toMatchObject({
      user_id: userId,
      user_email: email,
      user_full_name: "Ada Lovelace",
      user_preferred_workout_days: ["Monday", "Wednesday", "Friday"],
      user_preferred_protein_sources: ["Poultry", "Eggs", "Dairy"],
      user_allergies: "sesame",
      user_tdee: expected.tdeeKcal,
      user_pro: 0,
      user_replaced: 0,
    });
  });

  it("updates only the fields sent, accepts numbers as text, and recomputes targets when the goal changes", async () => {
    const { accessToken } = await signUp();
    await callOk(app(), "write_user_data", PROFILE, accessToken);
    const updated = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { user_fitness_goal: "Gain Muscle Mass", user_weight_in_kgs: "70.5", user_allergies: null },
      accessToken,
    );
    const expected = computeEnergyTargets({
      weightKg: 70.5,
      heightCm: 168,
      ageYears: 34,
      gender: "female",
      activityFactor: 1.375,
      goal: "Gain Muscle Mass",
    });
    expect(updated).toMatchObject({
      user_weight_in_kgs: 70.5,
      user_fitness_goal: "Gain Muscle Mass",
      user_goal_tdee: expected.goalTdeeKcal,
      user_allergies: "sesame",
      user_food_preference: "Italian",
    });
  });

  it("keeps the client's targets only while the body data to compute them is missing", async () => {
    const { accessToken } = await signUp();
    const written = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { user_fitness_goal: "Lose Weight", user_tdee: 2100, user_goal_tdee: 1700 },
      accessToken,
    );
    expect(written).toMatchObject({ user_tdee: 2100, user_goal_tdee: 1700, user_full_name: "Test User" });
  });

  it("ignores user_id in the payload: the token decides whose profile is written", async () => {
    const victim = await signUp();
    const attacker = await signUp();
    await callOk(app(), "write_user_data", PROFILE, victim.accessToken);
    const written = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { user_id: victim.userId, user_email: victim.email, user_full_name: "Mallory", user_age: 40 },
      attacker.accessToken,
    );
    expect(written.user_id).toBe(attacker.userId);
    expect(written.user_email).toBe(attacker.email);
    const victimProfile = await callOk<ProfileResponse>(
      app(),
      "get_user_data",
      { table: "my_users" },
      victim.accessToken,
    );
    expect(victimProfile).toMatchObject({ user_full_name: "Ada Lovelace", user_age: 34 });
  });

  it("stores the declared home equipment (JSON text too), [] as body weight only, and the default until said", async () => {
    const { accessToken } = await signUp();
    const first = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { user_workout_type: "Home Workout" },
      accessToken,
    );
    expect(first.user_equipment).toEqual(["dumbbells", "resistance band"]);
    const declared = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { user_equipment: JSON.stringify(["bench", "kettlebell"]) },
      accessToken,
    );
    expect(declared.user_equipment).toEqual(["kettlebell", "bench"]);
    const none = await callOk<ProfileResponse>(app(), "write_user_data", { user_equipment: [] }, accessToken);
    expect(none.user_equipment).toEqual([]);
    const kept = await callOk<ProfileResponse>(app(), "write_user_data", { user_age: 40 }, accessToken);
    expect(kept.user_equipment).toEqual([]);
    for (const bad of [["barbell"], ["kettlebell", "kettlebell"], "rope"]) {
      const response = await callFunction(app(), "write_user_data", { user_equipment: bad }, accessToken);
      expect(response.statusCode).toBe(400);
    }
  });

  it("answers 400 with issues for invalid fields and stores nothing", async () => {
    const { accessToken } = await signUp();
    const response = await callFunction(
      app(),
      "write_user_data",
      {
        user_age: 9,
        user_gender: "robot",
        user_activity: 1.3,
        user_preferred_workout_days: ["Monday", "Tuesday"],
        user_food_preference: "Martian",
      },
      accessToken,
    );
    expect(response.statusCode).toBe(400);
    const paths = (errorOf(response).issues as Array<{ path: string }>).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "user_age",
        "user_gender",
        "user_activity",
        "user_preferred_workout_days",
        "user_food_preference",
      ]),
    );
    expect((await callFunction(app(), "get_user_data", { table: "my_users" }, accessToken)).statusCode).toBe(
      404,
    );

    expect((await callFunction(app(), "get_user_data", { table: "users" }, accessToken)).statusCode).toBe(
      400,
    );
    expect(
      (await callFunction(app(), "write_user_data", { write_table: "users" }, accessToken)).statusCode,
    ).toBe(400);
  });

  it("returns the caller's own subscription record, and 404 when there is none", async () => {
    const owner = await signUp();
    const other = await signUp();
    await makePro(db(), owner.userId, "active");
    const record = await callOk<SubscriptionResponse>(
      app(),
      "get_user_data",
      { table: "user_subscriptions" },
      owner.accessToken,
    );
    expect(record).toMatchObject({
      user_id: owner.userId,
      status_name: "active",
      manually_cancelled: "false",
    });
    const otherResponse = await callFunction(
      app(),
      "get_user_data",
      { table: "user_subscriptions" },
      other.accessToken,
    );
    expect(otherResponse.statusCode).toBe(404);
  });

  it("remembers once per account that /diet asked whether to continue to /workouts", async () => {
    const { accessToken } = await signUp();
    const first = await callOk<ProfileResponse>(app(), "write_user_data", PROFILE, accessToken);
    expect(first.has_visited_diet_screen).toBe(false);

    const marked = await callOk<ProfileResponse>(
      app(),
      "write_user_data",
      { has_visited_diet_screen: true },
      accessToken,
    );
    expect(marked.has_visited_diet_screen).toBe(true);
    const row = await db()
      .selectFrom("my_users")
      .select("diet_screen_visited_at")
      .where("user_id", "=", marked.user_id)
      .executeTakeFirstOrThrow();
    expect(row.diet_screen_visited_at).toBeInstanceOf(Date);

    // Another device reads it; a later write keeps the first moment; the flag cannot be cleared.
    await callOk(app(), "write_user_data", { has_visited_diet_screen: true, user_age: 35 }, accessToken);
    const read = await callOk<ProfileResponse>(app(), "get_user_data", { table: "my_users" }, accessToken);
    expect(read.has_visited_diet_screen).toBe(true);
    const again = await db()
      .selectFrom("my_users")
      .select("diet_screen_visited_at")
      .where("user_id", "=", marked.user_id)
      .executeTakeFirstOrThrow();
    expect(again.diet_screen_visited_at?.getTime()).toBe(row.diet_screen_visited_at?.getTime());
    const cleared = await callFunction(
      app(),
      "write_user_data",
      { has_visited_diet_screen: false },
      accessToken,
    );
    expect(cleared.statusCode).toBe(400);
  });
});

// Subscriptions are written straight to the database here, as the provider's webhook on another
// instance would; with the profile cache such a change shows within its TTL (profile.cache.test.ts).
describeWithDatabases(
  "profile functions without the profile cache",
  ({ app, db, signUp }) => {
    it("reports Pro from the subscription record, not from anything the client sends", async () => {
      const { accessToken, userId } = await signUp();
      await callOk(app(), "write_user_data", { ...PROFILE, user_pro: 1 }, accessToken);
      const read = () => callOk<ProfileResponse>(app(), "get_user_data", { table: "my_users" }, accessToken);
      expect((await read()).user_pro).toBe(0);

      await makePro(db(), userId, "on_trial");
      expect((await read()).user_pro).toBe(1);
      await makePro(db(), userId, "cancelled", new Date(Date.now() + 86_400_000));
      expect((await read()).user_pro).toBe(1);
      await makePro(db(), userId, "cancelled", new Date(Date.now() - 1000));
      expect((await read()).user_pro).toBe(0);
      await makePro(db(), userId, "expired");
      expect((await read()).user_pro).toBe(0);
    });
  },
  { config: { profileCacheTtlMs: 0 } },
);
