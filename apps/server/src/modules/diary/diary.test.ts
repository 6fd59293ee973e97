import { expect, it } from "vitest";
import {
  CopyDiaryMealResponseSchema,
  DiaryResponseSchema,
  LogFoodResponseSchema,
  SearchFoodsResponseSchema,
  type DiaryResponse,
} from "@fitwise/contracts/diary";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { ProgressResponseSchema } from "@fitwise/contracts/progress";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { describeWithDatabases, TEST_PASSWORD, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, PROFILE } from "../../test/plan-journey.fixture";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDateOfDay(isoDayNumber(todayUtc()) - days);
const CLIENT_ID = "6f1c2a47-5d0e-4c1b-9a3e-2b7d8f9e0a11";

describeWithDatabases("food diary (docs/decisions/051, 052)", ({ app, db, signUp }) => {
  const diaryOf = async (user: SignedUp, date: string): Promise<DiaryResponse> =>
    DiaryResponseSchema.parse(await callOk(app(), "get_diary", { date }, user.accessToken));
  const logFood = async (user: SignedUp, body: Record<string, unknown>) =>
    LogFoodResponseSchema.parse(await callOk(app(), "log_food", body, user.accessToken)).entry;

  const expectBadRequest = async (name: string, body: unknown, user: SignedUp, path: string) => {
    const response = await callFunction(app(), name, body, user.accessToken);
    expect(response.statusCode, `${name} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  };

  it("needs a bearer token for every function", async () => {
    for (const name of [
      "search_foods",
      "log_food",
      "delete_food_log",
      "get_diary",
      "set_diary_day_complete",
    ]) {
      expect((await callFunction(app(), name, {})).statusCode, name).toBe(401);
    }
  });

  it("searches as people type, marks the caller's exclusions and keeps those foods in the list", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", { ...PROFILE, user_allergies: "milk" }, user.accessToken);
    const found = SearchFoodsResponseSchema.parse(
      await callOk(app(), "search_foods", { query: "greek yoghurt", limit: 5 }, user.accessToken),
    );
    expect(found.foods).toHaveLength(5);
    expect(found.foods[0]).toMatchObject({
      name: expect.stringMatching(/^Greek yogurt/),
      origin: "catalogue",
      excluded_because: "contains milk",
      per_100g: { energy_kcal: expect.any(Number), protein_g: expect.any(Number) },
    });
    const eggs = SearchFoodsResponseSchema.parse(
      await callOk(app(), "search_foods", { query: "hard boiled eggs" }, user.accessToken),
    );
    expect(eggs.foods[0]).toMatchObject({
      measure: { unit: "large egg", grams: 50 },
      excluded_because: null,
    });
    // Another person without the allergy sees the same food unmarked.
    const other = await signUp();
    const plain = SearchFoodsResponseSchema.parse(
      await callOk(app(), "search_foods", { query: "greek yoghurt", limit: 1 }, other.accessToken),
    );
    expect(plain.foods[0]?.excluded_because).toBeNull();
    await expectBadRequest("search_foods", { query: "  " }, user, "query");
    await expectBadRequest("search_foods", { query: "egg", limit: 51 }, user, "limit");
  }, 30_000);

  it("logs foods by grams and servings, custom entries and quick adds; totals per meal and day against the target; deletes", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const date = daysAgo(1);
    const byGrams = await logFood(user, { date, meal: "Lunch", food_id: "usda-01001", grams: 10 });
    expect(byGrams).toMatchObject({ kind: "food", name: "Butter, salted", grams: 10, energy_kcal: 71.7 });
    const byServings = await logFood(user, {
      date,
      meal: "Breakfast",
      food_id: "egg-hard-boiled",
      servings: 2,
    });
    expect(byServings).toMatchObject({ grams: 100, servings: 2 });
    const custom = await logFood(user, {
      date,
      meal: "Dinner",
      custom: { name: "Grandma's stew", kcal: 350, protein_g: 20, carbs_g: 30, fat_g: 15 },
      grams: 400,
    });
    expect(custom).toMatchObject({ kind: "quick_add", energy_kcal: 350, protein_g: 20 });
    const quick = await logFood(user, {
      date,
      meal: "Snacks",
      custom: { name: "Office cake", kcal: 250 },
      servings: 2,
    });
    expect(quick).toMatchObject({ kind: "quick_add", energy_kcal: 500, protein_g: null });

    const diary = await diaryOf(user, date);
    expect(diary.meals.map((meal) => meal.meal)).toEqual(["Breakfast", "Lunch", "Snacks", "Dinner"]);
    expect(diary.meals[3]?.entries.map((entry) => entry.name)).toEqual(["Grandma's stew"]);
    expect(diary.totals.energy_kcal).toBeCloseTo(71.7 + byServings.energy_kcal + 350 + 500, 1);
    expect(diary.meals[2]?.totals.energy_kcal).toBe(500);
    expect(diary.target_kcal).toBeGreaterThan(1000);
    expect(diary.complete).toBe(false);

    await callOk(app(), "delete_food_log", { date, entry_id: quick.id }, user.accessToken);
    expect((await diaryOf(user, date)).meals[2]?.entries).toEqual([]);
    const again = await callFunction(
      app(),
      "delete_food_log",
      { date, entry_id: quick.id },
      user.accessToken,
    );
    expect(again.statusCode).toBe(404);
    const unknown = await callFunction(
      app(),
      "log_food",
      { date, meal: "Lunch", food_id: "no-such-food", grams: 10 },
      user.accessToken,
    );
    expect(unknown.statusCode).toBe(404);
  }, 30_000);

  it("shows ticked plan items in their meal, records 'ate something else' beside the unchanged plan, applies a client_id once", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const plan = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    const [ticked, swapped] = plan;
    if (!ticked || !swapped) throw new Error("the plan has fewer than two items");
    const date = daysAgo(0);
    await callOk(app(), "log_meal_eaten", { date, item_id: ticked.id, eaten: true }, user.accessToken);
    const body = {
      date,
      meal: swapped.Meal,
      food_id: "banana",
      grams: 120,
      instead_of_item_id: swapped.id,
      client_id: CLIENT_ID,
    };
    const first = await logFood(user, body);
    const replay = await logFood(user, body);
    expect(replay.id).toBe(first.id);

    const diary = await diaryOf(user, date);
    const entries = diary.meals.flatMap((meal) => meal.entries);
    expect(entries).toHaveLength(2);
    expect(diary.meals.find((meal) => meal.meal === ticked.Meal)?.entries[0]).toMatchObject({
      kind: "plan_item",
      id: ticked.id,
      energy_kcal: ticked.Calories,
    });
    expect(entries.find((entry) => entry.kind === "food")).toMatchObject({ instead_of_item_id: swapped.id });
    const after = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    expect(after.map((item) => item.id)).toEqual(plan.map((item) => item.id));
  }, 30_000);

  it("copies yesterday's meal, ticked items and logged foods, once per client_id and only the caller's own", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const plan = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    const breakfast = plan.find((item) => item.Meal === "Breakfast");
    if (!breakfast) throw new Error("the plan has no breakfast");
    const yesterday = daysAgo(1);
    await callOk(
      app(),
      "log_meal_eaten",
      { date: yesterday, item_id: breakfast.id, eaten: true },
      user.accessToken,
    );
    await logFood(user, { date: yesterday, meal: "Breakfast", food_id: "banana", grams: 120 });
    await logFood(user, { date: yesterday, meal: "Lunch", food_id: "apple", grams: 150 });
    const body = { from_date: yesterday, to_date: daysAgo(0), meal: "Breakfast", client_id: CLIENT_ID };
    const copied = CopyDiaryMealResponseSchema.parse(
      await callOk(app(), "copy_diary_meal", body, user.accessToken),
    );
    expect(copied.copied.map((entry) => [entry.name, entry.kind, entry.energy_kcal])).toEqual([
      [breakfast.Item, "food", breakfast.Calories],
      ["Banana", "food", expect.any(Number)],
    ]);
    await callOk(app(), "copy_diary_meal", body, user.accessToken);
    const today = await diaryOf(user, daysAgo(0));
    expect(today.meals[0]?.entries).toHaveLength(2);
    expect(today.meals[1]?.entries).toEqual([]);

    const other = await signUp();
    const nothing = CopyDiaryMealResponseSchema.parse(
      await callOk(app(), "copy_diary_meal", { ...body, client_id: undefined }, other.accessToken),
    );
    expect(nothing.copied).toEqual([]);
    await expectBadRequest(
      "copy_diary_meal",
      { ...body, client_id: undefined, to_date: daysAgo(-3) },
      user,
      "to_date",
    );
    await expectBadRequest(
      "copy_diary_meal",
      { ...body, client_id: undefined, meal: "Brunch" },
      user,
      "meal",
    );
  }, 30_000);

  it("marks a day complete, and the adaptive target's intake reads the diary", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const date = daysAgo(2);
    await logFood(user, { date, meal: "Lunch", custom: { name: "Light day", kcal: 600 }, servings: 1 });
    expect((await diaryOf(user, date)).counted).toBe(false);
    await callOk(app(), "set_diary_day_complete", { date, complete: true }, user.accessToken);
    const marked = await diaryOf(user, date);
    expect(marked).toMatchObject({ complete: true, counted: true });
    const progress = ProgressResponseSchema.parse(await callOk(app(), "get_progress", {}, user.accessToken));
    expect(progress.intake).toEqual([{ date, energy_kcal: 600 }]);
    await callOk(app(), "set_diary_day_complete", { date, complete: false }, user.accessToken);
    expect((await diaryOf(user, date)).complete).toBe(false);
  });

  it("keeps every entry to its owner", async () => {
    const owner = await signUp();
    const other = await signUp();
    const date = daysAgo(1);
    const entry = await logFood(owner, { date, meal: "Lunch", food_id: "banana", grams: 100 });
    await callOk(app(), "set_diary_day_complete", { date, complete: true }, owner.accessToken);
    const theirs = await diaryOf(other, date);
    expect(theirs.meals.flatMap((meal) => meal.entries)).toEqual([]);
    expect(theirs.complete).toBe(false);
    const steal = await callFunction(
      app(),
      "delete_food_log",
      { date, entry_id: entry.id },
      other.accessToken,
    );
    expect(steal.statusCode).toBe(404);
    expect((await diaryOf(owner, date)).meals[1]?.entries.map((row) => row.id)).toEqual([entry.id]);
    // A client_id is the caller's own: another user's write with the same id is applied as theirs.
    const same = { date, meal: "Lunch", food_id: "banana", grams: 50, client_id: CLIENT_ID };
    const mine = await logFood(owner, same);
    const yours = await logFood(other, same);
    expect(yours.id).not.toBe(mine.id);
  });

  it("answers 400 naming the field for bad input", async () => {
    const user = await signUp();
    const date = daysAgo(0);
    const food = { date, meal: "Lunch", food_id: "banana" };
    await expectBadRequest("log_food", { ...food, grams: 0.5 }, user, "grams");
    await expectBadRequest("log_food", { ...food, grams: 5001 }, user, "grams");
    await expectBadRequest("log_food", { ...food }, user, "grams");
    await expectBadRequest("log_food", { ...food, grams: 10, servings: 1 }, user, "grams");
    await expectBadRequest("log_food", { ...food, meal: "Brunch", grams: 10 }, user, "meal");
    await expectBadRequest("log_food", { ...food, date: "2026-02-30", grams: 10 }, user, "date");
    await expectBadRequest("log_food", { ...food, date: "1899-12-31", grams: 10 }, user, "date");
    await expectBadRequest("log_food", { ...food, date: daysAgo(-3), grams: 10 }, user, "date");
    await expectBadRequest("log_food", { date, meal: "Lunch", grams: 10 }, user, "food_id");
    const custom = { date, meal: "Lunch", servings: 1 };
    await expectBadRequest(
      "log_food",
      { ...custom, custom: { name: "x", kcal: 10_001 } },
      user,
      "custom.kcal",
    );
    await expectBadRequest("log_food", { ...custom, custom: { name: "x", kcal: -1 } }, user, "custom.kcal");
    await expectBadRequest("log_food", { ...custom, custom: { name: " ", kcal: 1 } }, user, "custom.name");
    await expectBadRequest(
      "log_food",
      { ...custom, custom: { name: "x", kcal: 6000 }, servings: 2 },
      user,
      "servings",
    );
    // A USDA food without a household measure is logged by weight.
    await expectBadRequest(
      "log_food",
      { ...food, food_id: "usda-01001", grams: undefined, servings: 1 },
      user,
      "servings",
    );
    await expectBadRequest("delete_food_log", { date, entry_id: "not-a-uuid" }, user, "entry_id");
    await expectBadRequest("get_diary", { date: "yesterday" }, user, "date");
    await expectBadRequest("set_diary_day_complete", { date, complete: "yes" }, user, "complete");
  });

  it("exports the diary and deletes it with the account", async () => {
    const user = await signUp();
    const date = daysAgo(1);
    await logFood(user, { date, meal: "Dinner", custom: { name: "Takeaway", kcal: 900 }, servings: 1 });
    await callOk(app(), "set_diary_day_complete", { date, complete: true }, user.accessToken);
    const exported = await callOk<Record<string, unknown>>(app(), "export_my_data", {}, user.accessToken);
    expect(exported.food_log).toEqual([
      expect.objectContaining({ date, name: "Takeaway", energy_kcal: 900 }),
    ]);
    expect(exported.diary_days).toEqual([expect.objectContaining({ date, complete: true })]);
    await callOk(app(), "delete_my_account", { password: TEST_PASSWORD }, user.accessToken);
    const left = await db().selectFrom("food_log").select("id").where("user_id", "=", user.userId).execute();
    const days = await db()
      .selectFrom("diary_days")
      .select("log_date")
      .where("user_id", "=", user.userId)
      .execute();
    expect([...left, ...days]).toEqual([]);
  });
});
