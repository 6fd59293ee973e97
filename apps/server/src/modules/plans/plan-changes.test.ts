import { sql } from "kysely";
import { expect, it } from "vitest";
import { ChatTrainerResponseSchema, UndoPlanChangeResponseSchema } from "@fitwise/contracts/chat";
import {
  PLAN_CHANGE_HEADER,
  PlanChangeSchema,
  ReplaceDietItemResponseSchema,
  ReplaceWorkoutItemResponseSchema,
  type MealItemWire,
  type WorkoutItemWire,
} from "@fitwise/contracts/plans";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import { KEPT_PLAN_CHANGES, recordPlanChange } from "./plan-changes";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { readFreeReplacements } from "../profile/profile.repository";

describeWithDatabases("undo_plan_change", ({ app, db, signUp }) => {
  async function planned(pro = true) {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    if (pro) await makePro(db(), user.userId);
    await callOk(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
    await callOk(app(), "openai_get_workout_plan", {}, user.accessToken);
    return user;
  }
  const say = async (user: SignedUp, message: string) => {
    const response = await callFunction(
      app(),
      "openai_chat_trainer",
      { user_message: message, conversation_history: [] },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ChatTrainerResponseSchema.parse(response.json());
  };
  const undo = (user: SignedUp, changeId: string) =>
    callFunction(app(), "undo_plan_change", { change_id: changeId }, user.accessToken);
  const day1 = (user: SignedUp) =>
    callOk<MealItemWire[]>(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
  const week = (user: SignedUp) =>
    callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", {}, user.accessToken);

  it("shows a chat swap as before → after and puts the exact previous plan back, once", async () => {
    const user = await planned();
    const before = await day1(user);
    const target = before.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${target.Item}`);
    // A prefix, not a pattern: item names hold brackets ("Pane e pomodoro (bread with tomato and olive oil)").
    expect(reply.change?.lines).toEqual([expect.stringContaining(`Day 1 Breakfast: ${target.Item} (`)]);
    expect(reply.change?.lines?.[0]?.startsWith(`Day 1 Breakfast: ${target.Item}`)).toBe(true);

    const response = await undo(user, reply.change?.change_id ?? "");
    expect(response.statusCode, response.body).toBe(200);
    const undone = UndoPlanChangeResponseSchema.parse(response.json());
    expect(undone.active_day).toBe(1);
    expect(await day1(user)).toEqual(before);

    const again = await undo(user, reply.change?.change_id ?? "");
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("plan_changed");
  });

  it("restores a rebuilt week and the profile columns the change set", async () => {
    const user = await planned();
    const before = await week(user);
    const reply = await say(user, "I want to build muscle now");
    expect(reply.change?.lines.length).toBeGreaterThan(0);
    const response = await undo(user, reply.change?.change_id ?? "");
    expect(response.statusCode, response.body).toBe(200);
    expect(UndoPlanChangeResponseSchema.parse(response.json()).updated_plan?.workout_plan).toEqual(before);
    expect(await week(user)).toEqual(before);
    const profile = await db()
      .selectFrom("my_users")
      .select("user_fitness_goal")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(profile.user_fitness_goal).toBe(PROFILE.user_fitness_goal);
  });

  it("refuses, and changes nothing, when the plan changed again since", async () => {
    const user = await planned();
    const first = await say(user, "swap my breakfast");
    const second = await say(user, "swap my breakfast");
    const current = await day1(user);
    const response = await undo(user, first.change?.change_id ?? "");
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toContain("changed since");
    expect(await day1(user)).toEqual(current);
    expect((await undo(user, second.change?.change_id ?? "")).statusCode).toBe(200);
  });

  it("never undoes another user's change", async () => {
    const owner = await planned();
    const other = await planned();
    const reply = await say(owner, "swap my breakfast");
    const after = await day1(owner);
    const response = await undo(other, reply.change?.change_id ?? "");
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("change_not_found");
    expect(await day1(owner)).toEqual(after);
  });

  it("counts nothing against the free tier", async () => {
    const user = await planned(false);
    const before = await day1(user);
    const target = before.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${target.Item}`);
    expect(await readFreeReplacements(db(), user.userId)).toBe(1);
    const response = await undo(user, reply.change?.change_id ?? "");
    expect(response.statusCode, response.body).toBe(200);
    expect(await readFreeReplacements(db(), user.userId)).toBe(1);
    expect(await day1(user)).toEqual(before);
  });

  it(`keeps the last ${KEPT_PLAN_CHANGES} changes`, async () => {
    const user = await signUp();
    const ids: string[] = [];
    for (let index = 0; index < KEPT_PLAN_CHANGES + 2; index += 1)
      ids.push(
        await recordPlanChange(db(), {
          userId: user.userId,
          before: { meals: [] },
          profileBefore: {},
          lines: [],
          now: new Date(Date.UTC(2026, 0, 1, 0, index)),
        }),
      );
    const kept = await db()
      .selectFrom("plan_changes")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(kept.map((row) => row.id).sort()).toEqual(ids.slice(2).sort());
    expect((await undo(user, ids[0] ?? "")).statusCode).toBe(404);
  });
});

describeWithDatabases("undo after Replace and reset on the plan screens", ({ app, db, signUp }) => {
  async function planned(pro = true) {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    if (pro) await makePro(db(), user.userId);
    await callOk(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
    await callOk(app(), "openai_get_workout_plan", {}, user.accessToken);
    return user;
  }
  const undo = (user: SignedUp, changeId: string) =>
    callFunction(app(), "undo_plan_change", { change_id: changeId }, user.accessToken);
  /** Every stored column of day 1 as the database's own text, revision and time aside: byte for byte. */
  const storedDay = (user: SignedUp) =>
    db()
      .selectFrom("meal_plans")
      .select([
        sql<string>`items::text`.as("items"),
        sql<string>`notes::text`.as("notes"),
        sql<string>`replaced_food_ids::text`.as("replaced_food_ids"),
        "seed",
        "generation",
        "inputs_hash",
        "target_kcal",
      ])
      .where("user_id", "=", user.userId)
      .where("day_index", "=", 1)
      .executeTakeFirstOrThrow();
  const storedWeek = (user: SignedUp) =>
    db()
      .selectFrom("workout_plans")
      .select([
        sql<string>`items::text`.as("items"),
        sql<string>`replaced_away_ids::text`.as("replaced_away_ids"),
        "split",
        "seed",
        "generation",
        "inputs_hash",
      ])
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
  const day1 = (user: SignedUp) =>
    callOk<MealItemWire[]>(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
  const replaceMeal = async (user: SignedUp, item: MealItemWire) => {
    const response = await callFunction(
      app(),
      "replace_diet_item",
      { itemToReplace: { id: item.id }, column_name: "diet_one" },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ReplaceDietItemResponseSchema.parse(response.json());
  };
  const resetDay = async (user: SignedUp) => {
    const response = await callFunction(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1, buttonPress: true },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    return PlanChangeSchema.parse(JSON.parse(String(response.headers[PLAN_CHANGE_HEADER])));
  };

  it("Replace then undo puts back the byte-identical stored day, and the answer carries the change", async () => {
    const user = await planned();
    const before = await storedDay(user);
    const lunch = (await day1(user)).find((item) => item.Meal === "Lunch") as MealItemWire;
    const replaced = await replaceMeal(user, lunch);
    expect(replaced.change?.lines).toHaveLength(1);
    expect(replaced.change?.lines[0]?.startsWith(`Day 1 Lunch: ${lunch.Item} (`)).toBe(true);
    expect(await storedDay(user)).not.toEqual(before);

    const response = await undo(user, replaced.change?.change_id ?? "");
    expect(response.statusCode, response.body).toBe(200);
    expect(UndoPlanChangeResponseSchema.parse(response.json()).active_day).toBe(1);
    expect(await storedDay(user)).toEqual(before);
  });

  it("a workout Replace then undo puts back the byte-identical week", async () => {
    const user = await planned();
    const before = await storedWeek(user);
    const week = await callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", {}, user.accessToken);
    const exercise = week.find((item) => !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]));
    const response = await callFunction(
      app(),
      "replace_workout_item",
      { workoutToReplace: { id: exercise?.id } },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const replaced = ReplaceWorkoutItemResponseSchema.parse(response.json());
    expect(replaced.change?.lines).toHaveLength(1);
    expect((await undo(user, replaced.change?.change_id ?? "")).statusCode).toBe(200);
    expect(await storedWeek(user)).toEqual(before);
  });

  it("a reset then undo puts back the day and the week as they were", async () => {
    const user = await planned();
    const dayBefore = await storedDay(user);
    const dayChange = await resetDay(user);
    expect(dayChange.lines.length).toBeGreaterThan(0);
    expect((await undo(user, dayChange.change_id)).statusCode).toBe(200);
    expect(await storedDay(user)).toEqual(dayBefore);

    const weekBefore = await storedWeek(user);
    const response = await callFunction(
      app(),
      "openai_get_workout_plan",
      { buttonPress: true },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const weekChange = PlanChangeSchema.parse(JSON.parse(String(response.headers[PLAN_CHANGE_HEADER])));
    expect((await undo(user, weekChange.change_id)).statusCode).toBe(200);
    expect(await storedWeek(user)).toEqual(weekBefore);
  });

  it("a plan read, not reset, records nothing", async () => {
    const user = await planned();
    const response = await callFunction(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
    expect(response.headers[PLAN_CHANGE_HEADER]).toBeUndefined();
    const rows = await db()
      .selectFrom("plan_changes")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses with 409 after a newer change, and changes nothing", async () => {
    const user = await planned();
    const lunch = (await day1(user)).find((item) => item.Meal === "Lunch") as MealItemWire;
    const replaced = await replaceMeal(user, lunch);
    await resetDay(user);
    const current = await storedDay(user);
    const response = await undo(user, replaced.change?.change_id ?? "");
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("plan_changed");
    expect(errorOf(response).message).toContain("changed since");
    expect(await storedDay(user)).toEqual(current);
  });

  it("never undoes another user's Replace", async () => {
    const owner = await planned();
    const other = await planned();
    const lunch = (await day1(owner)).find((item) => item.Meal === "Lunch") as MealItemWire;
    const replaced = await replaceMeal(owner, lunch);
    const after = await storedDay(owner);
    const response = await undo(other, replaced.change?.change_id ?? "");
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("change_not_found");
    expect(await storedDay(owner)).toEqual(after);
  });

  it("a free user's undo neither takes nor gives back a free replacement", async () => {
    const user = await planned(false);
    const before = await storedDay(user);
    const breakfast = (await day1(user)).find((item) => item.Meal === "Breakfast") as MealItemWire;
    const replaced = await replaceMeal(user, breakfast);
    expect(replaced.freeReplacementsUsed).toBe(1);
    expect(await readFreeReplacements(db(), user.userId)).toBe(1);
    expect((await undo(user, replaced.change?.change_id ?? "")).statusCode).toBe(200);
    expect(await readFreeReplacements(db(), user.userId)).toBe(1);
    expect(await storedDay(user)).toEqual(before);
  });
});
