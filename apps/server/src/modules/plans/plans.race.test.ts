import { expect, it } from "vitest";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { describeWithDatabases } from "../../test/test-app";
import { callFunction, callOk, planFirstDay } from "../../test/plan-journey.fixture";

/*
 * A free user's Replace, a chat swap and a save at the same moment: each takes the plan rows and the
 * free-tier counter, and on PostgreSQL two transactions taking them in opposite orders deadlock
 * (40P01). With one lock order (plans.repository.ts lockPlanRows) and the bounded retry
 * (db/transaction.ts) every answer is a success or an honest 403/409, never a 500.
 */
describeWithDatabases("Replace, chat swaps and saves racing on one free user", (ctx) => {
  it("answers no 5xx over 20 simultaneous rounds", async () => {
    const user = await ctx.signUp();
    await planFirstDay(ctx.app(), user.accessToken);
    const statuses: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      // A fresh allowance each round, so every request really counts and writes.
      await ctx.db().deleteFrom("usage_counters").where("user_id", "=", user.userId).execute();
      const meals = await callOk<MealItemWire[]>(
        ctx.app(),
        "openai_get_meal_plan",
        { currentDay: 1 },
        user.accessToken,
      );
      const breakfast = meals.filter((item) => item.Meal === "Breakfast");
      const [first, second] = [breakfast[0], breakfast[1] ?? breakfast[0]];
      if (!first || !second) throw new Error("day 1 has no Breakfast item");
      const answers = await Promise.all([
        callFunction(
          ctx.app(),
          "replace_diet_item",
          { itemToReplace: first, column_name: "diet_one", userData: {}, current_diet: [] },
          user.accessToken,
        ),
        callFunction(
          ctx.app(),
          "openai_chat_trainer",
          { user_message: `swap the ${second.Item}`, conversation_history: [] },
          user.accessToken,
        ),
        callFunction(
          ctx.app(),
          "write_user_data",
          { write_table: "saved_diets", diet_one: meals },
          user.accessToken,
        ),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    const serverErrors = statuses.filter((status) => status >= 500);
    expect(serverErrors).toEqual([]);
    expect(statuses.every((status) => [200, 403, 409].includes(status))).toBe(true);
    // Most rounds get through: the retry absorbs deadlocks instead of turning them into 409s.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length / 2);
  });
});
