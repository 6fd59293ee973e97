import { expect, it } from "vitest";
import { GetGroceryListResponseSchema, type GroceryListResponse } from "@fitwise/contracts/groceries";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, plan: 1 }));

describeWithDatabases("shopping list", ({ app, db, signUp }) => {
  const listOf = async (accessToken: string, days: unknown): Promise<GroceryListResponse> =>
    GetGroceryListResponseSchema.parse(await callOk(app(), "get_grocery_list", { days }, accessToken));

  it("needs a bearer token", async () => {
    for (const name of ["get_grocery_list", "set_grocery_tick"]) {
      const response = await callFunction(app(), name, {});
      expect(response.statusCode, name).toBe(401);
    }
  });

  it("answers 400 naming the field for bad days or plans", async () => {
    const user = await signUp();
    const cases: [unknown, string][] = [
      [[{ day: 0, plan: 1 }], "days.0.day"],
      [[{ day: 1, plan: 4 }], "days.0.plan"],
      [[{ day: 8, plan: 1 }], "days.0.day"],
      [[], "days"],
      [
        [
          { day: 2, plan: 1 },
          { day: 2, plan: 1 },
        ],
        "days",
      ],
    ];
    for (const [days, path] of cases) {
      const response = await callFunction(app(), "get_grocery_list", { days }, user.accessToken);
      expect(response.statusCode, JSON.stringify(days)).toBe(400);
      expect(errorOf(response).issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
  });

  it("lists a free user's Plan 1 breakfasts for the week and refuses Plans 2 and 3", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const plan = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    const list = await listOf(user.accessToken, WEEK);
    const breakfastNames = new Set(plan.filter((item) => item.Meal === "Breakfast").map((item) => item.Item));
    const dishes = new Set(list.aisles.flatMap((aisle) => aisle.items.flatMap((line) => line.dishes)));
    expect(dishes.size).toBeGreaterThan(0);
    for (const dish of dishes) expect(breakfastNames.has(dish), dish).toBe(true);

    const locked = await callFunction(
      app(),
      "get_grocery_list",
      { days: [{ day: 1, plan: 2 }] },
      user.accessToken,
    );
    expect(locked.statusCode).toBe(403);
  });

  it("sums seven days of a plan as seven times one day, for Pro with every meal", async () => {
    const user = await signUp();
    await makePro(db(), user.userId);
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const plan = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    const oneDay = await listOf(user.accessToken, [{ day: 1, plan: 1 }]);
    const week = await listOf(user.accessToken, WEEK);
    const dishes = new Set(week.aisles.flatMap((aisle) => aisle.items.flatMap((line) => line.dishes)));
    expect([...dishes].sort()).toEqual([...new Set(plan.map((item) => item.Item))].sort());
    const gramsOf = (list: GroceryListResponse) =>
      new Map(list.aisles.flatMap((aisle) => aisle.items.map((line) => [line.name, line.grams] as const)));
    const day = gramsOf(oneDay);
    for (const [name, grams] of gramsOf(week)) expect(grams, name).toBeCloseTo((day.get(name) ?? 0) * 7, 0);

    const unplanned = await callFunction(
      app(),
      "get_grocery_list",
      { days: [{ day: 1, plan: 3 }] },
      user.accessToken,
    );
    expect(unplanned.statusCode).toBe(409);
    expect(errorOf(unplanned).message).toContain("Plan 3");
  });

  it("keeps ticks per user on the server", async () => {
    const user = await signUp();
    const other = await signUp();
    await callOk(app(), "set_grocery_tick", { name: "eggs", ticked: true }, user.accessToken);
    const both = await callOk<{ ticked: string[] }>(
      app(),
      "set_grocery_tick",
      { name: "white rice (dry)", ticked: true },
      user.accessToken,
    );
    expect(both.ticked).toEqual(["eggs", "white rice (dry)"]);
    const untick = await callOk<{ ticked: string[] }>(
      app(),
      "set_grocery_tick",
      { name: "eggs", ticked: false },
      user.accessToken,
    );
    expect(untick.ticked).toEqual(["white rice (dry)"]);
    const others = await callOk<{ ticked: string[] }>(
      app(),
      "set_grocery_tick",
      { name: "onion", ticked: false },
      other.accessToken,
    );
    expect(others.ticked).toEqual([]);
  });
});
