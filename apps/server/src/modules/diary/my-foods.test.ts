import { expect, it } from "vitest";
import { DiaryResponseSchema, SearchFoodsResponseSchema, type DiaryResponse } from "@fitwise/contracts/diary";
import {
  DiaryWeekResponseSchema,
  ListMealGroupsResponseSchema,
  ListMyFoodsResponseSchema,
  LogMealGroupResponseSchema,
  MY_FOODS_MAX,
  SaveMealGroupResponseSchema,
  SaveMyFoodResponseSchema,
  type MyFood,
} from "@fitwise/contracts/my-foods";
import { LogFoodResponseSchema } from "@fitwise/contracts/diary";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { describeWithDatabases, TEST_PASSWORD, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, PROFILE } from "../../test/plan-journey.fixture";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDateOfDay(isoDayNumber(todayUtc()) - days);
const CLIENT_ID = "0b6f3a2e-8c41-4d7a-9f25-6e1d3c7b9a40";
const FOOD_BAR = { name: "Oat bar (home-made)", basis: "serving", kcal: 210, protein_g: 6, measure: null };
const SOURDOUGH = {
  name: "Sourdough, corner bakery",
  basis: "100g",
  kcal: 250,
  protein_g: 9,
  carbs_g: 48,
  fat_g: 1.5,
  measure: { unit: "slice", grams: 40 },
};

describeWithDatabases("my foods and saved meals (docs/decisions/068)", ({ app, db, signUp }) => {
  const saveFood = async (user: SignedUp, body: Record<string, unknown>): Promise<MyFood> =>
    SaveMyFoodResponseSchema.parse(await callOk(app(), "save_my_food", body, user.accessToken)).food;
  const diaryOf = async (user: SignedUp, date: string): Promise<DiaryResponse> =>
    DiaryResponseSchema.parse(await callOk(app(), "get_diary", { date }, user.accessToken));
  const search = async (user: SignedUp, query: string) =>
    SearchFoodsResponseSchema.parse(await callOk(app(), "search_foods", { query }, user.accessToken)).foods;
  const expectStatus = async (name: string, body: unknown, user: SignedUp, status: number) => {
    const response = await callFunction(app(), name, body, user.accessToken);
    expect(response.statusCode, `${name} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
    return response;
  };
  const expectBadRequest = async (name: string, body: unknown, user: SignedUp, path: string) => {
    const response = await expectStatus(name, body, user, 400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  };

  it("needs a bearer token for every function", async () => {
    for (const name of [
      "save_my_food",
      "delete_my_food",
      "list_my_foods",
      "save_meal_group",
      "delete_meal_group",
      "list_meal_groups",
      "log_meal_group",
      "get_diary_week",
    ]) {
      expect((await callFunction(app(), name, {})).statusCode, name).toBe(401);
    }
  });

  it("keeps own foods, finds them first in the search marked as theirs, logs them by grams and servings", async () => {
    const user = await signUp();
    const bread = await saveFood(user, SOURDOUGH);
    const bar = await saveFood(user, FOOD_BAR);
    expect(bread.id).toMatch(/^my-/);
    const listed = ListMyFoodsResponseSchema.parse(
      await callOk(app(), "list_my_foods", {}, user.accessToken),
    );
    expect(listed.foods.map((food) => food.name)).toEqual([FOOD_BAR.name, SOURDOUGH.name]);
    expect(listed.limit).toBe(MY_FOODS_MAX);

    const found = await search(user, "sourd");
    expect(found[0]).toMatchObject({
      id: bread.id,
      origin: "mine",
      per_100g: { energy_kcal: 250, protein_g: 9, fibre_g: null },
      measure: { unit: "slice", plural: "slices", grams: 40 },
    });
    // Catalogue foods follow the person's own.
    expect(found.slice(1).every((food) => food.origin !== "mine")).toBe(true);
    expect((await search(user, "oat bar"))[0]).toMatchObject({
      id: bar.id,
      per_100g: null,
      per_serving: { unit: "serving", energy_kcal: 210, protein_g: 6, carbs_g: null },
    });

    const date = daysAgo(1);
    const bySlices = LogFoodResponseSchema.parse(
      await callOk(
        app(),
        "log_food",
        { date, meal: "Breakfast", food_id: bread.id, servings: 2 },
        user.accessToken,
      ),
    ).entry;
    expect(bySlices).toMatchObject({
      kind: "food",
      grams: 80,
      servings: 2,
      energy_kcal: 200,
      protein_g: 7.2,
    });
    const byGrams = LogFoodResponseSchema.parse(
      await callOk(
        app(),
        "log_food",
        { date, meal: "Lunch", food_id: bread.id, grams: 50 },
        user.accessToken,
      ),
    ).entry;
    expect(byGrams).toMatchObject({ energy_kcal: 125, carbs_g: 24 });
    const bars = LogFoodResponseSchema.parse(
      await callOk(
        app(),
        "log_food",
        { date, meal: "Snacks", food_id: bar.id, servings: 1.5 },
        user.accessToken,
      ),
    ).entry;
    expect(bars).toMatchObject({ energy_kcal: 315, protein_g: 9, carbs_g: null, grams: null });
    // A per-serving food without its weight cannot be logged by grams.
    await expectBadRequest("log_food", { date, meal: "Snacks", food_id: bar.id, grams: 30 }, user, "grams");

    // A change applies to later entries; the diary keeps what was logged.
    await saveFood(user, { ...SOURDOUGH, id: bread.id, kcal: 260 });
    expect((await diaryOf(user, date)).totals.energy_kcal).toBe(200 + 125 + 315);
    await callOk(app(), "delete_my_food", { id: bread.id }, user.accessToken);
    expect((await search(user, "sourdough")).some((food) => food.origin === "mine")).toBe(false);
    expect((await diaryOf(user, date)).totals.energy_kcal).toBe(200 + 125 + 315);
    await expectStatus("delete_my_food", { id: bread.id }, user, 404);
    await expectStatus("log_food", { date, meal: "Lunch", food_id: bread.id, grams: 50 }, user, 404);
  }, 30_000);

  it("saves a meal from foods and from a meal of the diary, and logs it in one tap once per client_id", async () => {
    const user = await signUp();
    const bread = await saveFood(user, SOURDOUGH);
    const saved = SaveMealGroupResponseSchema.parse(
      await callOk(
        app(),
        "save_meal_group",
        {
          name: "Usual breakfast",
          items: [
            { food_id: bread.id, servings: 2 },
            { food_id: "banana", grams: 120 },
            { custom: { name: "Coffee with milk", kcal: 40 }, servings: 1 },
          ],
        },
        user.accessToken,
      ),
    ).group;
    expect(saved.items.map((item) => item.name)).toEqual([SOURDOUGH.name, "Banana", "Coffee with milk"]);
    expect(saved.energy_kcal).toBeGreaterThan(200 + 40);

    const date = daysAgo(0);
    const body = { date, meal: "Breakfast", group_id: saved.id, client_id: CLIENT_ID };
    const logged = LogMealGroupResponseSchema.parse(
      await callOk(app(), "log_meal_group", body, user.accessToken),
    ).logged;
    expect(logged.map((entry) => [entry.kind, entry.meal])).toEqual([
      ["food", "Breakfast"],
      ["food", "Breakfast"],
      ["quick_add", "Breakfast"],
    ]);
    await callOk(app(), "log_meal_group", body, user.accessToken);
    const diary = await diaryOf(user, date);
    expect(diary.meals[0]?.entries).toHaveLength(3);
    expect(diary.totals.energy_kcal).toBeCloseTo(saved.energy_kcal, 1);

    // "Save this meal": today's breakfast as it is in the diary.
    const fromDiary = SaveMealGroupResponseSchema.parse(
      await callOk(
        app(),
        "save_meal_group",
        { name: "Today's breakfast", from: { date, meal: "Breakfast" } },
        user.accessToken,
      ),
    ).group;
    expect(fromDiary.items.map((item) => item.food_id)).toEqual([bread.id, "banana", null]);
    expect(fromDiary.energy_kcal).toBeCloseTo(saved.energy_kcal, 1);
    await expectBadRequest(
      "save_meal_group",
      { name: "Empty", from: { date, meal: "Dinner" } },
      user,
      "from.meal",
    );

    const groups = ListMealGroupsResponseSchema.parse(
      await callOk(app(), "list_meal_groups", {}, user.accessToken),
    );
    expect(groups.groups.map((group) => group.name)).toEqual(["Today's breakfast", "Usual breakfast"]);
    await callOk(app(), "delete_meal_group", { id: fromDiary.id }, user.accessToken);
    await expectStatus("delete_meal_group", { id: fromDiary.id }, user, 404);
    await expectStatus("log_meal_group", { date, meal: "Lunch", group_id: fromDiary.id }, user, 404);
  }, 30_000);

  it("keeps every food and saved meal to its owner", async () => {
    const owner = await signUp();
    const other = await signUp();
    const bread = await saveFood(owner, SOURDOUGH);
    const group = SaveMealGroupResponseSchema.parse(
      await callOk(
        app(),
        "save_meal_group",
        { name: "Toast", items: [{ food_id: bread.id, servings: 1 }] },
        owner.accessToken,
      ),
    ).group;
    const date = daysAgo(0);

    const theirList = ListMyFoodsResponseSchema.parse(
      await callOk(app(), "list_my_foods", {}, other.accessToken),
    );
    expect(theirList.foods).toEqual([]);
    expect((await search(other, "sourdough corner")).some((food) => food.id === bread.id)).toBe(false);
    const theirGroups = ListMealGroupsResponseSchema.parse(
      await callOk(app(), "list_meal_groups", {}, other.accessToken),
    );
    expect(theirGroups.groups).toEqual([]);
    await expectStatus("log_food", { date, meal: "Lunch", food_id: bread.id, grams: 40 }, other, 404);
    await expectStatus(
      "save_meal_group",
      { name: "Stolen", items: [{ food_id: bread.id, grams: 40 }] },
      other,
      404,
    );
    await expectStatus("log_meal_group", { date, meal: "Lunch", group_id: group.id }, other, 404);
    await expectStatus("delete_my_food", { id: bread.id }, other, 404);
    await expectStatus("delete_meal_group", { id: group.id }, other, 404);
    await expectStatus("save_my_food", { ...SOURDOUGH, id: bread.id, name: "Mine now" }, other, 404);
    await expectStatus(
      "save_meal_group",
      { id: group.id, name: "Mine now", items: [{ food_id: "banana", grams: 100 }] },
      other,
      404,
    );
    expect((await diaryOf(other, date)).totals.energy_kcal).toBe(0);
    const still = ListMyFoodsResponseSchema.parse(
      await callOk(app(), "list_my_foods", {}, owner.accessToken),
    );
    expect(still.foods.map((food) => food.name)).toEqual([SOURDOUGH.name]);
    const groups = ListMealGroupsResponseSchema.parse(
      await callOk(app(), "list_meal_groups", {}, owner.accessToken),
    );
    expect(groups.groups.map((saved) => saved.name)).toEqual(["Toast"]);
  }, 30_000);

  it("answers 400 naming the field for bad input", async () => {
    const user = await signUp();
    await expectBadRequest("save_my_food", { ...SOURDOUGH, name: " " }, user, "name");
    await expectBadRequest("save_my_food", { ...SOURDOUGH, name: "x".repeat(81) }, user, "name");
    await expectBadRequest("save_my_food", { ...FOOD_BAR, kcal: 10_001 }, user, "kcal");
    await expectBadRequest("save_my_food", { ...FOOD_BAR, kcal: -1 }, user, "kcal");
    await expectBadRequest("save_my_food", { ...SOURDOUGH, kcal: 2000 }, user, "kcal");
    await expectBadRequest("save_my_food", { ...SOURDOUGH, basis: "cup" }, user, "basis");
    await expectBadRequest("save_my_food", { ...SOURDOUGH, protein_g: -2 }, user, "protein_g");
    await expectBadRequest(
      "save_my_food",
      { ...SOURDOUGH, measure: { unit: "slice", grams: 0 } },
      user,
      "measure.grams",
    );
    await expectBadRequest(
      "save_my_food",
      { ...SOURDOUGH, measure: { unit: "slice", grams: 5001 } },
      user,
      "measure.grams",
    );
    await expectBadRequest("delete_my_food", { id: "banana" }, user, "id");
    const item = { food_id: "banana", grams: 100 };
    await expectBadRequest("save_meal_group", { name: "", items: [item] }, user, "name");
    await expectBadRequest("save_meal_group", { name: "x", items: [] }, user, "items");
    await expectBadRequest(
      "save_meal_group",
      { name: "x", items: [{ ...item, grams: 0 }] },
      user,
      "items.0.grams",
    );
    await expectBadRequest(
      "save_meal_group",
      { name: "x", items: [{ ...item, grams: 5001 }] },
      user,
      "items.0.grams",
    );
    await expectBadRequest(
      "save_meal_group",
      { name: "x", items: [item, { custom: { name: "Cake", kcal: 10_001 }, servings: 1 }] },
      user,
      "items.1.custom.kcal",
    );
    await expectBadRequest("save_meal_group", { name: "x" }, user, "items");
    await expectStatus(
      "save_meal_group",
      { name: "x", items: [{ food_id: "no-such-food", grams: 10 }] },
      user,
      404,
    );
    const group = { date: daysAgo(0), meal: "Lunch", group_id: "5d1e7c1a-3b2f-4f6e-8a9d-0c1b2a3d4e5f" };
    await expectBadRequest("log_meal_group", { ...group, meal: "Brunch" }, user, "meal");
    await expectBadRequest("log_meal_group", { ...group, date: daysAgo(-3) }, user, "date");
    await expectBadRequest("log_meal_group", { ...group, group_id: "one" }, user, "group_id");
    await expectBadRequest("get_diary_week", { end_date: daysAgo(-3) }, user, "end_date");
  });

  it("refuses a food over the limit with 409 and says so", async () => {
    const user = await signUp();
    // Filled to one below the limit directly: two hundred calls would be slow and test nothing more.
    await db()
      .insertInto("my_foods")
      .values(
        Array.from({ length: MY_FOODS_MAX }, (_, index) => ({
          id: crypto.randomUUID(),
          user_id: user.userId,
          name: `Food ${index}`,
          basis: "100g" as const,
          energy_kcal: 100,
        })),
      )
      .execute();
    const refused = await expectStatus("save_my_food", SOURDOUGH, user, 409);
    expect(errorOf(refused)).toMatchObject({ code: "limit_reached", message: expect.stringMatching(/200/) });
  });

  it("reads the week: each day's energy and protein against the target, complete days flagged", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    await callOk(
      app(),
      "log_food",
      { date: daysAgo(2), meal: "Lunch", custom: { name: "Stew", kcal: 600, protein_g: 30 }, servings: 1 },
      user.accessToken,
    );
    await callOk(app(), "set_diary_day_complete", { date: daysAgo(2), complete: true }, user.accessToken);
    const week = DiaryWeekResponseSchema.parse(
      await callOk(app(), "get_diary_week", { end_date: daysAgo(0) }, user.accessToken),
    );
    expect(week.days.map((day) => day.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(week.days[4]).toMatchObject({ energy_kcal: 600, protein_g: 30, complete: true, counted: true });
    expect(week.days[6]).toMatchObject({ energy_kcal: 0, complete: false, counted: false });
    const day = await diaryOf(user, daysAgo(2));
    expect(week.days[4]?.target_kcal).toBe(day.target_kcal);
    expect(day.target_kcal).toBeGreaterThan(1000);
    // Another user's week is empty.
    const other = await signUp();
    const theirs = DiaryWeekResponseSchema.parse(
      await callOk(app(), "get_diary_week", { end_date: daysAgo(0) }, other.accessToken),
    );
    expect(theirs.days.every((entry) => entry.energy_kcal === 0 && !entry.complete)).toBe(true);
  });

  it("exports own foods and saved meals, and deletes them with the account", async () => {
    const user = await signUp();
    const bread = await saveFood(user, SOURDOUGH);
    await callOk(
      app(),
      "save_meal_group",
      { name: "Toast", items: [{ food_id: bread.id, servings: 1 }] },
      user.accessToken,
    );
    const exported = await callOk<Record<string, unknown>>(app(), "export_my_data", {}, user.accessToken);
    expect(exported.my_foods).toEqual([expect.objectContaining({ name: SOURDOUGH.name, energy_kcal: 250 })]);
    expect(exported.meal_groups).toEqual([
      expect.objectContaining({ name: "Toast", items: [expect.objectContaining({ energy_kcal: 100 })] }),
    ]);
    await callOk(app(), "delete_my_account", { password: TEST_PASSWORD }, user.accessToken);
    const foods = await db().selectFrom("my_foods").select("id").where("user_id", "=", user.userId).execute();
    const groups = await db()
      .selectFrom("meal_groups")
      .select("id")
      .where("user_id", "=", user.userId)
      .execute();
    expect([...foods, ...groups]).toEqual([]);
  });
});
