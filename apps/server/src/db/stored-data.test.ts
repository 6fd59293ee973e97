import { sql } from "kysely";
import { expect, it } from "vitest";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import { callFunction, callOk, errorOf, planFirstDay } from "../test/plan-journey.fixture";
import { describeWithDatabases, type SignedUp } from "../test/test-app";

/** A stored value no release ever wrote: a meal slot that does not exist, a number as text. */
const CORRUPT_MEAL = { id: "planted-item", slot: "Brunch", name: "Planted secret dish", grams: "120" };
const CORRUPT_EXERCISE = { id: "planted-exercise", day: "Someday", name: "Planted secret lift" };
const PLANTED = /planted|secret|brunch|someday/i;

describeWithDatabases(
  "stored plan JSON checked on read",
  ({ app, signUp, logs }) => {
    async function userWithPlans(): Promise<
      SignedUp & { meals: MealItemWire[]; workouts: WorkoutItemWire[] }
    > {
      const user = await signUp();
      const { meals, workouts } = await planFirstDay(app(), user.accessToken);
      return { ...user, meals, workouts };
    }

    /** The answer is a generic 500 that names nothing stored; the log line says where to look. */
    function expectStoredDataError(
      response: Awaited<ReturnType<typeof callFunction>>,
      where: string,
      logsBefore: number,
    ) {
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toEqual({
        code: "stored_data_invalid",
        message: "Stored data could not be read; the problem has been logged",
      });
      expect(response.body).not.toMatch(PLANTED);
      const logged = logs.lines.slice(logsBefore).map((line) => line.err?.message ?? "");
      expect(
        logged.some((message) => message.includes(where) && /does not match its contract/.test(message)),
      ).toBe(true);
    }

    it("refuses a corrupt day plan with a logged 500, and valid days still load", async () => {
      const user = await userWithPlans();
      expect(user.meals.length).toBeGreaterThan(0);
      await sql`update meal_plans set items = ${JSON.stringify([CORRUPT_MEAL])}::jsonb
        where user_id = ${user.userId} and day_index = 1`.execute(app().db);

      const before = logs.lines.length;
      const response = await callFunction(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
      expectStoredDataError(response, `meal_plans.items of ${user.userId} day 1`, before);
      const line = logs.lines.slice(before).find((entry) => entry.err?.message?.includes("meal_plans.items"));
      // The path and the expectation are logged, never the stored value itself.
      expect(line?.err?.message).toMatch(/0\.slot/);
      expect(line?.err?.message).not.toMatch(/planted|secret|brunch/i);

      // Another user's plans are untouched by it.
      const other = await userWithPlans();
      expect(other.meals.length).toBeGreaterThan(0);
    });

    it("refuses a corrupt week plan on every function that reads it", async () => {
      const user = await userWithPlans();
      await sql`update workout_plans set items = ${JSON.stringify([CORRUPT_EXERCISE])}::jsonb
        where user_id = ${user.userId}`.execute(app().db);

      for (const [name, body] of [
        ["openai_get_workout_plan", {}],
        ["workout_alternatives", { workoutToReplace: { id: user.workouts[0]?.id ?? "" } }],
      ] as const) {
        const before = logs.lines.length;
        const response = await callFunction(app(), name, body, user.accessToken);
        expectStoredDataError(response, `workout_plans.items of ${user.userId}`, before);
      }
    });

    it("refuses a profile column outside its domain union when plans read the profile", async () => {
      const user = await userWithPlans();
      await sql`update my_users set user_food_preference = 'Planted secret cuisine'
        where user_id = ${user.userId}`.execute(app().db);
      const before = logs.lines.length;
      const response = await callFunction(app(), "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);
      expectStoredDataError(response, `my_users.* of ${user.userId}`, before);
      const line = logs.lines.slice(before).find((entry) => entry.err?.message?.includes("my_users"));
      expect(line?.err?.message).toMatch(/user_food_preference/);
      expect(line?.err?.message).not.toMatch(/planted|secret/i);
    });

    it("refuses a corrupt saved plan in the owner's list and behind its public link", async () => {
      const user = await userWithPlans();
      const { diet_id: dietId } = await callOk<{ diet_id: string }>(
        app(),
        "write_user_data",
        { write_table: "saved_diets", diet_one: user.meals },
        user.accessToken,
      );
      const { workout_id: workoutId } = await callOk<{ workout_id: string }>(
        app(),
        "write_user_data",
        { write_table: "saved_workouts", workout_plan: user.workouts },
        user.accessToken,
      );
      await sql`update saved_diets set diet_one = ${JSON.stringify([CORRUPT_MEAL])}::jsonb
        where diet_id = ${dietId}`.execute(app().db);
      await sql`update saved_workouts set workout_plan = ${JSON.stringify([CORRUPT_EXERCISE])}::jsonb
        where workout_id = ${workoutId}`.execute(app().db);

      const checks = [
        ["get_saved_list", { table: "saved_diets" }, `saved_diets.diet_one of ${dietId}`],
        ["get_saved_data", { table: "saved_diets", diet_id: dietId }, `saved_diets.diet_one of ${dietId}`],
        ["get_saved_list", { table: "saved_workouts" }, `saved_workouts.workout_plan of ${workoutId}`],
        [
          "get_saved_data",
          { table: "saved_workouts", workout_id: workoutId },
          `saved_workouts.workout_plan of ${workoutId}`,
        ],
      ] as const;
      for (const [name, body, where] of checks) {
        const before = logs.lines.length;
        const response = await callFunction(app(), name, body, user.accessToken);
        expectStoredDataError(response, where, before);
      }
    });
  },
  { config: { logLevel: "error" }, captureLogs: true },
);
