import { expect, it } from "vitest";
import { toWireMealItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { PLAN_ERROR_CODES, type MealItemWire, type WorkoutItemWire } from "@fitwise/contracts/plans";
import type { PublicSavedDiet } from "@fitwise/contracts/saved";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { findMealPlan, findWorkoutPlan } from "./plans.repository";

/**
 * docs/product.md §5 on the server, not only on the screen (docs/decisions/055): a free user is sent what the free
 * tier shows, cannot save, tick or replace what it locks, and cannot reset a day by editing a preference.
 */
describeWithDatabases("the free tier on the server", ({ app, db, signUp }) => {
  const today = new Date().toISOString().slice(0, 10);

  async function freeUserWithPlans(): Promise<
    SignedUp & { meals: MealItemWire[]; workouts: WorkoutItemWire[] }
  > {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const meals = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    const workouts = await callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", {}, user.accessToken);
    return { ...user, meals, workouts };
  }
  const storedMeals = async (user: SignedUp) =>
    ((await findMealPlan(db(), user.userId, 1))?.items ?? []).map(toWireMealItem);
  const storedWeek = async (user: SignedUp) =>
    ((await findWorkoutPlan(db(), user.userId))?.items ?? []).map(toWireWorkoutItem);
  const expectProRequired = (response: { statusCode: number; json(): unknown }, what: string) => {
    expect(response.statusCode, what).toBe(403);
    expect(errorOf(response as never).code, what).toBe(PLAN_ERROR_CODES.proRequired);
  };

  it("sends a free user Breakfast and the first training day only (warmup and cooldown frame the other days); Pro gets everything", async () => {
    const user = await freeUserWithPlans();
    expect(new Set(user.meals.map((item) => item.Meal))).toEqual(new Set(["Breakfast"]));
    const stored = await storedMeals(user);
    // The day is planned whole (the next Pro view or reset needs it); only the answer leaves the rest out.
    expect(new Set(stored.map((item) => item.Meal))).toEqual(
      new Set(["Breakfast", "Lunch", "Snacks", "Dinner"]),
    );
    expect(user.meals).toEqual(stored.filter((item) => item.Meal === "Breakfast"));

    const week = await storedWeek(user);
    const trainingDays = [
      ...new Set(week.filter((item) => item["Workout Name"] !== "Rest Day").map((item) => item.Day)),
    ];
    expect(trainingDays).toEqual(["Monday", "Wednesday", "Friday"]);
    const exercisesOn = (items: WorkoutItemWire[], day: string) =>
      items.filter(
        (item) =>
          item.Day === day &&
          !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]) &&
          item["Workout Name"] !== "Rest Day",
      );
    expect(exercisesOn(user.workouts, "Monday")).toEqual(exercisesOn(week, "Monday"));
    expect(exercisesOn(week, "Wednesday").length).toBeGreaterThan(0);
    for (const day of ["Wednesday", "Friday"]) {
      expect(exercisesOn(user.workouts, day), day).toEqual([]);
      expect(
        user.workouts.filter((item) => item.Day === day).map((item) => item["Body Part Targeted"]),
      ).toEqual(["Warmup", "Cooldown"]);
    }

    await makePro(db(), user.userId);
    expect(await callOk(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken)).toEqual(stored);
    expect(await callOk(app(), "openai_get_workout_plan", {}, user.accessToken)).toEqual(week);
  }, 60_000);

  it("refuses to save, tick, replace or list replacements for locked content, and saves and ticks what the free tier shows", async () => {
    const user = await freeUserWithPlans();
    const stored = await storedMeals(user);
    const lunch = stored.find((item) => item.Meal === "Lunch");
    if (!lunch) throw new Error("no Lunch item planned");
    const call = (name: string, body: unknown) => callFunction(app(), name, body, user.accessToken);

    // Saving: the whole stored day (with its locked meals) is refused, what was sent is saved, and only that.
    expectProRequired(
      await call("write_user_data", { write_table: "saved_diets", diet_one: stored }),
      "save diet",
    );
    const { diet_id } = await callOk<{ diet_id: string }>(
      app(),
      "write_user_data",
      { write_table: "saved_diets", diet_one: user.meals },
      user.accessToken,
    );
    const shared = await callOk<PublicSavedDiet>(app(), "get_saved_data", { table: "saved_diets", diet_id });
    expect(shared.diet_one).toEqual(user.meals);

    expectProRequired(
      await call("write_user_data", { write_table: "saved_workouts", workout_plan: await storedWeek(user) }),
      "save workout",
    );
    expect(
      (await call("write_user_data", { write_table: "saved_workouts", workout_plan: user.workouts }))
        .statusCode,
    ).toBe(200);

    // Ticking: a locked item is refused before anything is stored; a Breakfast item is logged.
    expectProRequired(
      await call("log_meal_eaten", { date: today, item_id: lunch.id, eaten: true }),
      "tick Lunch",
    );
    const breakfast = user.meals[0];
    if (!breakfast) throw new Error("no Breakfast item");
    expect(
      (await call("log_meal_eaten", { date: today, item_id: breakfast.id, eaten: true })).statusCode,
    ).toBe(200);

    // Replacing and looking at replacements of a locked meal or day.
    const replaceBody = {
      itemToReplace: { id: lunch.id },
      column_name: "diet_one",
      userData: {},
      current_diet: [],
    };
    expectProRequired(await call("replace_diet_item", replaceBody), "replace Lunch");
    expectProRequired(await call("list_diet_replacements", replaceBody), "list Lunch replacements");
    const wednesday = (await storedWeek(user)).find(
      (item) => item.Day === "Wednesday" && !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]),
    );
    if (!wednesday) throw new Error("no Wednesday exercise planned");
    const exerciseBody = { workoutToReplace: { id: wednesday.id }, userData: {}, current_workout_data: [] };
    expectProRequired(await call("replace_workout_item", exerciseBody), "replace Wednesday");
    expectProRequired(await call("workout_alternatives", exerciseBody), "Wednesday alternatives");
  }, 60_000);

  it("keeps a free user's day through preference edits, re-plans it when a rule it breaks changes, and re-plans a Pro user's", async () => {
    const user = await freeUserWithPlans();
    const before = await storedMeals(user);
    const getDay1 = () =>
      callOk<MealItemWire[]>(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
    // Preferences (docs/product.md §6.2): cuisine, liked foods, protein sources. Each edit was a free reset.
    for (const edit of [
      { user_food_preference: "Mexican" },
      { user_fav_food: "tacos" },
      { user_preferred_protein_sources: ["Beans", "Lentils", "Seafood"] },
    ]) {
      await callOk(app(), "write_user_data", { ...PROFILE, ...edit }, user.accessToken);
      expect(await getDay1(), JSON.stringify(edit)).toEqual(user.meals);
    }
    expect(await storedMeals(user)).toEqual(before);

    // A rule no plan breaks: a vegan day has no animal foods, so the stored day gives way.
    await callOk(app(), "write_user_data", { ...PROFILE, user_diet_preference: "vegan" }, user.accessToken);
    const vegan = await getDay1();
    expect(vegan).not.toEqual(user.meals);
    expect(await storedMeals(user)).not.toEqual(before);

    const pro = await freeUserWithPlans();
    await makePro(db(), pro.userId);
    const proBefore = await storedMeals(pro);
    await callOk(app(), "write_user_data", { ...PROFILE, user_food_preference: "Mexican" }, pro.accessToken);
    await callOk(app(), "openai_get_meal_plan", { currentDay: 1 }, pro.accessToken);
    expect(await storedMeals(pro)).not.toEqual(proBefore);
  }, 90_000);
});
