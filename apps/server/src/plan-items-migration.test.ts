import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { toWireMealItem, toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import type { MealItemWire, WorkoutItemWire } from "@fitwise/contracts/plans";
import { createMealPlanner } from "@fitwise/engine/nutrition/meal-planner";
import { planWorkoutWeek } from "@fitwise/engine/workouts/workout-planner";
import { findMealPlan, findWorkoutPlan } from "./modules/plans/plans.repository";
import { findPublicDiet, findPublicWorkout } from "./modules/saved/saved.repository";
import { createPostgresDatabase, postgresAdminUrl } from "./test/test-app";
import { createPGlite, openDatabase, wrapPGlite, type Database } from "./db/database";
import { migrate, readMigrations } from "./db/migrate";

/** Plans as the releases before migration 012 stored them: the API's wire shapes, older rest-day spellings included. */
async function wirePlans(): Promise<{ meals: MealItemWire[]; week: WorkoutItemWire[] }> {
  const planner = await createMealPlanner({ timeLimitMs: 1e9 });
  const meal = planner.plan({
    targetKcal: 2100,
    weightKg: 72,
    heightCm: 178,
    gender: "male",
    goal: "Gain Muscle Mass",
    dietType: "standard",
    cuisine: "Japanese",
    proteinSources: ["Seafood", "Eggs"],
    favouriteFoodsText: "",
    allergiesText: "peanuts",
    planNumber: 1,
    seed: 11,
  });
  const week = planWorkoutWeek({
    goal: "Lose Weight",
    level: "Beginner",
    days: ["Monday", "Wednesday", "Friday"],
    workoutType: "Home Workout",
    seed: 5,
  });
  if (!meal.ok || !week.ok) throw new Error("the planners refused the fixture profile");
  const wireWeek = week.plan.items.map(toWireWorkoutItem);
  // Plans shared before the planner wrote "Rest Day" said "Rest" (docs/decisions/031).
  const tuesday = wireWeek.findIndex((item) => item.Day === "Tuesday");
  const olderRest = wireWeek[tuesday];
  if (olderRest)
    wireWeek[tuesday] = { ...olderRest, "Workout Name": "Rest", "Body Part Targeted": "rest day" };
  return { meals: meal.plan.items.map(toWireMealItem), week: wireWeek };
}

async function checkMigration(db: Database): Promise<void> {
  const migrations = readMigrations();
  const before = migrations.filter((migration) => migration.version < "012");
  await migrate(db, before);
  const { meals, week } = await wirePlans();
  const exercises = week.filter((item) => !["Warmup", "Cooldown"].includes(item["Body Part Targeted"]));
  const replacedAway = [exercises[1]?.["Workout Name"] ?? "", "Push-Up (knees)"];
  const { rows } = await sql<{ id: string }>`
    insert into users (email) values ('migrated@example.com') returning id`.execute(db);
  const userId = rows[0]?.id ?? "";
  const dietId = "8f7e2a4c-3d1b-4c5e-9a6f-0b1c2d3e4f50";
  const workoutId = "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";
  await sql`insert into meal_plans (user_id, day_index, items, seed, inputs_hash, target_kcal)
    values (${userId}, 1, ${JSON.stringify(meals)}::jsonb, 11, 'hash', 2100)`.execute(db);
  await sql`insert into workout_plans (user_id, items, split, seed, inputs_hash, replaced_away)
    values (${userId}, ${JSON.stringify(week)}::jsonb, 'full body', 5, 'hash', ${JSON.stringify(replacedAway)}::jsonb)`.execute(
    db,
  );
  await sql`insert into saved_diets (diet_id, user_id, diet_one)
    values (${dietId}, ${userId}, ${JSON.stringify(meals)}::jsonb)`.execute(db);
  await sql`insert into saved_workouts (workout_id, user_id, workout_plan)
    values (${workoutId}, ${userId}, ${JSON.stringify(week)}::jsonb)`.execute(db);

  expect(await migrate(db)).toEqual(
    migrations.filter((migration) => migration.version >= "012").map((m) => m.version),
  );

  // Read back through the repositories (which check the domain schemas) and sent as the API sends them: the same bytes.
  const mealRow = await findMealPlan(db, userId, 1);
  const workoutRow = await findWorkoutPlan(db, userId);
  const savedDiet = await findPublicDiet(db, dietId);
  const savedWorkout = await findPublicWorkout(db, workoutId);
  expect(JSON.stringify(mealRow?.items.map(toWireMealItem))).toBe(JSON.stringify(meals));
  expect(JSON.stringify(savedDiet?.diet_one.map(toWireMealItem))).toBe(JSON.stringify(meals));
  expect(JSON.stringify(workoutRow?.items.map(toWireWorkoutItem))).toBe(JSON.stringify(week));
  expect(JSON.stringify(savedWorkout?.workout_plan.map(toWireWorkoutItem))).toBe(JSON.stringify(week));

  const migratedWeek = workoutRow?.items ?? [];
  expect(migratedWeek.find((item) => item.day === "Tuesday")).toMatchObject({
    kind: "rest",
    exerciseId: "rest-day",
  });
  expect(migratedWeek.filter((item) => item.kind === "warmup")).toHaveLength(3);
  expect(migratedWeek.filter((item) => item.kind === "cooldown")).toHaveLength(3);
  const planned = planWorkoutWeek({
    goal: "Lose Weight",
    level: "Beginner",
    days: ["Monday", "Wednesday", "Friday"],
    workoutType: "Home Workout",
    seed: 5,
  });
  if (!planned.ok) throw new Error(planned.error.message);
  // Every exercise id the migration computed in SQL is the engine's own id for it.
  const engineIds = new Map(planned.plan.items.map((item) => [item.id, item.exerciseId]));
  for (const item of migratedWeek.filter((entry) => entry.kind !== "rest"))
    expect(item.exerciseId).toBe(engineIds.get(item.id));
  expect(workoutRow?.replaced_away_ids).toEqual([
    exercises[1] && engineIds.get(exercises[1].id),
    "push-up-knees",
  ]);
}

describe("migration 012: stored plans move from the wire shapes to domain items", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("keeps every stored and saved plan, byte for byte as the API sends it [PGlite]", async () => {
    const db = wrapPGlite(await createPGlite({}));
    cleanups.push(() => db.destroy());
    await checkMigration(db);
  }, 120_000);

  it.skipIf(postgresAdminUrl === undefined)(
    "keeps every stored and saved plan, byte for byte as the API sends it [PostgreSQL]",
    async () => {
      const postgres = await createPostgresDatabase(postgresAdminUrl ?? "");
      const db = await openDatabase(
        { dataDir: ":memory:", databaseUrl: postgres.url },
        { onConnectionError: () => {} },
      );
      cleanups.push(async () => {
        await db.destroy();
        await postgres.drop();
      });
      await checkMigration(db);
    },
    60_000,
  );
});
