import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import type { FunctionName } from "@fitwise/contracts/functions";
import type { PublicSavedDiet } from "@fitwise/contracts/saved";
import { SaveDietResponseSchema } from "@fitwise/contracts/saved";
import {
  endClientTest,
  importSignedIn,
  jsonResponse,
  startClientTest,
  type RecordedRequest,
} from "./test-support";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

let requests: RecordedRequest[];
let responder: () => Response;

beforeEach(() => {
  requests = startClientTest(NOW, () => responder());
});

afterEach(endClientTest);

const signedIn = () => importSignedIn(NOW, () => import("./call-function"));

const PUBLIC_DIET: PublicSavedDiet = {
  diet_id: "0b6c2f4e-8d1a-4c3b-9f2e-5a6b7c8d9e0f",
  created_at: "2026-11-20T08:00:00.000Z",
  user_fitness_goal: "Lose Weight",
  user_weight_in_kgs: 70,
  user_height_in_cm: 175,
  user_age: 30,
  user_gender: "male",
  user_diet_preference: null,
  user_food_preference: null,
  user_tdee: 2400,
  user_goal_tdee: 2400,
  diet_one: [],
};

describe("callFunction", () => {
  it("POSTs the payload to /functions/v1/<name> with the bearer token and answers the registry's shape", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(200, { deleted: true });
    const answer = await callFunction("delete_weight", { date: "2026-11-21" });
    expectTypeOf(answer).toEqualTypeOf<{ deleted: true }>();
    expect(answer).toEqual({ deleted: true });
    expect(requests).toEqual([
      { url: "/functions/v1/delete_weight", authorization: "Bearer access-1", body: { date: "2026-11-21" } },
    ]);
  });

  it("refuses an answer the registry does not allow as unexpected_response", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(200, { deleted: "yes" });
    await expect(callFunction("delete_weight", { date: "2026-11-21" })).rejects.toMatchObject({
      status: 200,
      code: "unexpected_response",
    });
  });

  it("reads the answer with a stricter schema when one is given", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(200, { diet_id: PUBLIC_DIET.diet_id });
    const saved = await callFunction(
      "write_user_data",
      { write_table: "saved_diets", diet_one: [{ id: "p1-breakfast-oats" }] },
      { schema: SaveDietResponseSchema },
    );
    expectTypeOf(saved).toEqualTypeOf<{ diet_id: string }>();
    expect(saved).toEqual({ diet_id: PUBLIC_DIET.diet_id });
  });

  it("sends no token to a function the registry marks public, even when signed in", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(200, PUBLIC_DIET);
    const plan = await callFunction("get_saved_data", { table: "saved_diets", diet_id: PUBLIC_DIET.diet_id });
    expect(plan).toEqual(PUBLIC_DIET);
    expect(requests[0]?.authorization).toBeNull();
  });

  it("fails with 401 without calling the server when a bearer function is called signed out", async () => {
    const { callFunction } = await import("./call-function");
    await expect(callFunction("get_user_data", { table: "my_users" })).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(0);
  });

  it("is typed by the registry: only its names, and a wrong payload does not compile", async () => {
    const { callFunction } = await signedIn();
    responder = () => jsonResponse(400, { error: { code: "validation_failed", message: "bad" } });
    expectTypeOf(callFunction).parameter(0).toEqualTypeOf<FunctionName>();
    const calls = [
      // @ts-expect-error -- get_user_data reads one of two tables
      callFunction("get_user_data", { table: "users" }),
      // @ts-expect-error -- log_weight needs a date
      callFunction("log_weight", { weight_kg: 70 }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: "validation_failed" });
  });
});
