import { expect, it, vi } from "vitest";
import {
  ChatHistoryResponseSchema,
  ChatTrainerResponseSchema,
  DEFAULT_GREETINGS,
  type ChatTrainerResponse,
} from "@fitwise/contracts/chat";
import {
  fromWireMealItem,
  fromWireWorkoutItem,
  toWireMealItem,
  toWireWorkoutItem,
} from "@fitwise/contracts/plan-items.mapper";
import { REPLACEMENT_LIMIT_MESSAGE, type MealItemWire, type WorkoutItemWire } from "@fitwise/contracts/plans";
import { computeEnergyTargets } from "@fitwise/engine/nutrition/energy";
import { findFood } from "@fitwise/engine/nutrition/food-catalogue";
import { suitsDiet } from "@fitwise/engine/nutrition/meal-targets";
import { RED_FLAG_REPLIES } from "@fitwise/engine/trainer/red-flags";
import { isExerciseItem, sumItems, trainingDays } from "@fitwise/engine/trainer/trainer-state";
import { EXERCISE_LIBRARY } from "@fitwise/engine/workouts/exercise-library";
import { loadsJoint } from "@fitwise/engine/workouts/joint-load";
import type { Database } from "../../db/database";
import { describeWithBackgroundJobs, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { hasStalePlans } from "../plans/week-replan.service";

type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

async function snapshotOf(db: Database, userId: string) {
  const meals = await db
    .selectFrom("meal_plans")
    .select(["day_index", "items", "inputs_hash"])
    .where("user_id", "=", userId)
    .orderBy("day_index")
    .execute();
  const workout = await db
    .selectFrom("workout_plans")
    .select(["items", "inputs_hash", "split"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const profile = await db
    .selectFrom("my_users")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const { updated_at: _updated, ...profileColumns } = profile;
  // In the API's shapes, so that the stored plans compare with what the screens and the chat's answers carry.
  return {
    meals: Object.fromEntries(meals.map((row) => [row.day_index, row.items.map(toWireMealItem)])) as Record<
      number,
      MealItemWire[]
    >,
    mealHashes: Object.fromEntries(meals.map((row) => [row.day_index, row.inputs_hash])) as Record<
      number,
      string
    >,
    workout: (workout?.items ?? []).map(toWireWorkoutItem),
    profile: profileColumns,
  };
}

describeWithBackgroundJobs("trainer chat (offline brain)", ({ app, db, signUp }) => {
  async function planned(
    options: { pro?: boolean; profile?: Record<string, unknown>; days?: number[] } = {},
  ) {
    const user = await signUp();
    await callOk(app(), "write_user_data", { ...PROFILE, ...options.profile }, user.accessToken);
    if (options.pro ?? true) await makePro(db(), user.userId);
    for (const day of options.days ?? [1, 2])
      await callOk(app(), "openai_get_meal_plan", { currentDay: day }, user.accessToken);
    await callOk(app(), "openai_get_workout_plan", {}, user.accessToken);
    return user;
  }
  const say = async (user: SignedUp, message: string, extra: Record<string, unknown> = {}) => {
    const response = await callFunction(
      app(),
      "openai_chat_trainer",
      { user_message: message, conversation_history: [], ...extra },
      user.accessToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ChatTrainerResponseSchema.parse(response.json());
  };
  const snapshot = (user: SignedUp) => snapshotOf(db(), user.userId);
  /** A week-wide change re-plans the day in view in the reply and the other days in a background job (decision 070). */
  const restOfWeekPlanned = (user: SignedUp) =>
    vi.waitFor(async () => expect(await hasStalePlans(db(), user.userId)).toBe(false), {
      timeout: 30_000,
      interval: 100,
    });
  /** What the diet and workout screens would load next: the chat's plans, not new ones. */
  async function screensShow(user: SignedUp, after: Snapshot) {
    for (const day of Object.keys(after.meals).map(Number)) {
      const items = await callOk<MealItemWire[]>(
        app(),
        "openai_get_meal_plan",
        { currentDay: day },
        user.accessToken,
      );
      expect(items, `day ${day} as the diet screen loads it`).toEqual(after.meals[day]);
    }
    const week = await callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", {}, user.accessToken);
    expect(week).toEqual(after.workout);
  }
  function expectNothingChanged(before: Snapshot, after: Snapshot, reply: ChatTrainerResponse) {
    expect(after).toEqual(before);
    expect(reply.item_ids_updated).toBeUndefined();
    expect(reply.active_day).toBeUndefined();
    expect(reply.updated_plan).toBeUndefined();
  }

  it("needs a bearer token and a non-empty message", async () => {
    expect((await callFunction(app(), "openai_chat_trainer", { user_message: "hi" })).statusCode).toBe(401);
    const user = await signUp();
    for (const body of [{ user_message: "   " }, {}, { user_message: "x".repeat(2001) }]) {
      const response = await callFunction(app(), "openai_chat_trainer", body, user.accessToken);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("validation_failed");
    }
  });

  it("replace-meal: swaps the named item of day 1 and nothing else", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const target = before.meals[1]?.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${target.Item}`);
    const after = await snapshot(user);

    const index = before.meals[1]?.indexOf(target) ?? -1;
    const swapped = after.meals[1]?.[index] as MealItemWire;
    expect(swapped.id).not.toBe(target.id);
    expect(swapped.Meal).toBe("Breakfast");
    expect(after.meals[1]?.filter((_, position) => position !== index)).toEqual(
      before.meals[1]?.filter((_, position) => position !== index),
    );
    expect(after.meals[2]).toEqual(before.meals[2]);
    expect(after.workout).toEqual(before.workout);
    expect(after.profile).toEqual(before.profile);
    expect(reply).toMatchObject({ item_ids_updated: [swapped.id], active_day: 1 });
    expect(reply.message).toContain(`Swapped **${target.Item}`);
    await screensShow(user, after);
  });

  it("replace-meal: 'replace my lunch' swaps every lunch item only", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "replace my lunch");
    const after = await snapshot(user);
    const lunch = (items: MealItemWire[] | undefined) =>
      (items ?? []).filter((item) => item.Meal === "Lunch");
    expect(lunch(after.meals[1]).map((item) => item.id)).not.toEqual(
      lunch(before.meals[1]).map((item) => item.id),
    );
    expect(after.meals[1]?.filter((item) => item.Meal !== "Lunch")).toEqual(
      before.meals[1]?.filter((item) => item.Meal !== "Lunch"),
    );
    expect({ ...after, meals: { ...after.meals, 1: [] } }).toEqual({
      ...before,
      meals: { ...before.meals, 1: [] },
    });
    expect(reply.item_ids_updated).toEqual(lunch(after.meals[1]).map((item) => item.id));
  });

  it("regenerate-meals: new meals for day 2 change day 2 only", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "new meals for day 2");
    const after = await snapshot(user);
    expect(after.meals[2]).not.toEqual(before.meals[2]);
    expect({ ...after, meals: { ...after.meals, 2: [] }, mealHashes: {} }).toEqual({
      ...before,
      meals: { ...before.meals, 2: [] },
      mealHashes: {},
    });
    expect(reply.active_day).toBe(2);
    expect(reply.message).toContain("new meals for **Day 2**");
    await screensShow(user, after);
  });

  it("add-avoidance: records the allergy and re-plans only the days holding it", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const holder = before.meals[1]?.find((item) => (findFood(item.foodId)?.allergens ?? []).includes("egg"))
      ? "egg"
      : "milk";
    const reply = await say(user, `I'm allergic to ${holder === "egg" ? "eggs" : "dairy"}`);
    await restOfWeekPlanned(user);
    const after = await snapshot(user);
    expect(after.profile.user_allergies).toBe(`sesame, allergic to ${holder === "egg" ? "eggs" : "dairy"}`);
    for (const items of Object.values(after.meals))
      for (const item of items) expect(findFood(item.foodId)?.allergens ?? []).not.toContain(holder);
    for (const day of [1, 2]) {
      const held = (before.meals[day] ?? []).some((item) =>
        findFood(item.foodId)?.allergens.includes(holder),
      );
      if (!held) expect(after.meals[day]).toEqual(before.meals[day]);
    }
    expect(after.workout).toEqual(before.workout);
    expect({ ...after.profile, user_allergies: null }).toEqual({ ...before.profile, user_allergies: null });
    expect(reply.message).toContain("to your allergies");
    await screensShow(user, after);
  });

  it("change-cuisine: switches the profile and re-plans the stored days", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "make it Mexican");
    expect(reply.message).toContain("The rest of your week (Day 2) follows in a moment");
    await restOfWeekPlanned(user);
    const after = await snapshot(user);
    expect(after.profile).toEqual({ ...before.profile, user_food_preference: "Mexican" });
    expect(after.meals[1]).not.toEqual(before.meals[1]);
    expect(after.workout).toEqual(before.workout);
    expect(reply.active_day).toBe(1);
    expect(reply.message).toContain("Your meals are now **Mexican**");
    await screensShow(user, after);
  });

  it("change-diet: every planned item suits the new diet", async () => {
    const user = await planned();
    const before = await snapshot(user);
    await say(user, "I went vegetarian");
    await restOfWeekPlanned(user);
    const after = await snapshot(user);
    expect(after.profile).toEqual({ ...before.profile, user_diet_preference: "vegetarian" });
    for (const items of Object.values(after.meals))
      for (const item of items)
        expect(suitsDiet(findFood(item.foodId) ?? ({} as never), "vegetarian")).toBe(true);
    expect(after.workout).toEqual(before.workout);
    await screensShow(user, after);
  });

  it("replace-exercise: swaps one named exercise and nothing else", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const target = before.workout.find(
      (item) => item.Day === "Monday" && isExerciseItem(fromWireWorkoutItem(item)),
    ) as WorkoutItemWire;
    const reply = await say(user, `swap the ${target["Workout Name"]} on Monday`);
    const after = await snapshot(user);
    const index = before.workout.indexOf(target);
    expect(after.workout[index]).toMatchObject({
      Day: "Monday",
      "Body Part Targeted": target["Body Part Targeted"],
    });
    expect(after.workout[index]?.["Workout Name"]).not.toBe(target["Workout Name"]);
    expect(after.workout.filter((_, position) => position !== index)).toEqual(
      before.workout.filter((_, position) => position !== index),
    );
    expect({ ...after, workout: [] }).toEqual({ ...before, workout: [] });
    expect(reply.item_ids_updated).toEqual([after.workout[index]?.id]);
    expect(reply.updated_plan?.workout_plan).toEqual(after.workout);
    await screensShow(user, after);
  });

  it("move-workout: Monday's session moves to Tuesday and the profile's days follow", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "move Monday's workout to Tuesday");
    const after = await snapshot(user);
    expect(trainingDays(after.workout.map(fromWireWorkoutItem))).toEqual(["Tuesday", "Wednesday", "Friday"]);
    expect(after.workout.filter((item) => item.Day === "Tuesday")).toEqual(
      before.workout.filter((item) => item.Day === "Monday").map((item) => ({ ...item, Day: "Tuesday" })),
    );
    expect(after.profile).toEqual({
      ...before.profile,
      user_preferred_workout_days: ["Tuesday", "Wednesday", "Friday"],
    });
    expect(after.meals).toEqual(before.meals);
    expect(reply.updated_plan?.workout_plan).toEqual(after.workout);
    await screensShow(user, after);
  });

  it("rest-day: a four-day week becomes three, rebuilt; meals untouched", async () => {
    const user = await planned({
      profile: { user_preferred_workout_days: ["Monday", "Tuesday", "Thursday", "Friday"] },
    });
    const before = await snapshot(user);
    await say(user, "make Friday a rest day");
    const after = await snapshot(user);
    expect(trainingDays(after.workout.map(fromWireWorkoutItem))).toEqual(["Monday", "Tuesday", "Thursday"]);
    expect(after.profile).toEqual({
      ...before.profile,
      user_preferred_workout_days: ["Monday", "Tuesday", "Thursday"],
    });
    expect(after.meals).toEqual(before.meals);
    await screensShow(user, after);
  });

  it("carries out two requests in one message, stored as one change", async () => {
    const user = await planned({
      profile: { user_preferred_workout_days: ["Monday", "Tuesday", "Thursday", "Friday"] },
    });
    const before = await snapshot(user);
    const target = before.meals[1]?.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${target.Item} and make Friday a rest day`);
    const after = await snapshot(user);
    expect(after.meals[1]?.some((item) => item.id === target.id)).toBe(false);
    expect(trainingDays(after.workout.map(fromWireWorkoutItem))).toEqual(["Monday", "Tuesday", "Thursday"]);
    expect(reply.message).toContain(`Swapped **${target.Item}`);
    expect(reply.message).toContain("**Friday** is now a rest day");
    await screensShow(user, after);
  });

  it("asks back with buttons when a word names several exercises, and changes nothing", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const names = [
      ...new Set(
        before.workout
          .map(fromWireWorkoutItem)
          .filter(isExerciseItem)
          .map((item) => item.name),
      ),
    ];
    // A word several exercise names share, none of them that word alone: "band", "dumbbell"...
    const shared = ["band", "dumbbell", "squat", "push", "row", "curl", "press", "raise"].find(
      (word) =>
        names.filter((name) =>
          name
            .toLowerCase()
            .split(/[^a-z]+/)
            .includes(word),
        ).length >= 2 && !names.some((name) => name.toLowerCase() === word),
    );
    expect(shared).toBeDefined();
    const reply = await say(user, `swap the ${shared ?? ""} exercise`);
    expect(reply.message).toContain("Which exercise do you mean?");
    expect(reply.choices?.length).toBeGreaterThanOrEqual(2);
    expect(await snapshot(user)).toEqual(before);
  });

  it("pain: advice and an offer; yes swaps what loads the joint, a stored note later plans honour until better", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const loadsKnee = (items: readonly WorkoutItemWire[]) =>
      items.filter((item) => {
        const exercise = EXERCISE_LIBRARY.find((entry) => entry.name === item["Workout Name"]);
        return exercise !== undefined && loadsJoint(exercise, "knee");
      });
    expect(loadsKnee(before.workout).length).toBeGreaterThan(0);

    const offer = await say(user, "my knee hurts");
    expect(offer.message).toContain('Say "protect my knee"');
    expect(offer.choices?.[0]?.message).toBe("protect my knee");
    expect(await snapshot(user)).toEqual(before);

    await say(user, "yes", { conversation_history: [{ role: "assistant", content: offer.message }] });
    const protectedPlan = await snapshot(user);
    expect(protectedPlan.profile.user_injuries).toEqual(["knee"]);
    expect(loadsKnee(protectedPlan.workout)).toEqual([]);
    await screensShow(user, protectedPlan);

    const reset = await callOk<WorkoutItemWire[]>(
      app(),
      "openai_get_workout_plan",
      { buttonPress: true },
      user.accessToken,
    );
    expect(loadsKnee(reset)).toEqual([]);

    await say(user, "my knee is better now");
    const better = await snapshot(user);
    expect(better.profile.user_injuries).toEqual([]);
    await screensShow(user, better);
  });

  it("rest-day below three training days is refused and changes nothing", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "make Friday a rest day");
    expectNothingChanged(before, await snapshot(user), reply);
    expect(reply.message).toContain("at least 3 training days");
  });

  it("change-goal: new targets from the engine, meals and workouts re-planned", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "I want to build muscle now");
    await restOfWeekPlanned(user);
    const after = await snapshot(user);
    const energy = computeEnergyTargets({
      weightKg: PROFILE.user_weight_in_kgs as number,
      heightCm: PROFILE.user_height_in_cm as number,
      ageYears: PROFILE.user_age as number,
      gender: "female",
      activityFactor: PROFILE.user_activity as number,
      goal: "Gain Muscle Mass",
    });
    expect(after.profile).toEqual({
      ...before.profile,
      user_fitness_goal: "Gain Muscle Mass",
      user_tdee: energy.tdeeKcal,
      user_goal_tdee: energy.goalTdeeKcal,
    });
    expect(after.meals[1]).not.toEqual(before.meals[1]);
    expect(after.workout).not.toEqual(before.workout);
    expect(reply.updated_plan).toBeDefined();
    expect(reply.active_day).toBe(1);
    await screensShow(user, after);
  });

  it("change-level: workouts rebuilt for the new level, meals untouched", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "I'm advanced now");
    const after = await snapshot(user);
    expect(after.profile).toEqual({ ...before.profile, user_experience_level: "Advanced" });
    expect(after.meals).toEqual(before.meals);
    expect(after.workout).not.toEqual(before.workout);
    expect(reply.message).toContain("Your level is now **Advanced**");
    await screensShow(user, after);
  });

  it.each<[string, string | RegExp]>([
    ["how much protein today?", "protein"],
    ["how do I do a push-up?", "Push"],
    ["how much water should I drink?", "water"],
    ["hello", "Alex"],
    ["thanks!", "welcome"],
    ["what is the airspeed of a swallow", "outside what I know"],
    // The user's plan is random: it may hold a real pizza (then Alex says so), never just a word like "pizzaiola".
    ["can I eat pizza?", /pizza isn't in your plan|^yes: [^.]*\bpizza\b[^.]* is in your plan/],
    ["what's my workout on Monday?", "Monday"],
  ])("questions change nothing: %s", async (message, expected) => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, message);
    expectNothingChanged(before, await snapshot(user), reply);
    if (typeof expected === "string") expect(reply.message.toLowerCase()).toContain(expected.toLowerCase());
    else expect(reply.message.toLowerCase()).toMatch(expected);
  });

  it("answers protein with the engine's sum of the stored day", async () => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, "how much protein today?");
    const protein = Math.round(sumItems((before.meals[1] ?? []).map(fromWireMealItem)).proteinG * 10) / 10;
    expect(reply.message).toContain(`**${protein} g protein**`);
  });

  it.each([
    "I have chest pain, should I swap my workout?",
    "I fainted during training, make Friday a rest day",
    "I'm pregnant, change my diet to vegan",
  ])("red flags refer to a professional and change nothing: %s", async (message) => {
    const user = await planned();
    const before = await snapshot(user);
    const reply = await say(user, message);
    expectNothingChanged(before, await snapshot(user), reply);
    expect(Object.values(RED_FLAG_REPLIES)).toContain(reply.message);
  });

  it("free tier: Breakfast swaps count, Lunch and resets are Pro, with an honest reply", async () => {
    const user = await planned({ pro: false, days: [1] });
    const before = await snapshot(user);
    for (const message of ["replace my lunch", "new meals for today", "new workout plan"]) {
      const reply = await say(user, message);
      expectNothingChanged(before, await snapshot(user), reply);
      expect(reply.message).toContain("Pro");
    }
    const breakfast = before.meals[1]?.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${breakfast.Item}`);
    expect(reply.item_ids_updated).toHaveLength(1);
    const profile = await callOk<{ user_replaced: number }>(
      app(),
      "get_user_data",
      { table: "my_users" },
      user.accessToken,
    );
    expect(profile.user_replaced).toBe(1);
  });

  it("a free user's new cuisine is a reset: refused with nothing changed (docs/decisions/055)", async () => {
    const user = await planned({ pro: false, days: [1] });
    const before = await snapshot(user);
    const reply = await say(user, "make it Mexican");
    expectNothingChanged(before, await snapshot(user), reply);
    expect(reply.message).toContain("a Pro feature (a reset)");
  });

  it("free tier: after three replacements the chat says the limit is reached", async () => {
    const user = await planned({ pro: false, days: [1] });
    await db().insertInto("usage_counters").values({ user_id: user.userId, free_replacements: 3 }).execute();
    const before = await snapshot(user);
    const breakfast = before.meals[1]?.find((item) => item.Meal === "Breakfast") as MealItemWire;
    const reply = await say(user, `swap the ${breakfast.Item}`);
    expectNothingChanged(before, await snapshot(user), reply);
    expect(reply.message).toContain(REPLACEMENT_LIMIT_MESSAGE);
  });

  it("never touches another user's plans", async () => {
    const other = await planned();
    const user = await planned();
    const othersBefore = await snapshot(other);
    await say(user, "make it Mexican");
    await say(user, "move Monday's workout to Tuesday");
    await say(user, "I'm allergic to peanuts");
    expect(await snapshot(other)).toEqual(othersBefore);
  });

  it("explains honestly without changing anything when the profile is incomplete", async () => {
    const user = await signUp();
    const reply = await say(user, "make it Mexican");
    expect(reply.message).toContain("complete the calorie calculator");
    expect(reply.active_day).toBeUndefined();
    const how = await say(user, `how do I do a ${EXERCISE_LIBRARY[0]?.name ?? "push-up"}?`);
    expect(how.message).toContain(EXERCISE_LIBRARY[0]?.name ?? "Push");
  });

  it("keeps the history per user: greetings, stored exchanges, clearing", async () => {
    const user = await planned({ days: [1] });
    const history = async (who: SignedUp) =>
      ChatHistoryResponseSchema.parse(await callOk(app(), "get_chat_history", {}, who.accessToken)).messages;
    expect((await history(user)).map((message) => message.content)).toEqual(DEFAULT_GREETINGS);
    const reply = await say(user, "hello");
    const stored = await history(user);
    expect(stored.map(({ sender, content }) => ({ sender, content }))).toEqual([
      { sender: "user", content: "hello" },
      { sender: "assistant", content: reply.message },
    ]);
    const stranger = await signUp();
    expect((await history(stranger)).map((message) => message.content)).toEqual(DEFAULT_GREETINGS);
    await callOk(app(), "clear_chat_history", {}, user.accessToken);
    expect((await history(user)).map((message) => message.content)).toEqual(DEFAULT_GREETINGS);
    expect((await callFunction(app(), "get_chat_history", {})).statusCode).toBe(401);
  });

  it("records a chat_message usage event, unless the browser sends Do Not Track or GPC", async () => {
    const user = await planned({ days: [1] });
    const usageEvents = () =>
      db()
        .selectFrom("analytics_events")
        .select(["name", "properties"])
        .where("user_id", "=", user.userId)
        .execute();
    await say(user, "hello");
    expect(await usageEvents()).toEqual([
      expect.objectContaining({
        name: "chat_message",
        properties: expect.objectContaining({ brain: "offline" }),
      }),
    ]);
    for (const header of [{ dnt: "1" }, { "sec-gpc": "1" }]) {
      const response = await app().inject({
        method: "POST",
        url: "/functions/v1/openai_chat_trainer",
        headers: { authorization: `Bearer ${user.accessToken}`, ...header },
        payload: { user_message: "hello again", conversation_history: [] },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await usageEvents()).toHaveLength(1);
  });

  it("limits messages per user and minute with the standard error body", async () => {
    const user = await signUp();
    const other = await signUp();
    const statuses: number[] = [];
    for (let count = 0; count < 21; count += 1) {
      const response = await callFunction(
        app(),
        "openai_chat_trainer",
        { user_message: "hi" },
        user.accessToken,
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(errorOf(response).code).toBe("over_request_rate_limit");
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    expect(
      (await callFunction(app(), "openai_chat_trainer", { user_message: "hi" }, other.accessToken))
        .statusCode,
    ).toBe(200);
  });
});
