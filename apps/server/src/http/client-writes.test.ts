import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { MealItemWire } from "@fitwise/contracts/plans";
import {
  CLIENT_ID_REUSED,
  ProgressResponseSchema,
  WorkoutHistoryResponseSchema,
} from "@fitwise/contracts/progress";
import { isoDateOfDay, isoDayNumber } from "@fitwise/engine/progress/weight-trend";
import { describeWithDatabases, type SignedUp } from "../test/test-app";
import { callFunction, callOk, errorOf, PROFILE } from "../test/plan-journey.fixture";

const daysAgo = (days: number) => isoDateOfDay(isoDayNumber(new Date().toISOString().slice(0, 10)) - days);

/** Writes queued offline carry a client_id: a replay is the same write (docs/decisions/047). */
describeWithDatabases("offline writes applied once per client_id", ({ app, db, signUp }) => {
  const entriesOf = async (user: SignedUp) =>
    ProgressResponseSchema.parse(await callOk(app(), "get_progress", {}, user.accessToken)).entries;

  it("answers a replayed weigh-in with the first answer and changes nothing, even after a later edit", async () => {
    const user = await signUp();
    const clientId = randomUUID();
    const queued = { date: daysAgo(1), weight_kg: 80.4, client_id: clientId };
    const first = await callOk(app(), "log_weight", queued, user.accessToken);
    expect(first).toEqual({ entry: { date: daysAgo(1), weight_kg: 80.4 } });
    // Corrected online meanwhile; then the queued write arrives again (a lost answer, another tab).
    await callOk(app(), "log_weight", { date: daysAgo(1), weight_kg: 80.1 }, user.accessToken);
    expect(await callOk(app(), "log_weight", queued, user.accessToken)).toEqual(first);
    expect(await entriesOf(user)).toEqual([{ date: daysAgo(1), weight_kg: 80.1 }]);
  });

  it("applies a set sent twice at once exactly once", async () => {
    const user = await signUp();
    const set = {
      date: daysAgo(0),
      exercise_id: "push-up",
      set_number: 1,
      reps: 15,
      load_kg: 0,
      rir: 2,
      client_id: randomUUID(),
    };
    const answers = await Promise.all([
      callFunction(app(), "log_workout_set", set, user.accessToken),
      callFunction(app(), "log_workout_set", set, user.accessToken),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    const history = WorkoutHistoryResponseSchema.parse(
      await callOk(app(), "get_workout_history", {}, user.accessToken),
    );
    expect(history.exercises.map((exercise) => exercise.sessions)).toEqual([
      [{ date: daysAgo(0), sets: [{ set_number: 1, reps: 15, load_kg: 0, rir: 2 }] }],
    ]);
    const kept = await db()
      .selectFrom("client_writes")
      .select(["function_name"])
      .where("client_id", "=", set.client_id)
      .execute();
    expect(kept).toEqual([{ function_name: "log_workout_set" }]);
  });

  it("does not tick again an item unticked since, and applies afresh a write that was refused", async () => {
    const user = await signUp();
    await callOk(app(), "write_user_data", PROFILE, user.accessToken);
    const [item] = await callOk<MealItemWire[]>(
      app(),
      "openai_get_meal_plan",
      { currentDay: 1 },
      user.accessToken,
    );
    if (!item) throw new Error("the plan has no items");
    const tick = { date: daysAgo(0), item_id: item.id, eaten: true, client_id: randomUUID() };
    await callOk(app(), "log_meal_eaten", tick, user.accessToken);
    await callOk(
      app(),
      "log_meal_eaten",
      { date: daysAgo(0), item_id: item.id, eaten: false },
      user.accessToken,
    );
    const replay = await callOk<{ eaten: unknown[] }>(app(), "log_meal_eaten", tick, user.accessToken);
    expect(replay.eaten).toHaveLength(1);
    const progress = ProgressResponseSchema.parse(
      await callOk(app(), "get_progress", { today: daysAgo(0) }, user.accessToken),
    );
    expect(progress.eaten_today).toEqual([]);

    // The plan changed while offline: the item is gone. Refused, and nothing kept for the id.
    const gone = { date: daysAgo(0), item_id: "not-in-the-plan", eaten: true, client_id: randomUUID() };
    const refused = await callFunction(app(), "log_meal_eaten", gone, user.accessToken);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe("unknown_item");
    const again = await callFunction(app(), "log_meal_eaten", gone, user.accessToken);
    expect(again.statusCode).toBe(404);
  });

  it("refuses an id used for another function, and keeps each user's ids apart", async () => {
    const user = await signUp();
    const other = await signUp();
    const clientId = randomUUID();
    await callOk(
      app(),
      "log_weight",
      { date: daysAgo(0), weight_kg: 70, client_id: clientId },
      user.accessToken,
    );
    const reused = await callFunction(
      app(),
      "log_workout_set",
      {
        date: daysAgo(0),
        exercise_id: "push-up",
        set_number: 1,
        reps: 10,
        load_kg: 0,
        rir: 2,
        client_id: clientId,
      },
      user.accessToken,
    );
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).code).toBe(CLIENT_ID_REUSED);

    await callOk(
      app(),
      "log_weight",
      { date: daysAgo(0), weight_kg: 90, client_id: clientId },
      other.accessToken,
    );
    expect(await entriesOf(other)).toEqual([{ date: daysAgo(0), weight_kg: 90 }]);
    expect(await entriesOf(user)).toEqual([{ date: daysAgo(0), weight_kg: 70 }]);
  });

  it("refuses a client_id that is not a UUID", async () => {
    const user = await signUp();
    const response = await callFunction(
      app(),
      "log_weight",
      { date: daysAgo(0), weight_kg: 70, client_id: "1" },
      user.accessToken,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "client_id" })]),
    );
  });
});
