import { expect, it } from "vitest";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import {
  PublicSavedDietSchema,
  PublicSavedWorkoutSchema,
  SavedDietRecordSchema,
  SavedWorkoutRecordSchema,
  type PublicSavedDiet,
  type PublicSavedWorkout,
  type SavedDietRecord,
  type SavedWorkoutRecord,
} from "@fitwise/contracts/saved";
import { describeWithDatabases, type SignedUp } from "../../test/test-app";
import { callFunction, callOk, errorOf, planFirstDay, PROFILE } from "../../test/plan-journey.fixture";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PUBLIC_DIET_KEYS = [
  "created_at",
  "diet_id",
  "diet_one",
  "user_age",
  "user_diet_preference",
  "user_fitness_goal",
  "user_food_preference",
  "user_gender",
  "user_goal_tdee",
  "user_height_in_cm",
  "user_tdee",
  "user_weight_in_kgs",
];
const PUBLIC_WORKOUT_KEYS = [
  "created_at",
  "user_experience_level",
  "user_fitness_goal",
  "user_preferred_workout_days",
  "user_workout_type",
  "workout_id",
  "workout_plan",
];
/** Owner details that must never reach a public page. */
const SECRET_ALLERGY = "kiwi and sesame";
const OWNER_NAME = "Grace Hopper";

describeWithDatabases("saved plan functions", ({ app, signUp }) => {
  async function ownerWithPlans(): Promise<
    SignedUp & { meals: MealItemWire[]; workouts: WorkoutItemWire[] }
  > {
    const user = await signUp();
    const { meals, workouts } = await planFirstDay(app(), user.accessToken, {
      ...PROFILE,
      user_full_name: OWNER_NAME,
      user_allergies: SECRET_ALLERGY,
      user_fav_food: "risotto",
    });
    return { ...user, meals, workouts };
  }
  const saveDiet = (user: SignedUp, items: unknown[]) =>
    callFunction(
      app(),
      "write_user_data",
      { write_table: "saved_diets", diet_one: items, user_id: user.userId },
      user.accessToken,
    );
  const saveWorkout = (user: SignedUp, items: unknown[]) =>
    callFunction(
      app(),
      "write_user_data",
      { write_table: "saved_workouts", workout_plan: items },
      user.accessToken,
    );
  const publicDiet = (dietId: string) =>
    callFunction(app(), "get_saved_data", { table: "saved_diets", diet_id: dietId });
  const publicWorkout = (workoutId: string) =>
    callFunction(app(), "get_saved_data", { table: "saved_workouts", workout_id: workoutId });

  it("refuses saving, listing and deleting without a token (401)", async () => {
    expect(
      (await callFunction(app(), "write_user_data", { write_table: "saved_diets", diet_one: [{ id: "a" }] }))
        .statusCode,
    ).toBe(401);
    expect((await callFunction(app(), "get_saved_list", { table: "saved_diets" })).statusCode).toBe(401);
    const deleteBody = { table: "saved_diets", diet_id: "00000000-0000-4000-8000-000000000000" };
    expect((await callFunction(app(), "delete_saved_plan", deleteBody)).statusCode).toBe(401);
  });

  it("answers 400 with issues for bad saves and bad lookups", async () => {
    const user = await signUp();
    for (const [name, body] of [
      ["write_user_data", { write_table: "saved_diets" }],
      ["write_user_data", { write_table: "saved_diets", diet_one: [] }],
      ["write_user_data", { write_table: "saved_workouts", workout_plan: "[]" }],
      ["get_saved_list", { table: "my_users" }],
      ["delete_saved_plan", { table: "saved_diets" }],
    ] as const) {
      const response = await callFunction(app(), name, body, user.accessToken);
      expect(response.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(response).issues?.length).toBeGreaterThan(0);
    }
    for (const body of [{ table: "my_users", diet_id: "x" }, { table: "saved_diets" }, {}]) {
      expect((await callFunction(app(), "get_saved_data", body)).statusCode).toBe(400);
    }
  });

  it("saves the server's copy of a current day plan under an unguessable id (UUID v4)", async () => {
    const owner = await ownerWithPlans();
    const forged = owner.meals.map((item) => ({
      ...item,
      Item: "Visit evil.example for free pills",
      Calories: 1,
    }));
    const response = await saveDiet(owner, forged);
    expect(response.statusCode).toBe(200);
    const { diet_id } = response.json<{ diet_id: string }>();
    expect(diet_id).toMatch(UUID_V4);

    const shared = PublicSavedDietSchema.parse((await publicDiet(diet_id)).json());
    expect(shared.diet_one).toEqual(owner.meals);
    // Body data stays off the public page until the owner opts in (decision 044).
    expect(shared).toMatchObject({
      diet_id,
      user_gender: null,
      user_age: null,
      user_food_preference: "Italian",
    });
  });

  it("refuses to save items that are not one of the caller's current plans (409)", async () => {
    const owner = await ownerWithPlans();
    const stranger = await ownerWithPlans();
    const made = await saveDiet(owner, [{ id: "made-up" }]);
    expect(made.statusCode).toBe(409);
    expect(errorOf(made).code).toBe("plan_out_of_date");
    expect((await saveWorkout(stranger, owner.workouts)).statusCode).toBe(409);
    expect((await saveWorkout(owner, owner.workouts.slice(1))).statusCode).toBe(409);
  });

  it("shows only allow-listed fields on the public diet link: no email, id, name or allergies", async () => {
    const owner = await ownerWithPlans();
    const { diet_id } = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>();
    const response = await publicDiet(diet_id);
    expect(response.statusCode).toBe(200);
    const shared = response.json<PublicSavedDiet>();
    expect(Object.keys(shared).sort()).toEqual(PUBLIC_DIET_KEYS);
    for (const secret of [owner.email, owner.userId, SECRET_ALLERGY, OWNER_NAME, "risotto"]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("shows only allow-listed fields on the public workout link", async () => {
    const owner = await ownerWithPlans();
    const saved = await saveWorkout(owner, owner.workouts);
    expect(saved.statusCode).toBe(200);
    const { workout_id } = saved.json<{ workout_id: string }>();
    expect(workout_id).toMatch(UUID_V4);
    const response = await publicWorkout(workout_id);
    expect(response.statusCode).toBe(200);
    const shared = PublicSavedWorkoutSchema.parse(response.json<PublicSavedWorkout>());
    expect(Object.keys(shared).sort()).toEqual(PUBLIC_WORKOUT_KEYS);
    expect(shared).toMatchObject({
      workout_plan: owner.workouts,
      user_preferred_workout_days: ["Monday", "Wednesday", "Friday"],
      user_workout_type: "Home Workout",
      user_experience_level: "Beginner",
    });
    for (const secret of [owner.email, owner.userId, SECRET_ALLERGY, OWNER_NAME]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("answers 404 for unknown and malformed ids, and for a diet id asked as a workout", async () => {
    const owner = await ownerWithPlans();
    const { diet_id } = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>();
    for (const response of [
      await publicDiet("6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"),
      await publicDiet("not-a-uuid'; drop table saved_diets; --"),
      await publicDiet(""),
      await publicWorkout(diet_id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe("saved_plan_not_found");
    }
  });

  it("lists only the caller's own records, newest first", async () => {
    const owner = await ownerWithPlans();
    const stranger = await ownerWithPlans();
    const first = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>().diet_id;
    const second = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>().diet_id;
    await saveWorkout(owner, owner.workouts);

    const diets = await callOk<SavedDietRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_diets" },
      owner.accessToken,
    );
    expect(diets.map((record) => record.diet_id)).toEqual([second, first]);
    expect(SavedDietRecordSchema.parse(diets[0])).toMatchObject({
      user_allergies: SECRET_ALLERGY,
      public: true,
    });
    const workouts = await callOk<SavedWorkoutRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_workouts" },
      owner.accessToken,
    );
    expect(workouts).toHaveLength(1);
    expect(SavedWorkoutRecordSchema.parse(workouts[0]).workout_plan).toEqual(owner.workouts);

    expect(await callOk(app(), "get_saved_list", { table: "saved_diets" }, stranger.accessToken)).toEqual([]);
    expect(await callOk(app(), "get_saved_list", { table: "saved_workouts" }, stranger.accessToken)).toEqual(
      [],
    );
  });

  it("numbers saved plans in the order they were saved, and never renumbers them", async () => {
    const owner = await ownerWithPlans();
    const other = await ownerWithPlans();
    const ids = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await saveDiet(owner, owner.meals)).json<{ diet_id: string }>().diet_id);
    await saveDiet(other, other.meals);
    await saveWorkout(owner, owner.workouts);
    const numbers = async () =>
      (
        await callOk<SavedDietRecord[]>(app(), "get_saved_list", { table: "saved_diets" }, owner.accessToken)
      ).map((record) => [record.diet_id, record.plan_number]);
    expect(await numbers()).toEqual([
      [ids[2], 3],
      [ids[1], 2],
      [ids[0], 1],
    ]);
    const removed = await callFunction(
      app(),
      "delete_saved_plan",
      { table: "saved_diets", diet_id: ids[1] },
      owner.accessToken,
    );
    expect(removed.statusCode).toBe(200);
    const fourth = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>().diet_id;
    expect(await numbers()).toEqual([
      [fourth, 4],
      [ids[2], 3],
      [ids[0], 1],
    ]);
    const workouts = await callOk<SavedWorkoutRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_workouts" },
      owner.accessToken,
    );
    expect(workouts.map((record) => record.plan_number)).toEqual([1]);
  });

  it("lets only the owner delete a saved plan; its link then answers 404", async () => {
    const owner = await ownerWithPlans();
    const stranger = await signUp();
    const { diet_id } = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>();
    const { workout_id } = (await saveWorkout(owner, owner.workouts)).json<{ workout_id: string }>();
    const dietRef = { table: "saved_diets", diet_id };
    const workoutRef = { table: "saved_workouts", workout_id };

    for (const ref of [dietRef, workoutRef]) {
      const refused = await callFunction(app(), "delete_saved_plan", ref, stranger.accessToken);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).code).toBe("saved_plan_not_found");
    }
    expect((await publicDiet(diet_id)).statusCode).toBe(200);
    expect((await publicWorkout(workout_id)).statusCode).toBe(200);

    for (const ref of [dietRef, workoutRef]) {
      expect(await callOk(app(), "delete_saved_plan", ref, owner.accessToken)).toEqual({ deleted: true });
      expect((await callFunction(app(), "delete_saved_plan", ref, owner.accessToken)).statusCode).toBe(404);
    }
    expect((await publicDiet(diet_id)).statusCode).toBe(404);
    expect((await publicWorkout(workout_id)).statusCode).toBe(404);
    expect(await callOk(app(), "get_saved_list", { table: "saved_diets" }, owner.accessToken)).toEqual([]);
  });

  it("hides body data on the public diet page unless the owner opts in, and shows it to the owner", async () => {
    const owner = await ownerWithPlans();
    const { diet_id } = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>();
    const bodyFields = [
      "user_age",
      "user_gender",
      "user_weight_in_kgs",
      "user_height_in_cm",
      "user_tdee",
      "user_goal_tdee",
    ] as const;
    const hidden = (await publicDiet(diet_id)).json<PublicSavedDiet>();
    for (const field of bodyFields) expect(hidden[field], field).toBeNull();
    expect(hidden.diet_one.length).toBeGreaterThan(0);
    const [listed] = await callOk<SavedDietRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_diets" },
      owner.accessToken,
    );
    expect(listed).toMatchObject({
      public: true,
      show_body_data: false,
      user_age: PROFILE.user_age,
      user_gender: PROFILE.user_gender,
    });

    expect(
      await callOk(
        app(),
        "set_saved_plan_visibility",
        { table: "saved_diets", diet_id, public: true, show_body_data: true },
        owner.accessToken,
      ),
    ).toEqual({ public: true, show_body_data: true });
    const shown = (await publicDiet(diet_id)).json<PublicSavedDiet>();
    expect(shown).toMatchObject({
      user_age: PROFILE.user_age,
      user_gender: PROFILE.user_gender,
      user_weight_in_kgs: PROFILE.user_weight_in_kgs,
      user_height_in_cm: PROFILE.user_height_in_cm,
    });
    expect(shown.user_tdee).toBeGreaterThan(0);
  });

  it("lets only the owner make a saved plan private (its link answers 404) and public again", async () => {
    const owner = await ownerWithPlans();
    const stranger = await signUp();
    const { diet_id } = (await saveDiet(owner, owner.meals)).json<{ diet_id: string }>();
    const { workout_id } = (await saveWorkout(owner, owner.workouts)).json<{ workout_id: string }>();
    const refs = [
      { table: "saved_diets", diet_id },
      { table: "saved_workouts", workout_id },
    ] as const;
    const link = (ref: (typeof refs)[number]) =>
      ref.table === "saved_diets" ? publicDiet(ref.diet_id) : publicWorkout(ref.workout_id);
    // Read once so the public answer is cached: making it private must still take effect at once.
    for (const ref of refs) expect((await link(ref)).statusCode).toBe(200);

    for (const ref of refs) {
      const refused = await callFunction(
        app(),
        "set_saved_plan_visibility",
        { ...ref, public: false },
        stranger.accessToken,
      );
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).code).toBe("saved_plan_not_found");
      expect((await link(ref)).statusCode).toBe(200);
      expect(
        (await callFunction(app(), "set_saved_plan_visibility", { ...ref, public: false })).statusCode,
      ).toBe(401);
    }
    for (const ref of refs) {
      expect(
        await callOk(app(), "set_saved_plan_visibility", { ...ref, public: false }, owner.accessToken),
      ).toMatchObject({ public: false });
      const gone = await link(ref);
      expect(gone.statusCode).toBe(404);
      expect(errorOf(gone).code).toBe("saved_plan_not_found");
    }
    const diets = await callOk<SavedDietRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_diets" },
      owner.accessToken,
    );
    const workouts = await callOk<SavedWorkoutRecord[]>(
      app(),
      "get_saved_list",
      { table: "saved_workouts" },
      owner.accessToken,
    );
    expect(diets.map((row) => row.public)).toEqual([false]);
    expect(workouts.map((row) => row.public)).toEqual([false]);

    for (const ref of refs) {
      await callOk(app(), "set_saved_plan_visibility", { ...ref, public: true }, owner.accessToken);
      expect((await link(ref)).statusCode).toBe(200);
    }
    const malformed = await callFunction(
      app(),
      "set_saved_plan_visibility",
      { table: "saved_diets", diet_id: "x", public: true },
      owner.accessToken,
    );
    expect(malformed.statusCode).toBe(404);
  });
});
