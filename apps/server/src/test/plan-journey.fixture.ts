import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { WriteProfileRequest } from "@fitwise/contracts/profile";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import type { Database } from "../db/database";

/** Helpers shared by the plan-journey integration tests (profile, plans, saved). */

export const PROFILE: WriteProfileRequest = {
  user_full_name: "Ada Lovelace",
  user_age: 34,
  user_gender: "female",
  user_weight_in_kgs: 68,
  user_height_in_cm: 168,
  user_activity: 1.375,
  user_fitness_goal: "Lose Weight",
  user_preferred_workout_days: ["Monday", "Wednesday", "Friday"],
  user_workout_type: "Home Workout",
  user_experience_level: "Beginner",
  user_diet_preference: "standard",
  user_food_preference: "Italian",
  user_preferred_protein_sources: ["Poultry", "Eggs", "Dairy"],
  user_fav_food: "pasta",
  user_allergies: "sesame",
};

export function callFunction(
  app: FastifyInstance,
  name: string,
  body: unknown,
  accessToken?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/functions/v1/${name}`,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    payload: body as Record<string, unknown>,
  });
}

/** A setup step's tries at a plan that finds the plan worker busy (503 planning_busy). */
const BUSY_TRIES = 5;

/**
 * Calls a function and insists on 200, so a failing setup step names itself. A 503 planning_busy is
 * tried again after its Retry-After, as the app does: on a loaded CI machine a setup step's solve can
 * wait longer in the worker's queue than the server lets it (docs/decisions/036), which is the server
 * working as designed, not the behaviour under test.
 */
export async function callOk<T>(
  app: FastifyInstance,
  name: string,
  body: unknown,
  accessToken?: string,
): Promise<T> {
  let response = await callFunction(app, name, body, accessToken);
  for (let tries = 1; tries < BUSY_TRIES && isPlanningBusy(response); tries += 1) {
    const retryAfterS = Number(response.headers["retry-after"] ?? 1);
    await new Promise((resolveWait) => setTimeout(resolveWait, retryAfterS * 1000));
    response = await callFunction(app, name, body, accessToken);
  }
  expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
  return response.json<T>();
}

function isPlanningBusy(response: LightMyRequestResponse): boolean {
  return response.statusCode === 503 && response.body.includes('"planning_busy"');
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  issues?: unknown[];
} {
  return response.json<{ error: { code: string; message: string; issues?: unknown[] } }>().error;
}

/** Makes a user Pro the way the payments module will: a subscription row. */
export async function makePro(
  db: Database,
  userId: string,
  status = "active",
  endsAt: Date | null = null,
): Promise<void> {
  await db
    .insertInto("user_subscriptions")
    .values({
      user_id: userId,
      subscription_id: `sub_${userId.slice(0, 8)}`,
      status_name: status,
      ends_at: endsAt,
    })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ status_name: status, ends_at: endsAt }),
    )
    .execute();
}

/** Writes a profile (PROFILE unless given), then plans day 1's meals and the week's workouts. */
export async function planFirstDay(
  app: FastifyInstance,
  accessToken: string,
  profile: WriteProfileRequest = PROFILE,
): Promise<{ meals: MealItemWire[]; workouts: WorkoutItemWire[] }> {
  await callOk(app, "write_user_data", profile, accessToken);
  const meals = await callOk<MealItemWire[]>(app, "openai_get_meal_plan", { currentDay: 1 }, accessToken);
  const workouts = await callOk<WorkoutItemWire[]>(app, "openai_get_workout_plan", {}, accessToken);
  return { meals, workouts };
}

/** Writes PROFILE, plans day 1's meals and saves them, as a user sharing a plan would: the saved plan's id. */
export async function saveFirstDayDiet(app: FastifyInstance, accessToken: string): Promise<string> {
  await callOk(app, "write_user_data", PROFILE, accessToken);
  const meals = await callOk<MealItemWire[]>(app, "openai_get_meal_plan", { currentDay: 1 }, accessToken);
  const saved = await callOk<{ diet_id: string }>(
    app,
    "write_user_data",
    { write_table: "saved_diets", diet_one: meals },
    accessToken,
  );
  return saved.diet_id;
}
