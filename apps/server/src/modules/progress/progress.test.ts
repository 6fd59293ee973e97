import { describe, expect, it, vi } from "vitest";
import type { MealItemWire } from "@fitwise/contracts/plans";
import {
  LogMealEatenResponseSchema,
  ProgressResponseSchema,
  WorkoutHistoryResponseSchema,
  type ProgressResponse,
} from "@fitwise/contracts/progress";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { describeWithBackgroundJobs, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, makePro, PROFILE } from "../../test/plan-journey.fixture";
import { latestAllowedDay } from "../diary/log-dates";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDateOfDay(isoDayNumber(todayUtc()) - days);

describe("latestAllowedDay", () => {
  it("is the UTC day plus one, for time zones up to UTC+14", () => {
    expect(isoDateOfDay(latestAllowedDay(new Date("2026-05-10T23:59:00Z")))).toBe("2026-05-11");
    expect(isoDateOfDay(latestAllowedDay(new Date("2026-05-10T00:00:00Z")))).toBe("2026-05-11");
  });
});

describeWithBackgroundJobs("progress functions (docs/decisions/022)", ({ app, db, signUp }) => {
  const progressOf = async (user: SignedUp, today?: string): Promise<ProgressResponse> =>
    ProgressResponseSchema.parse(
      await callOk(app(), "get_progress", today === undefined ? {} : { today }, user.accessToken),
    );

  const expectBadRequest = async (name: string, body: unknown, user: SignedUp, path: string) => {
    const response = await callFunction(app(), name, body, user.accessToken);
    expect(response.statusCode, `${name} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("validation_failed");
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  };

  it("needs a bearer token for every function", async () => {
    for (const name of [
      "log_weight",
      "delete_weight",
      "get_progress",
      "accept_suggested_target",
      "log_meal_eaten",
      "log_workout_set",
      "get_workout_history",
    ]) {
      const response = await callFunction(app(), name, {});
      expect(response.statusCode, name).toBe(401);
      expect(errorOf(response).code).toBe("no_authorization");
    }
  });

  describe("weigh-ins", () => {
    it("logs, edits (one per day) and deletes weigh-ins, and shows the trend and weekly rate", async () => {
      const user = await signUp();
      await callOk(app(), "log_weight", { date: daysAgo(14), weight_kg: 80 }, user.accessToken);
      await callOk(app(), "log_weight", { date: daysAgo(7), weight_kg: 79.6 }, user.accessToken);
      const logged = await callOk(app(), "log_weight", { date: daysAgo(0), weight_kg: 79 }, user.accessToken);
      expect(logged).toEqual({ entry: { date: daysAgo(0), weight_kg: 79 } });
      // Logging a day again replaces it.
      await callOk(app(), "log_weight", { date: daysAgo(0), weight_kg: 78.8 }, user.accessToken);

      const progress = await progressOf(user);
      expect(progress.entries).toEqual([
        { date: daysAgo(14), weight_kg: 80 },
        { date: daysAgo(7), weight_kg: 79.6 },
        { date: daysAgo(0), weight_kg: 78.8 },
      ]);
      expect(progress.trend.map((point) => point.date)).toEqual(progress.entries.map((entry) => entry.date));
      expect(progress.trend[0]?.trend_kg).toBe(80);
      expect(progress.trend[2]?.trend_kg).toBeLessThan(80);
      expect(progress.trend[2]?.trend_kg).toBeGreaterThan(78.8);
      expect(progress.weekly_rate_kg).toBeLessThan(0);

      expect(await callOk(app(), "delete_weight", { date: daysAgo(7) }, user.accessToken)).toEqual({
        deleted: true,
      });
      expect((await progressOf(user)).entries.map((entry) => entry.date)).toEqual([daysAgo(14), daysAgo(0)]);
      const again = await callFunction(app(), "delete_weight", { date: daysAgo(7) }, user.accessToken);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).code).toBe("not_found");
    });

    it("accepts tomorrow (time zones ahead of UTC) but no later date, nothing before 1900, 25–350 kg only", async () => {
      const user = await signUp();
      await callOk(
        app(),
        "log_weight",
        { date: isoDateOfDay(isoDayNumber(todayUtc()) + 1), weight_kg: 70 },
        user.accessToken,
      );
      await callOk(app(), "log_weight", { date: "1900-01-01", weight_kg: 25 }, user.accessToken);
      await callOk(app(), "log_weight", { date: daysAgo(3), weight_kg: 350 }, user.accessToken);
      const future = isoDateOfDay(isoDayNumber(todayUtc()) + 2);
      await expectBadRequest("log_weight", { date: future, weight_kg: 70 }, user, "date");
      await expectBadRequest("log_weight", { date: "1899-12-31", weight_kg: 70 }, user, "date");
      await expectBadRequest("log_weight", { date: "2025-02-30", weight_kg: 70 }, user, "date");
      await expectBadRequest("log_weight", { date: "yesterday", weight_kg: 70 }, user, "date");
      await expectBadRequest("log_weight", { date: daysAgo(1), weight_kg: 24.9 }, user, "weight_kg");
      await expectBadRequest("log_weight", { date: daysAgo(1), weight_kg: 350.1 }, user, "weight_kg");
      await expectBadRequest("log_weight", { date: daysAgo(1), weight_kg: "70" }, user, "weight_kg");
      await expectBadRequest("log_weight", { date: daysAgo(1) }, user, "weight_kg");
      await expectBadRequest("delete_weight", { date: "1800-01-01" }, user, "date");
      await expectBadRequest("get_progress", { today: future }, user, "date");
      await expectBadRequest(
        "accept_suggested_target",
        { goal_kcal: 1400, today: "1899-12-31" },
        user,
        "today",
      );
      await expectBadRequest("accept_suggested_target", { goal_kcal: -5 }, user, "goal_kcal");
      const message = errorOf(
        await callFunction(app(), "log_weight", { date: future, weight_kg: 70 }, user.accessToken),
      ).message;
      expect(message).toBe("Dates in the future are not accepted.");
    });

    it("keeps each user's weigh-ins to that user", async () => {
      const owner = await signUp();
      const other = await signUp();
      await callOk(app(), "log_weight", { date: daysAgo(2), weight_kg: 91.5 }, owner.accessToken);
      expect((await progressOf(other)).entries).toEqual([]);
      const steal = await callFunction(app(), "delete_weight", { date: daysAgo(2) }, other.accessToken);
      expect(steal.statusCode).toBe(404);
      // The other user's own weigh-in on the same day is theirs alone.
      await callOk(app(), "log_weight", { date: daysAgo(2), weight_kg: 60 }, other.accessToken);
      expect((await progressOf(owner)).entries).toEqual([{ date: daysAgo(2), weight_kg: 91.5 }]);
    });
  });

  describe("meals eaten", () => {
    async function userWithPlan(): Promise<SignedUp & { items: MealItemWire[] }> {
      const user = await signUp();
      await callOk(app(), "write_user_data", PROFILE, user.accessToken);
      const items = await callOk<MealItemWire[]>(
        app(),
        "openai_get_meal_plan",
        { currentDay: 1 },
        user.accessToken,
      );
      return { ...user, items };
    }

    it("sums the ticked items of a day, with edited grams, and unticks", async () => {
      const user = await userWithPlan();
      const [first, second] = user.items;
      if (!first || !second) throw new Error("the plan has fewer than two items");
      const today = daysAgo(0);
      await callOk(
        app(),
        "log_meal_eaten",
        { date: today, item_id: first.id, eaten: true },
        user.accessToken,
      );
      const both = LogMealEatenResponseSchema.parse(
        await callOk(
          app(),
          "log_meal_eaten",
          { date: today, item_id: second.id, eaten: true, grams: second.Weight / 2 },
          user.accessToken,
        ),
      );
      expect(both.eaten.map((row) => row.item_id)).toEqual([first.id, second.id]);
      expect(both.intake_kcal).toBeCloseTo(first.Calories + second.Calories / 2, 0);
      expect(both.eaten[0]).toMatchObject({ item_name: first.Item, grams: first.Weight });

      const progress = await progressOf(user, today);
      expect(progress.eaten_today.map((row) => row.item_id)).toEqual([first.id, second.id]);
      expect(progress.intake).toEqual([{ date: today, energy_kcal: both.intake_kcal }]);

      const after = LogMealEatenResponseSchema.parse(
        await callOk(
          app(),
          "log_meal_eaten",
          { date: today, item_id: first.id, eaten: false },
          user.accessToken,
        ),
      );
      expect(after.eaten.map((row) => row.item_id)).toEqual([second.id]);

      // The second item is replaced: it is no longer on the plan, so it stops counting and is named as dropped.
      await callOk(
        app(),
        "replace_diet_item",
        { itemToReplace: { id: second.id }, column_name: "diet_one" },
        user.accessToken,
      );
      const replaced = await progressOf(user, today);
      expect(replaced.eaten_today).toEqual([]);
      expect(replaced.eaten_today_dropped.map((row) => row.item_name)).toEqual([second.Item]);
    }, 30_000);

    it("refuses items outside the caller's plans, future dates and bad grams", async () => {
      const owner = await userWithPlan();
      const stranger = await signUp();
      const item = owner.items[0];
      if (!item) throw new Error("empty plan");
      const foreign = await callFunction(
        app(),
        "log_meal_eaten",
        { date: daysAgo(0), item_id: item.id, eaten: true },
        stranger.accessToken,
      );
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign).code).toBe("unknown_item");
      const future = isoDateOfDay(isoDayNumber(todayUtc()) + 5);
      await expectBadRequest(
        "log_meal_eaten",
        { date: future, item_id: item.id, eaten: true },
        owner,
        "date",
      );
      await expectBadRequest(
        "log_meal_eaten",
        { date: "1776-07-04", item_id: item.id, eaten: true },
        owner,
        "date",
      );
      await expectBadRequest(
        "log_meal_eaten",
        { date: daysAgo(0), item_id: item.id, eaten: true, grams: -1 },
        owner,
        "grams",
      );
      await expectBadRequest("log_meal_eaten", { date: daysAgo(0), item_id: item.id }, owner, "eaten");
      expect((await progressOf(stranger)).eaten_today).toEqual([]);
    });
  });

  describe("workout sets", () => {
    const set = (overrides: Record<string, unknown> = {}) => ({
      date: daysAgo(0),
      exercise_id: "barbell-bench-press",
      set_number: 1,
      reps: 10,
      load_kg: 60,
      rir: 2,
      ...overrides,
    });

    it("logs sets and answers the history newest first with the next load step", async () => {
      const user = await signUp();
      for (const [setNumber, reps] of [
        [1, 12],
        [2, 12],
        [3, 12],
      ] as const) {
        await callOk(
          app(),
          "log_workout_set",
          set({ set_number: setNumber, reps, date: daysAgo(3) }),
          user.accessToken,
        );
      }
      await callOk(
        app(),
        "log_workout_set",
        set({ set_number: 1, reps: 9, load_kg: 62.5 }),
        user.accessToken,
      );
      // Logging the same set again replaces it.
      const logged = await callOk(
        app(),
        "log_workout_set",
        set({ set_number: 1, reps: 10, load_kg: 62.5, rir: 1 }),
        user.accessToken,
      );
      expect(logged).toEqual({
        date: daysAgo(0),
        exercise_id: "barbell-bench-press",
        set: { set_number: 1, reps: 10, load_kg: 62.5, rir: 1 },
      });

      const history = WorkoutHistoryResponseSchema.parse(
        await callOk(app(), "get_workout_history", { exercise_id: "barbell-bench-press" }, user.accessToken),
      );
      expect(history.exercises).toHaveLength(1);
      const [bench] = history.exercises;
      expect(bench?.exercise_name).toBe("Barbell Bench Press");
      expect(bench?.sessions.map((session) => session.date)).toEqual([daysAgo(0), daysAgo(3)]);
      expect(bench?.sessions[1]?.sets.map((row) => row.reps)).toEqual([12, 12, 12]);
      // The latest session is below the top of 8–12: same load, more reps.
      expect(bench?.next).toEqual({ kind: "same_load", load_kg: 62.5, reps_min: 8, reps_max: 12 });

      const older = WorkoutHistoryResponseSchema.parse(
        await callOk(app(), "get_workout_history", {}, user.accessToken),
      );
      expect(older.exercises.map((exercise) => exercise.exercise_id)).toEqual(["barbell-bench-press"]);
    });

    it("suggests the next 2.5 kg once every set reaches the top of the range with a rep in reserve", async () => {
      const user = await signUp();
      for (const setNumber of [1, 2, 3]) {
        await callOk(
          app(),
          "log_workout_set",
          set({ set_number: setNumber, reps: 12, rir: 1 }),
          user.accessToken,
        );
      }
      const history = WorkoutHistoryResponseSchema.parse(
        await callOk(app(), "get_workout_history", {}, user.accessToken),
      );
      expect(history.exercises[0]?.next).toEqual({
        kind: "increase_load",
        load_kg: 62.5,
        reps_min: 8,
        reps_max: 12,
      });
    });

    it("refuses reps outside 0–100, loads outside 0–500 kg, unknown exercises, and keeps sets per user", async () => {
      const user = await signUp();
      const other = await signUp();
      await expectBadRequest("log_workout_set", set({ reps: 101 }), user, "reps");
      await expectBadRequest("log_workout_set", set({ reps: -1 }), user, "reps");
      await expectBadRequest("log_workout_set", set({ reps: 8.5 }), user, "reps");
      await expectBadRequest("log_workout_set", set({ load_kg: 500.5 }), user, "load_kg");
      await expectBadRequest("log_workout_set", set({ load_kg: -2.5 }), user, "load_kg");
      await expectBadRequest("log_workout_set", set({ rir: 11 }), user, "rir");
      await expectBadRequest("log_workout_set", set({ set_number: 0 }), user, "set_number");
      await expectBadRequest("log_workout_set", set({ date: "1899-01-01" }), user, "date");
      await expectBadRequest(
        "log_workout_set",
        set({ date: isoDateOfDay(isoDayNumber(todayUtc()) + 3) }),
        user,
        "date",
      );
      await expectBadRequest("log_workout_set", set({ exercise_id: "Bench Press!" }), user, "exercise_id");
      const unknown = await callFunction(
        app(),
        "log_workout_set",
        set({ exercise_id: "moon-walk" }),
        user.accessToken,
      );
      expect(unknown.statusCode).toBe(404);
      await callOk(app(), "log_workout_set", set({ reps: 0, load_kg: 0 }), user.accessToken);
      await callOk(
        app(),
        "log_workout_set",
        set({ reps: 100, load_kg: 500, set_number: 2 }),
        user.accessToken,
      );

      expect(await callOk(app(), "get_workout_history", {}, other.accessToken)).toEqual({ exercises: [] });
      const mine = WorkoutHistoryResponseSchema.parse(
        await callOk(app(), "get_workout_history", {}, user.accessToken),
      );
      expect(mine.exercises[0]?.sessions[0]?.sets).toHaveLength(2);
    });
  });

  describe("adaptive target (Pro, docs/decisions/021 and 022)", () => {
    /**
     * Four weeks of a user who eats ~1,800 kcal a day and keeps a steady weight (68 kg ± 0.3):
     * they spend about 1,800 kcal, below the formula's 1,924, so the target for losing weight
     * comes down from 1,524 to about 1,400.
     */
    async function fourWeeksOfLogs(user: SignedUp): Promise<void> {
      await callOk(app(), "write_user_data", PROFILE, user.accessToken);
      const items = await callOk<MealItemWire[]>(
        app(),
        "openai_get_meal_plan",
        { currentDay: 1 },
        user.accessToken,
      );
      const densest = [...items].sort((a, b) => b.Calories / b.Weight - a.Calories / a.Weight)[0];
      if (!densest) throw new Error("empty plan");
      const grams = Math.round((1800 / densest.Calories) * densest.Weight * 10) / 10;
      for (let day = 27; day >= 0; day -= 1) {
        const date = daysAgo(day);
        await callOk(
          app(),
          "log_weight",
          { date, weight_kg: 68 + (day % 2 === 0 ? 0.3 : -0.3) },
          user.accessToken,
        );
        await callOk(
          app(),
          "log_meal_eaten",
          { date, item_id: densest.id, eaten: true, grams },
          user.accessToken,
        );
      }
    }

    it("is Pro: a free user sees pro_required and cannot accept", async () => {
      const user = await signUp();
      await fourWeeksOfLogs(user);
      const progress = await progressOf(user);
      expect(progress.adaptive.status).toBe("pro_required");
      expect(progress.estimated_tdee).toBeNull();
      expect(progress.suggested_goal_tdee).toBeNull();
      // Logging itself is free.
      expect(progress.entries).toHaveLength(28);
      const accept = await callFunction(
        app(),
        "accept_suggested_target",
        { goal_kcal: 1400 },
        user.accessToken,
      );
      expect(accept.statusCode).toBe(403);
      expect(errorOf(accept).code).toBe("pro_required");
    });

    it("waits for enough data", async () => {
      const user = await signUp();
      await makePro(db(), user.userId);
      await callOk(app(), "write_user_data", PROFILE, user.accessToken);
      await callOk(app(), "log_weight", { date: daysAgo(0), weight_kg: 68 }, user.accessToken);
      const progress = await progressOf(user);
      expect(progress.adaptive).toMatchObject({
        status: "not_enough_data",
        counts: { span_days: 1, weigh_ins: 1, logged_days: 0 },
        needs: { span_days: 14, weigh_ins: 8, logged_days: 10 },
      });
      expect(progress.estimated_tdee).toBeNull();
    });

    it("suggests a target from four weeks of logs; accepting it re-solves the plans, and the next change waits a week", async () => {
      const user = await signUp();
      await makePro(db(), user.userId);
      await fourWeeksOfLogs(user);
      const progress = await progressOf(user);
      expect(progress.adaptive.status).toBe("suggest");
      expect(progress.adaptive.current_goal_tdee).toBeCloseTo(1523.6, 0);
      expect(progress.estimated_tdee).toBeGreaterThan(1750);
      expect(progress.estimated_tdee).toBeLessThan(1900);
      const suggested = progress.suggested_goal_tdee;
      expect(suggested).toBeGreaterThanOrEqual(1350);
      expect(suggested).toBeLessThanOrEqual(1500);
      expect(progress.adaptive.explanation).toMatch(
        /^Over 28 days you ate 1,800 kcal a day on average \(from the \d+ days your diary counts\)/,
      );

      const stale = await callFunction(
        app(),
        "accept_suggested_target",
        { goal_kcal: 1234 },
        user.accessToken,
      );
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).code).toBe("suggestion_changed");

      expect(
        await callOk(app(), "accept_suggested_target", { goal_kcal: suggested }, user.accessToken),
      ).toEqual({
        goal_tdee: suggested,
      });
      const profile = await callOk<{ user_goal_tdee: number }>(
        app(),
        "get_user_data",
        { table: "my_users" },
        user.accessToken,
      );
      expect(profile.user_goal_tdee).toBe(suggested);
      // The stored day is re-planned to the new target by the background job, without being opened (decision 070).
      await vi.waitFor(
        async () => {
          const plan = await db()
            .selectFrom("meal_plans")
            .select("target_kcal")
            .where("user_id", "=", user.userId)
            .where("day_index", "=", 1)
            .executeTakeFirstOrThrow();
          expect(plan.target_kcal).toBe(suggested);
        },
        { timeout: 30_000, interval: 100 },
      );
      // Writing the profile again keeps the accepted target while the goal holds.
      await callOk(app(), "write_user_data", { user_weight_in_kgs: 67.5 }, user.accessToken);
      expect(
        (
          await callOk<{ user_goal_tdee: number }>(
            app(),
            "get_user_data",
            { table: "my_users" },
            user.accessToken,
          )
        ).user_goal_tdee,
      ).toBe(suggested);

      const after = await progressOf(user);
      expect(after.adaptive.status).toBe("wait");
      expect(after.suggested_goal_tdee).toBeNull();
      const twice = await callFunction(
        app(),
        "accept_suggested_target",
        { goal_kcal: suggested },
        user.accessToken,
      );
      expect(twice.statusCode).toBe(409);
    });
  });

  it('lets Alex answer "how am I doing?" from the weigh-ins', async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const ask = async () =>
      (
        await callOk<{ message: string }>(
          app(),
          "openai_chat_trainer",
          { user_message: "How am I doing?" },
          user.accessToken,
        )
      ).message;
    // The onboarding weight is the first weigh-in (docs/decisions/053); without it Alex asks for one.
    expect(await progressOf(user)).toMatchObject({ entries: [{ date: todayUtc(), weight_kg: 68 }] });
    await callOk(app(), "delete_weight", { date: todayUtc() }, user.accessToken);
    expect(await ask()).toMatch(/haven't logged a weigh-in/);
    // Writing the same weight again does not bring it back: only a new or changed weight is a weigh-in.
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    expect((await progressOf(user)).entries).toEqual([]);
    await callOk(app(), "log_weight", { date: daysAgo(10), weight_kg: 70 }, user.accessToken);
    await callOk(app(), "log_weight", { date: daysAgo(0), weight_kg: 69 }, user.accessToken);
    const progress = await progressOf(user);
    const trend = progress.trend.at(-1)?.trend_kg ?? 0;
    const reply = await ask();
    expect(reply).toContain(
      `Your trend weight is **${(Math.round(trend * 10) / 10).toLocaleString("en-US")} kg**.`,
    );
    expect(reply).toMatch(/It's down [\d.]+ kg a week/);
  });

  it("includes the logs in export my data", async () => {
    const user = await signUp();
    await callOk(app(), "log_weight", { date: daysAgo(1), weight_kg: 72.4 }, user.accessToken);
    await callOk(
      app(),
      "log_workout_set",
      { date: daysAgo(1), exercise_id: "push-up", set_number: 1, reps: 15, load_kg: 0, rir: 2 },
      user.accessToken,
    );
    const response = await app().inject({
      method: "POST",
      url: "/functions/v1/export_my_data",
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      weight_logs: [{ date: daysAgo(1), weight_kg: 72.4 }],
      meal_logs: [],
      workout_sets: [{ date: daysAgo(1), exercise_id: "push-up", reps: 15, load_kg: 0, rir: 2 }],
    });
  });
});
