import { expect, it, vi } from "vitest";
import type { ChatTrainerResponse } from "@fitwise/contracts/chat";
import type { MealItemWire } from "@fitwise/contracts/plans";
import { findFood } from "@fitwise/engine/nutrition/food-catalogue";
import { describeWithBackgroundJobs, type SignedUp } from "../../test/test-app";
import { createInlinePlanPool } from "./plan-pool";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { listMealPlans } from "./plans.repository";
import { replanStaleWeek } from "./week-replan.service";

// Whole-week re-plans go through the background job queue (docs/decisions/070): after a goal change, an accepted
// target or a chat change that re-planned only the day in view, the stale days are re-planned without being opened.

const WAIT = { timeout: 30_000, interval: 100 };

describeWithBackgroundJobs("re-planning the rest of the week in the background", ({ app, db, signUp }) => {
  async function planDays(user: SignedUp, days: readonly number[]): Promise<void> {
    await makePro(db(), user.userId);
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    for (const day of days)
      await callOk<MealItemWire[]>(app(), "openai_get_meal_plan", { currentDay: day }, user.accessToken);
    await callOk(app(), "openai_get_workout_plan", {}, user.accessToken);
  }

  const storedDays = (user: SignedUp) => listMealPlans(db(), user.userId);

  const hasAllergen = (items: readonly { foodId: string }[], allergen: string) =>
    items.some((item) =>
      (findFood(item.foodId)?.allergens as readonly string[] | undefined)?.includes(allergen),
    );

  it("re-plans every stored day and the week after a goal change, none of them opened, once", async () => {
    const user = await signUp();
    await planDays(user, [1, 2, 3]);
    const before = await storedDays(user);
    const workoutBefore = await db()
      .selectFrom("workout_plans")
      .select("inputs_hash")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();

    await callOk(app(), "write_user_data", { user_fitness_goal: "Gain Muscle Mass" }, user.accessToken);

    await vi.waitFor(async () => {
      const after = await storedDays(user);
      expect(after).toHaveLength(3);
      for (const day of after) {
        const was = before.find((row) => row.day_index === day.day_index);
        expect(day.inputs_hash).not.toBe(was?.inputs_hash);
        expect(day.target_kcal).toBeGreaterThan(was?.target_kcal ?? Infinity);
      }
    }, WAIT);
    await vi.waitFor(async () => {
      const workout = await db()
        .selectFrom("workout_plans")
        .select("inputs_hash")
        .where("user_id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(workout.inputs_hash).not.toBe(workoutBefore.inputs_hash);
    }, WAIT);

    // The same job again (a retry, a duplicate) finds every plan current and writes nothing.
    const revisions = (await storedDays(user)).map((row) => row.revision);
    const pool = createInlinePlanPool();
    await replanStaleWeek({ db: db(), pool, now: () => new Date() }, user.userId);
    await pool.close();
    expect((await storedDays(user)).map((row) => row.revision)).toEqual(revisions);
  }, 120_000);

  it("chat: an allergy re-plans the day in view at once and the other days through the job", async () => {
    const user = await signUp();
    await planDays(user, [1, 2, 3]);
    // PROFILE prefers dairy, so its days hold milk; the person looks at day 1.
    const withMilk = (await storedDays(user)).filter((row) => hasAllergen(row.items, "milk"));
    expect(withMilk.map((row) => row.day_index)).toContain(2);

    const reply = await callOk<ChatTrainerResponse>(
      app(),
      "openai_chat_trainer",
      { user_message: "I'm allergic to milk", active_day: 1 },
      user.accessToken,
    );
    expect(reply.message).toMatch(/follows? in a moment/);

    await vi.waitFor(async () => {
      for (const row of await storedDays(user)) expect(hasAllergen(row.items, "milk")).toBe(false);
    }, WAIT);
  }, 120_000);

  it("a stale day read before its job ran never shows a food the person now avoids", async () => {
    const user = await signUp();
    await planDays(user, [1, 2]);
    expect(
      hasAllergen((await storedDays(user)).find((row) => row.day_index === 2)?.items ?? [], "milk"),
    ).toBe(true);
    // The allergy written straight to the table: no request, so no job; only the reads stand between.
    await db()
      .updateTable("my_users")
      .set({ user_allergies: "sesame, milk" })
      .where("user_id", "=", user.userId)
      .execute();

    const groceries = await callFunction(
      app(),
      "get_grocery_list",
      { days: [{ day: 1, plan: 2 }] },
      user.accessToken,
    );
    expect(groceries.statusCode).toBe(409);
    expect(errorOf(groceries).message).toContain("being re-planned");

    const answer = await callOk<ChatTrainerResponse>(
      app(),
      "openai_chat_trainer",
      { user_message: "what are my macros for day 2?", active_day: 2 },
      user.accessToken,
    );
    expect(answer.message).toContain("Day 2");
    const day2 = (await storedDays(user)).find((row) => row.day_index === 2);
    expect(hasAllergen(day2?.items ?? [], "milk")).toBe(false);

    const items = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 2 },
      user.accessToken,
    );
    expect(hasAllergen(items, "milk")).toBe(false);
  }, 120_000);
});
