import { describe, expect, it } from "vitest";
import { fromWireMealItem, toWireMealItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import {
  MealPlanResponseSchema,
  MealItemWireSchema,
  WorkoutItemWireSchema,
  WorkoutPlanResponseSchema,
  REPLACEMENT_LIMIT_MESSAGE,
  UNRECOGNISED_AVOIDANCES_HEADER,
  type MealItemWire,
  type ListDietReplacementsResponse,
  type ReplaceDietItemResponse,
  type ReplaceWorkoutItemResponse,
  type WorkoutAlternativesResponse,
  type WorkoutItemWire,
} from "@fitwise/contracts/plans";
import type { ProfileResponse } from "@fitwise/contracts/profile";
import { computeEnergyTargets } from "@fitwise/engine/nutrition/energy";
import { findFood } from "@fitwise/engine/nutrition/food-catalogue";
import { HttpError } from "../../http/errors";
import { findExerciseByName } from "@fitwise/engine/workouts/exercise-library";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import type { PlanPool } from "./plan-pool";
import { PlanningBusyError } from "./plan-pool";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { findMealPlan, findWorkoutPlan, saveMealPlan, updateMealPlanItems } from "./plans.repository";
import { getMealPlan } from "./plans.service";

const mealPlan = (day = 1, buttonPress = false) => ({
  currentDay: day,
  buttonPress,
  user_fitness_goal: "Lose Weight",
  user_goal_tdee: 1200,
});
const workoutPlan = (buttonPress = false) => ({ user_id: "ignored", buttonPress });

describeWithDatabases("plan functions", ({ app, db, signUp }) => {
  async function userWithProfile(profile: Record<string, unknown> = {}): Promise<SignedUp> {
    const user = await signUp();
    await callOk(app(), "write_user_data", { ...PROFILE, ...profile }, user.accessToken);
    return user;
  }
  const getMeals = (user: SignedUp, day = 1, reset = false) =>
    callOk<MealItemWire[]>(app(), "openai_get_meal_plan", mealPlan(day, reset), user.accessToken);
  const getWorkouts = (user: SignedUp, reset = false) =>
    callOk<WorkoutItemWire[]>(app(), "openai_get_workout_plan", workoutPlan(reset), user.accessToken);
  const replaceMeal = (
    user: SignedUp,
    item: Pick<MealItemWire, "id"> & Partial<MealItemWire>,
    column = "diet_one",
  ) =>
    callFunction(
      app(),
      "replace_diet_item",
      {
        itemToReplace: item,
        column_name: column,
        userData: {},
        current_diet: [],
        user_food_preference: "Italian",
      },
      user.accessToken,
    );
  const replaceExercise = (user: SignedUp, item: Pick<WorkoutItemWire, "id">) =>
    callFunction(
      app(),
      "replace_workout_item",
      { workoutToReplace: item, userData: {}, current_workout_data: [] },
      user.accessToken,
    );
  // A free user is sent Breakfast and the first training day only (decision 055); locked items are read from storage.
  const storedDay1 = async (user: SignedUp) => {
    await getMeals(user);
    return ((await findMealPlan(db(), user.userId, 1))?.items ?? []).map(toWireMealItem);
  };
  const storedWeek = async (user: SignedUp) => {
    await getWorkouts(user);
    return ((await findWorkoutPlan(db(), user.userId))?.items ?? []).map(toWireWorkoutItem);
  };
  const replacementsUsed = async (user: SignedUp) =>
    (await callOk<ProfileResponse>(app(), "get_user_data", { table: "my_users" }, user.accessToken))
      .user_replaced;

  describe("openai_get_meal_plan", () => {
    it("refuses a missing or invalid token (401)", async () => {
      expect((await callFunction(app(), "openai_get_meal_plan", mealPlan())).statusCode).toBe(401);
      expect((await callFunction(app(), "openai_get_meal_plan", mealPlan(), "x.y.z")).statusCode).toBe(401);
    });

    it("answers 400 with issues for a bad day or flag", async () => {
      const user = await userWithProfile();
      for (const body of [{ currentDay: 0 }, { currentDay: 8 }, { currentDay: 1, buttonPress: "yes" }, {}]) {
        const response = await callFunction(app(), "openai_get_meal_plan", body, user.accessToken);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues?.length).toBeGreaterThan(0);
      }
    });

    it("plans day 1 from the stored profile, stores it, and answers the same plan again", async () => {
      const user = await userWithProfile();
      await makePro(db(), user.userId);
      const items = await getMeals(user);
      expect(MealPlanResponseSchema.parse(items)).toEqual(items);
      expect(new Set(items.map((item) => item.Meal))).toEqual(
        new Set(["Breakfast", "Lunch", "Snacks", "Dinner"]),
      );
      // The body's 1200 kcal only fills gaps: the stored profile's goal (above the floor) wins.
      const goalKcal = computeEnergyTargets({
        weightKg: 68,
        heightCm: 168,
        ageYears: 34,
        gender: "female",
        activityFactor: 1.375,
        goal: "Lose Weight",
      }).goalTdeeKcal;
      const totalKcal = items.reduce((sum, item) => sum + item.Calories, 0);
      expect(Math.abs(totalKcal - goalKcal) / goalKcal).toBeLessThanOrEqual(0.03);
      // The profile's allergy is a hard limit.
      for (const item of items) expect(findFood(item.foodId)?.allergens).not.toContain("sesame");

      expect(await getMeals(user)).toEqual(items);
      const stored = await db()
        .selectFrom("meal_plans")
        .selectAll()
        .where("user_id", "=", user.userId)
        .execute();
      // Stored as domain items (docs/decisions/042): the same plan the API answered, through the one mapper.
      expect(stored.map((row) => [row.day_index, row.items.map(toWireMealItem)])).toEqual([[1, items]]);
    });

    it("gives two users with the same profile their own plans, each derived from the user's id", async () => {
      const first = await userWithProfile();
      const second = await userWithProfile();
      const [firstItems, secondItems] = [await getMeals(first), await getMeals(second)];
      const seeds = await db()
        .selectFrom("meal_plans")
        .select(["user_id", "seed"])
        .where("user_id", "in", [first.userId, second.userId])
        .execute();
      expect(new Set(seeds.map((row) => row.seed)).size).toBe(2);
      expect(firstItems.length).toBeGreaterThan(0);
      expect(secondItems.length).toBeGreaterThan(0);
    });

    it("plans afresh when the profile changed since the stored plan was made", async () => {
      const user = await userWithProfile();
      // Pro: a free user's day is kept unless it breaks the new rules (decision 055, plans/free-tier.test.ts).
      await makePro(db(), user.userId);
      await getMeals(user);
      const storedRow = () =>
        db()
          .selectFrom("meal_plans")
          .select(["generation", "inputs_hash"])
          .where("user_id", "=", user.userId)
          .executeTakeFirstOrThrow();
      const before = await storedRow();
      await callOk(app(), "write_user_data", { user_allergies: "sesame, egg" }, user.accessToken);
      const after = await getMeals(user);
      for (const item of after) expect(findFood(item.foodId)?.allergens).not.toContain("egg");
      const row = await storedRow();
      expect(row.inputs_hash).not.toBe(before.inputs_hash);
      // A profile change is not a reset: the generation (the reset count) stays.
      expect(row.generation).toBe(0);
    });

    it("reports the allergy words it could not place, on saving the profile and with every plan", async () => {
      const user = await signUp();
      const saved = await callOk<ProfileResponse>(
        app(),
        "write_user_data",
        { ...PROFILE, user_allergies: "penuts, no pork, zorblax, 🦐" },
        user.accessToken,
      );
      expect(saved.unrecognised_avoidances).toEqual(["zorblax", "🦐"]);
      const response = await callFunction(app(), "openai_get_meal_plan", mealPlan(), user.accessToken);
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(String(response.headers[UNRECOGNISED_AVOIDANCES_HEADER]))).toEqual(["zorblax", "🦐"]);
      for (const item of response.json<MealItemWire[]>())
        expect(findFood(item.foodId)?.allergens).not.toContain("peanut");
      // A stored plan is answered with the same report.
      const again = await callFunction(app(), "openai_get_meal_plan", mealPlan(), user.accessToken);
      expect(JSON.parse(String(again.headers[UNRECOGNISED_AVOIDANCES_HEADER]))).toEqual(["zorblax", "🦐"]);
    });

    it.each([
      ["empty", "", []],
      ["emoji-only", "🥜🥜 🍤", ["🥜", "🍤"]],
      ["punctuation-only", "?!,;:", []],
    ])(
      "plans for %s allergy text and reports what it could not read, never a 5xx",
      async (_, text, words) => {
        const user = await signUp();
        const saved = await callOk<ProfileResponse>(
          app(),
          "write_user_data",
          { ...PROFILE, user_allergies: text },
          user.accessToken,
        );
        expect(saved.unrecognised_avoidances).toEqual(words);
        const response = await callFunction(app(), "openai_get_meal_plan", mealPlan(), user.accessToken);
        expect(response.statusCode).toBe(200);
        expect(JSON.parse(String(response.headers[UNRECOGNISED_AVOIDANCES_HEADER]))).toEqual(words);
      },
    );

    it("refuses a 10,000-character allergy text with a clear 400, on saving and on planning", async () => {
      const user = await userWithProfile();
      const long = "peanuts, zorblax ".repeat(600).slice(0, 10_000);
      const saving = await callFunction(app(), "write_user_data", { user_allergies: long }, user.accessToken);
      expect(saving.statusCode).toBe(400);
      expect(errorOf(saving).issues).toEqual([
        expect.objectContaining({ path: "user_allergies", message: expect.stringMatching(/1000/) }),
      ]);
      const planning = await callFunction(
        app(),
        "openai_get_meal_plan",
        { ...mealPlan(), user_allergies: long },
        user.accessToken,
      );
      expect(planning.statusCode).toBe(400);
      expect(errorOf(planning).issues).toEqual([expect.objectContaining({ path: "user_allergies" })]);
    });

    it("answers 409 profile_incomplete until the calorie calculator was filled in", async () => {
      const user = await signUp();
      await callOk(app(), "write_user_data", { user_fitness_goal: "Lose Weight" }, user.accessToken);
      const response = await callFunction(app(), "openai_get_meal_plan", mealPlan(), user.accessToken);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: "profile_incomplete" });
      expect(errorOf(response).message).toContain("your weight");
    });

    it("passes an engine refusal on as 422 with the engine's code and message", async () => {
      const user = await userWithProfile({
        user_gender: "male",
        user_weight_in_kgs: 350,
        user_height_in_cm: 275,
        user_age: 13,
        user_activity: 1.9,
        user_fitness_goal: "Gain Muscle Mass",
      });
      const response = await callFunction(app(), "openai_get_meal_plan", mealPlan(), user.accessToken);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).code).toBe("INVALID_TARGET");
      expect(errorOf(response).message).toMatch(/kcal is outside what we plan/);
    });

    it("keeps plans 2–7 and resets for Pro (403 pro_required on the free tier)", async () => {
      const user = await userWithProfile();
      for (const body of [mealPlan(2), mealPlan(7), mealPlan(1, true)]) {
        const response = await callFunction(app(), "openai_get_meal_plan", body, user.accessToken);
        expect(response.statusCode).toBe(403);
        expect(errorOf(response).code).toBe("pro_required");
      }
      expect(
        await db().selectFrom("meal_plans").selectAll().where("user_id", "=", user.userId).execute(),
      ).toEqual([]);
    });

    it("gives every meal something new on each reset", async () => {
      const user = await userWithProfile();
      await makePro(db(), user.userId, "active");
      const dishesOf = (items: MealItemWire[], meal: string) =>
        items
          .filter((item) => item.Meal === meal)
          .map((item) => item.foodId)
          .sort();
      let before = await getMeals(user, 2);
      for (let reset = 0; reset < 4; reset += 1) {
        const after = await getMeals(user, 2, true);
        for (const meal of ["Breakfast", "Lunch", "Snacks", "Dinner"]) {
          expect(dishesOf(after, meal), `reset ${reset + 1}, ${meal}`).not.toEqual(dishesOf(before, meal));
        }
        before = after;
      }
    });

    it("lets a Pro user open other days and reset a day to a different, then stable, plan", async () => {
      const user = await userWithProfile();
      await makePro(db(), user.userId, "active");
      const dayOne = await getMeals(user, 1);
      const dayTwo = await getMeals(user, 2);
      expect(dayTwo.map((item) => item.id)).not.toEqual(dayOne.map((item) => item.id));

      const reset = await getMeals(user, 1, true);
      expect(reset.map((item) => item.foodId)).not.toEqual(dayOne.map((item) => item.foodId));
      expect(await getMeals(user, 1)).toEqual(reset);
      const row = await db()
        .selectFrom("meal_plans")
        .select("generation")
        .where("user_id", "=", user.userId)
        .where("day_index", "=", 1)
        .executeTakeFirstOrThrow();
      // One reset moves to the next generation, or a few further when a seed repeated a meal.
      expect(row.generation).toBeGreaterThanOrEqual(1);
      expect(row.generation).toBeLessThanOrEqual(5);
    });
  });

  describe("another user's plans", () => {
    it("are never answered, whatever user_id the body carries", async () => {
      const owner = await userWithProfile();
      await getMeals(owner);
      await getWorkouts(owner);
      const stranger = await signUp();
      const meals = await callFunction(
        app(),
        "openai_get_meal_plan",
        { ...mealPlan(), user_id: owner.userId },
        stranger.accessToken,
      );
      expect(meals.statusCode).toBe(409);
      expect(errorOf(meals).code).toBe("profile_incomplete");
      const workouts = await callFunction(
        app(),
        "openai_get_workout_plan",
        { ...workoutPlan(), user_id: owner.userId },
        stranger.accessToken,
      );
      expect(workouts.statusCode).toBe(409);
      expect(errorOf(workouts).code).toBe("profile_incomplete");
    });
  });

  describe("replace_diet_item", () => {
    it("refuses a missing token (401) and bad input (400 with issues)", async () => {
      expect((await callFunction(app(), "replace_diet_item", { column_name: "diet_one" })).statusCode).toBe(
        401,
      );
      const user = await userWithProfile();
      for (const body of [
        { column_name: "diet_one" },
        { itemToReplace: { id: "x" }, column_name: "diet_eight" },
        { itemToReplace: "x", column_name: "diet_one" },
      ]) {
        const response = await callFunction(app(), "replace_diet_item", body, user.accessToken);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues?.length).toBeGreaterThan(0);
      }
    });

    it("replaces a Breakfast item in the stored plan before answering, and counts it", async () => {
      const user = await userWithProfile();
      const items = await getMeals(user);
      const breakfast = items.find((item) => item.Meal === "Breakfast") as MealItemWire;
      const response = await replaceMeal(user, { ...breakfast, Item: "client copy is ignored" });
      expect(response.statusCode).toBe(200);
      const body = response.json<ReplaceDietItemResponse>();
      expect(body).toMatchObject({ freeReplacementsUsed: 1, freeReplacementsLimit: 3 });
      const replacement = MealItemWireSchema.parse(JSON.parse(body.replacementItem));
      expect(replacement.Meal).toBe("Breakfast");
      expect(replacement.id).not.toBe(breakfast.id);
      expect(Math.abs(replacement.Calories - breakfast.Calories)).toBeLessThanOrEqual(
        0.05 * breakfast.Calories + 1,
      );

      const stored = await getMeals(user);
      expect(stored).toContainEqual(replacement);
      expect(stored.map((item) => item.id)).not.toContain(breakfast.id);
      expect(await replacementsUsed(user)).toBe(1);
    });

    it("lists three alternatives without counting, applies the one picked, and never offers a replaced-away food again", async () => {
      const user = await userWithProfile();
      const items = await getMeals(user);
      const breakfast = items.find((item) => item.Meal === "Breakfast") as MealItemWire;
      const listed = await callOk<ListDietReplacementsResponse>(
        app(),
        "list_diet_replacements",
        { itemToReplace: { id: breakfast.id }, column_name: "diet_one" },
        user.accessToken,
      );
      expect(listed.alternatives.length).toBeGreaterThan(0);
      expect(listed.alternatives.length).toBeLessThanOrEqual(3);
      for (const alternative of listed.alternatives) {
        expect(MealItemWireSchema.parse(alternative)).toEqual(alternative);
        expect(alternative.Meal).toBe("Breakfast");
        expect(alternative.measure).toBeTruthy();
        expect(Math.abs(alternative.Calories - breakfast.Calories)).toBeLessThanOrEqual(
          0.05 * breakfast.Calories,
        );
      }
      expect(await replacementsUsed(user)).toBe(0);
      expect(await getMeals(user)).toEqual(items);

      const picked = listed.alternatives[listed.alternatives.length - 1] as MealItemWire;
      const response = await callFunction(
        app(),
        "replace_diet_item",
        { itemToReplace: { id: breakfast.id }, column_name: "diet_one", replacementFoodId: picked.foodId },
        user.accessToken,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<ReplaceDietItemResponse>();
      expect(JSON.parse(body.replacementItem)).toEqual(picked);
      expect(body.freeReplacementsUsed).toBe(1);

      // The food replaced away is never offered for the new item.
      const again = await callOk<ListDietReplacementsResponse>(
        app(),
        "list_diet_replacements",
        { itemToReplace: { id: picked.id }, column_name: "diet_one" },
        user.accessToken,
      );
      expect(again.alternatives.map((item) => item.foodId)).not.toContain(breakfast.foodId);
      expect(await replacementsUsed(user)).toBe(1);
      const stored = await findMealPlan(db(), user.userId, 1);
      expect(stored?.replaced_food_ids).toEqual([breakfast.foodId]);
    });

    it("refuses an alternative that is not on offer (422) without counting", async () => {
      const user = await userWithProfile();
      const breakfast = (await getMeals(user)).find((item) => item.Meal === "Breakfast") as MealItemWire;
      const response = await callFunction(
        app(),
        "replace_diet_item",
        { itemToReplace: { id: breakfast.id }, column_name: "diet_one", replacementFoodId: "no-such-food" },
        user.accessToken,
      );
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).code).toBe("CHOICE_NOT_OFFERED");
      expect(await replacementsUsed(user)).toBe(0);
    });

    it("keeps Lunch, Snacks, Dinner and days 2–7 for Pro without counting (403 pro_required)", async () => {
      const user = await userWithProfile();
      const items = await getMeals(user);
      const dinner = (await storedDay1(user)).find((item) => item.Meal === "Dinner") as MealItemWire;
      const locked = await replaceMeal(user, dinner);
      expect(locked.statusCode).toBe(403);
      expect(errorOf(locked).code).toBe("pro_required");
      const otherDay = await replaceMeal(user, dinner, "diet_two");
      expect(otherDay.statusCode).toBe(403);
      expect(errorOf(otherDay).code).toBe("pro_required");
      expect(await replacementsUsed(user)).toBe(0);
      expect(await getMeals(user)).toEqual(items);
    });

    it("allows 3 free replacements, then answers the limit message of docs/product.md §9", async () => {
      const user = await userWithProfile();
      const used: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const breakfast = (await getMeals(user)).find((item) => item.Meal === "Breakfast") as MealItemWire;
        const response = await replaceMeal(user, breakfast);
        expect(response.statusCode).toBe(200);
        used.push(response.json<ReplaceDietItemResponse>().freeReplacementsUsed);
      }
      expect(used).toEqual([1, 2, 3]);
      const before = await getMeals(user);
      const breakfast = before.find((item) => item.Meal === "Breakfast") as MealItemWire;
      const refused = await replaceMeal(user, breakfast);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: "replacement_limit", message: REPLACEMENT_LIMIT_MESSAGE });
      expect(await getMeals(user)).toEqual(before);

      // The same counter covers workout replacements.
      const week = await getWorkouts(user);
      const exercise = week.find(
        (item) => item.Day === "Monday" && !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]),
      );
      const workoutRefused = await replaceExercise(user, exercise as WorkoutItemWire);
      expect(errorOf(workoutRefused).code).toBe("replacement_limit");
    });

    it("never lets concurrent requests take more than the free replacements left", async () => {
      const user = await userWithProfile();
      await db()
        .insertInto("usage_counters")
        .values({ user_id: user.userId, free_replacements: 2 })
        .execute();
      const breakfast = (await getMeals(user)).filter((item) => item.Meal === "Breakfast");
      const responses = await Promise.all(breakfast.slice(0, 2).map((item) => replaceMeal(user, item)));
      expect(
        responses.map((response) => response.statusCode).filter((status) => status === 200),
      ).toHaveLength(1);
      expect(await replacementsUsed(user)).toBe(3);
    });

    it("lets a Pro user replace any meal on any day without using free replacements", async () => {
      const user = await userWithProfile();
      await makePro(db(), user.userId, "on_trial");
      const dinner = (await getMeals(user, 3)).find((item) => item.Meal === "Dinner") as MealItemWire;
      const response = await replaceMeal(user, dinner, "diet_three");
      expect(response.statusCode).toBe(200);
      expect(response.json<ReplaceDietItemResponse>().freeReplacementsUsed).toBe(0);
      expect(await getMeals(user, 3)).toContainEqual(
        JSON.parse(response.json<ReplaceDietItemResponse>().replacementItem),
      );
    });

    it("cannot touch another user's plan (404), and leaves it unchanged", async () => {
      const owner = await userWithProfile();
      const ownerItems = await getMeals(owner);
      const ownerBreakfast = ownerItems.find((item) => item.Meal === "Breakfast") as MealItemWire;

      const stranger = await userWithProfile({
        user_diet_preference: "vegetarian",
        user_food_preference: "Mexican",
      });
      const noPlan = await replaceMeal(stranger, ownerBreakfast);
      expect(noPlan.statusCode).toBe(404);
      expect(errorOf(noPlan).code).toBe("plan_not_found");

      const strangerIds = new Set((await getMeals(stranger)).map((item) => item.id));
      const foreign = ownerItems.find((item) => !strangerIds.has(item.id)) as MealItemWire;
      const response = await replaceMeal(stranger, foreign);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe("item_not_found");
      expect(await getMeals(owner)).toEqual(ownerItems);
    });
  });

  describe("openai_get_workout_plan", () => {
    it("refuses a missing token (401) and bad input (400 with issues)", async () => {
      expect((await callFunction(app(), "openai_get_workout_plan", workoutPlan())).statusCode).toBe(401);
      const user = await userWithProfile();
      for (const body of [
        { buttonPress: "no" },
        { user_preferred_workout_days: ["Monday", "Tuesday"] },
        { user_experience_level: "Guru" },
      ]) {
        const response = await callFunction(app(), "openai_get_workout_plan", body, user.accessToken);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues?.length).toBeGreaterThan(0);
      }
    });

    it("plans the week from the stored profile, not from the body, and answers it again from storage", async () => {
      const user = await userWithProfile();
      const response = await callFunction(
        app(),
        "openai_get_workout_plan",
        {
          ...workoutPlan(),
          user_preferred_workout_days: ["Tuesday", "Thursday", "Saturday", "Sunday"],
          user_workout_type: "GYM Workout",
        },
        user.accessToken,
      );
      expect(response.statusCode).toBe(200);
      const items = WorkoutPlanResponseSchema.parse(response.json());
      const trainingDays = new Set(
        items.filter((item) => item["Body Part Targeted"] !== "Rest Day").map((item) => item.Day),
      );
      expect([...trainingDays]).toEqual(["Monday", "Wednesday", "Friday"]);
      expect(
        items.filter((item) => item["Body Part Targeted"] === "Rest Day").map((item) => item.Day),
      ).toEqual(["Tuesday", "Thursday", "Saturday", "Sunday"]);
      expect(await getWorkouts(user)).toEqual(items);
    });

    it("uses the body's days when the profile has none, and answers 409 when neither has", async () => {
      const user = await signUp();
      const missing = await callFunction(app(), "openai_get_workout_plan", workoutPlan(), user.accessToken);
      expect(missing.statusCode).toBe(409);
      expect(errorOf(missing).code).toBe("profile_incomplete");
      const items = await callOk<WorkoutItemWire[]>(
        app(),
        "openai_get_workout_plan",
        { ...workoutPlan(), user_preferred_workout_days: ["Tuesday", "Thursday", "Saturday"] },
        user.accessToken,
      );
      expect(new Set(items.filter((item) => item["No of Sets"] > 0).map((item) => item.Day))).toEqual(
        new Set(["Tuesday", "Thursday", "Saturday"]),
      );
    });

    it("plans a home week with only the declared equipment, and re-plans when the declaration changes", async () => {
      const user = await userWithProfile({ user_equipment: ["kettlebell"] });
      // Pro sees the whole week: a free user sees one training day, which need not hold the kettlebell work.
      await makePro(db(), user.userId);
      const allowed = new Set(["body weight", "kettlebell"]);
      const needs = (week: WorkoutItemWire[]) =>
        week.flatMap((item) => findExerciseByName(item["Workout Name"])?.equipment ?? []);
      const week = await getWorkouts(user);
      expect(needs(week).every((piece) => allowed.has(piece))).toBe(true);
      expect(needs(week)).toContain("kettlebell");
      await callOk(app(), "write_user_data", { user_equipment: [] }, user.accessToken);
      const bodyWeight = await getWorkouts(user);
      expect(new Set(needs(bodyWeight))).toEqual(new Set(["body weight"]));
    });

    it("plans existing profiles that never declared equipment with body weight, dumbbells and bands", async () => {
      const user = await userWithProfile();
      const profile = await callOk<ProfileResponse>(
        app(),
        "get_user_data",
        { table: "my_users" },
        user.accessToken,
      );
      expect(profile.user_equipment).toEqual(["dumbbells", "resistance band"]);
      const allowed = new Set(["body weight", "dumbbells", "resistance band"]);
      const week = await getWorkouts(user);
      for (const item of week) {
        for (const piece of findExerciseByName(item["Workout Name"])?.equipment ?? [])
          expect(allowed).toContain(piece);
      }
    });

    it("keeps resets for Pro, and a Pro reset gives another week", async () => {
      const user = await userWithProfile();
      const first = await getWorkouts(user);
      const refused = await callFunction(
        app(),
        "openai_get_workout_plan",
        workoutPlan(true),
        user.accessToken,
      );
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("pro_required");
      await makePro(db(), user.userId);
      const reset = await getWorkouts(user, true);
      expect(reset.map((item) => item.id)).not.toEqual(first.map((item) => item.id));
      expect(await getWorkouts(user)).toEqual(reset);
    });
  });

  describe("replace_workout_item", () => {
    const isExercise = (item: WorkoutItemWire) =>
      !["Warmup", "Cooldown", "Rest Day"].includes(item["Body Part Targeted"]);

    it("refuses a missing token (401) and bad input (400 with issues)", async () => {
      expect(
        (await callFunction(app(), "replace_workout_item", { workoutToReplace: { id: "x" } })).statusCode,
      ).toBe(401);
      const user = await userWithProfile();
      for (const body of [{}, { workoutToReplace: { id: "" } }, { workoutToReplace: 5 }]) {
        const response = await callFunction(app(), "replace_workout_item", body, user.accessToken);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues?.length).toBeGreaterThan(0);
      }
    });

    it("replaces an exercise of the first workout day in the stored plan, keeping body part, sets and reps", async () => {
      const user = await userWithProfile();
      const week = await getWorkouts(user);
      const exercise = week.find((item) => item.Day === "Monday" && isExercise(item)) as WorkoutItemWire;
      const response = await replaceExercise(user, exercise);
      expect(response.statusCode).toBe(200);
      const body = response.json<ReplaceWorkoutItemResponse>();
      expect(body).toMatchObject({ freeReplacementsUsed: 1, freeReplacementsLimit: 3 });
      const replacement = WorkoutItemWireSchema.parse(JSON.parse(body.replacementWorkout));
      expect(replacement).toMatchObject({
        Day: "Monday",
        "Body Part Targeted": exercise["Body Part Targeted"],
        "No of Sets": exercise["No of Sets"],
        "No of Reps": exercise["No of Reps"],
      });
      const stored = await getWorkouts(user);
      expect(stored).toContainEqual(replacement);
      expect(stored.map((item) => item.id)).not.toContain(exercise.id);
    });

    it("keeps the other workout days for Pro (403) and refuses warmups (422), without counting either", async () => {
      const user = await userWithProfile();
      const week = await storedWeek(user);
      const wednesday = week.find((item) => item.Day === "Wednesday" && isExercise(item)) as WorkoutItemWire;
      const locked = await replaceExercise(user, wednesday);
      expect(locked.statusCode).toBe(403);
      expect(errorOf(locked).code).toBe("pro_required");
      const warmup = week.find(
        (item) => item.Day === "Monday" && item["Body Part Targeted"] === "Warmup",
      ) as WorkoutItemWire;
      const refused = await replaceExercise(user, warmup);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).code).toBe("not_replaceable");
      expect(await replacementsUsed(user)).toBe(0);

      await makePro(db(), user.userId);
      expect((await replaceExercise(user, wednesday)).statusCode).toBe(200);
      expect(await replacementsUsed(user)).toBe(0);
    });

    it("offers three alternatives without counting, applies the chosen one and never brings back one replaced away", async () => {
      const user = await userWithProfile();
      await makePro(db(), user.userId);
      const week = await getWorkouts(user);
      let target = week.find((item) => item.Day === "Monday" && isExercise(item)) as WorkoutItemWire;
      const replacedAway = [target["Workout Name"]];
      for (let round = 0; round < 3; round += 1) {
        const offered = await callOk<WorkoutAlternativesResponse>(
          app(),
          "workout_alternatives",
          { workoutToReplace: { id: target.id } },
          user.accessToken,
        );
        expect(offered.alternatives.length).toBeGreaterThanOrEqual(2);
        for (const alternative of offered.alternatives) {
          expect(alternative).toMatchObject({
            Day: "Monday",
            "Body Part Targeted": target["Body Part Targeted"],
            "No of Sets": target["No of Sets"],
          });
          expect(replacedAway).not.toContain(alternative["Workout Name"]);
        }
        const pick = offered.alternatives.at(-1) as WorkoutItemWire;
        const response = await callFunction(
          app(),
          "replace_workout_item",
          { workoutToReplace: { id: target.id }, chosenWorkout: pick["Workout Name"] },
          user.accessToken,
        );
        expect(response.statusCode).toBe(200);
        const replacement = WorkoutItemWireSchema.parse(
          JSON.parse(response.json<ReplaceWorkoutItemResponse>().replacementWorkout),
        );
        expect(replacement).toEqual(pick);
        replacedAway.push(replacement["Workout Name"]);
        target = replacement;
      }
      const stale = await callFunction(
        app(),
        "replace_workout_item",
        { workoutToReplace: { id: target.id }, chosenWorkout: "Underwater Basket Press" },
        user.accessToken,
      );
      expect(stale.statusCode).toBe(422);
      expect(errorOf(stale).code).toBe("choice_unavailable");
      expect(await replacementsUsed(user)).toBe(0);
    });

    it("lets a free user look at alternatives without using a free replacement", async () => {
      const user = await userWithProfile();
      const week = await storedWeek(user);
      const exercise = week.find((item) => item.Day === "Monday" && isExercise(item)) as WorkoutItemWire;
      const offered = await callOk<WorkoutAlternativesResponse>(
        app(),
        "workout_alternatives",
        { workoutToReplace: { id: exercise.id } },
        user.accessToken,
      );
      expect(offered.alternatives).toHaveLength(3);
      expect(await replacementsUsed(user)).toBe(0);
      const wednesday = week.find((item) => item.Day === "Wednesday" && isExercise(item)) as WorkoutItemWire;
      const locked = await callFunction(
        app(),
        "workout_alternatives",
        { workoutToReplace: { id: wednesday.id } },
        user.accessToken,
      );
      expect(locked.statusCode).toBe(403);
    });

    it("cannot touch another user's plan (404), and leaves it unchanged", async () => {
      const owner = await userWithProfile();
      const ownerWeek = await getWorkouts(owner);
      const stranger = await userWithProfile();
      const exercise = ownerWeek.find((item) => item.Day === "Monday" && isExercise(item)) as WorkoutItemWire;
      const noPlan = await replaceExercise(stranger, exercise);
      expect(noPlan.statusCode).toBe(404);
      expect(errorOf(noPlan).code).toBe("plan_not_found");
      const strangerIds = new Set((await getWorkouts(stranger)).map((item) => item.id));
      const foreign = ownerWeek.find(
        (item) => isExercise(item) && !strangerIds.has(item.id),
      ) as WorkoutItemWire;
      const response = await replaceExercise(stranger, foreign);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe("item_not_found");
      expect(await getWorkouts(owner)).toEqual(ownerWeek);
    });
  });

  describe("stored plan revisions", () => {
    it("refuse a write computed against an older version of the day, even after a re-plan", async () => {
      const user = await userWithProfile();
      const items = (await getMeals(user)).map(fromWireMealItem);
      const row = await findMealPlan(db(), user.userId, 1);
      expect(row?.revision).toBe(0);
      const change = { userId: user.userId, dayIndex: 1, items: items.slice(1) };
      expect(await updateMealPlanItems(db(), { ...change, expectedRevision: 0 })).toBe(true);
      expect(await updateMealPlanItems(db(), { ...change, expectedRevision: 0 })).toBe(false);
      await saveMealPlan(db(), {
        userId: user.userId,
        dayIndex: 1,
        items,
        seed: 1,
        generation: 1,
        inputsHash: "re-planned",
        targetKcal: 1800,
        notes: [],
      });
      expect((await findMealPlan(db(), user.userId, 1))?.revision).toBe(2);
      expect(await updateMealPlanItems(db(), { ...change, expectedRevision: 1 })).toBe(false);
      expect((await findMealPlan(db(), user.userId, 1))?.items).toEqual(items);
    });
  });

  describe("when the planning workers are busy", () => {
    it("answers 503 planning_busy so the client can retry", async () => {
      const user = await userWithProfile();
      const busyPool: PlanPool = {
        run: () => Promise.reject(new PlanningBusyError()),
        warm: async () => {},
        close: async () => {},
        saturated: () => true,
        capacity: () => 0,
        mode: () => "workers",
      };
      const attempt = getMealPlan({ db: db(), pool: busyPool, now: () => new Date() }, user.userId, {
        currentDay: 1,
        buttonPress: false,
      });
      await expect(attempt).rejects.toMatchObject({ statusCode: 503, code: "planning_busy" });
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
    });
  });
});
