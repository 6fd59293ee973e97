import { randomBytes, randomUUID } from "node:crypto";
import { MEAL_PLAN_DAY_HEADER, MealPlanDaySchema, type MealItemWire } from "@fitwise/contracts/plans";
import type { ProfileResponse, WriteProfileRequest } from "@fitwise/contracts/profile";
import { ACTIVITY_LEVELS } from "@fitwise/engine/nutrition/energy";
import { randomPlanRequest } from "@fitwise/engine/nutrition/meal-profiles";
import { nutrientTargets } from "@fitwise/engine/nutrition/meal-targets";
import { explainPlanNotes } from "@fitwise/engine/nutrition/plan-notes";
import { seededUnit } from "@fitwise/engine/nutrition/seeded-hash";
import { WEEKDAYS } from "@fitwise/engine/workouts/exercise.types";
import { buildApp } from "../src/app";
import { findMealPlan } from "../src/modules/plans/plans.repository";
import { callFunction, callOk, makePro } from "../src/test/plan-journey.fixture";
import { signUpThrough, testConfig } from "../src/test/test-app";

/**
 * What /diet is sent beside a day's plan, through the real server (app.inject, worker pool, exact model, PGlite):
 * - notesShownPct: of the plans with a note, those whose meal-plan-day header carries every stored note word for word,
 *   each with a plain-words line from the function the /diet notes use (DayNotes.test.tsx renders those lines);
 * - food on training days: for people with 3–6 workout days, the week's planned energy against seven days of the one
 *   target, protein on every day against the goal's, and carbohydrate on training against rest days.
 * Run: npx tsx bench/plan-days.bench.ts [profiles] [weeks]
 */
const profiles = Number(process.argv[2] ?? 40);
const weeks = Number(process.argv[3] ?? 8);

/** The benchmark's random person (meal-profiles.ts) with the body data the calculator asks for. */
function profileOf(seed: number): WriteProfileRequest {
  const request = randomPlanRequest(seed);
  const unit = (key: string) => seededUnit(seed, key);
  const activity = ACTIVITY_LEVELS[Math.min(4, Math.floor(5 * unit("activity")))]?.factor ?? 1.2;
  const workoutCount = 3 + Math.floor(4 * unit("workout-days"));
  return {
    user_age: Math.round(18 + 57 * unit("age")),
    user_gender: request.gender,
    user_weight_in_kgs: request.weightKg,
    user_height_in_cm:
      Math.round(((request.gender === "male" ? 165 : 152) + 25 * unit("height")) * 100) / 100,
    user_activity: activity,
    user_fitness_goal: request.goal,
    user_preferred_workout_days: [...WEEKDAYS]
      .sort((a, b) => unit(`day-${a}`) - unit(`day-${b}`))
      .slice(0, workoutCount)
      .sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)),
    user_workout_type: "Home Workout",
    user_experience_level: "Beginner",
    user_diet_preference: request.dietType,
    user_food_preference: request.cuisine,
    user_preferred_protein_sources: [...request.proteinSources],
    user_fav_food: request.favouriteFoodsText,
    user_allergies: request.allergiesText,
  };
}

const app = await buildApp(testConfig({ jwtSecret: randomBytes(32).toString("base64url") }), {
  logger: false,
});
try {
  const dayOf = async (token: string, currentDay: number) => {
    await callOk(app, "openai_get_meal_plan", { currentDay }, token);
    const response = await callFunction(app, "openai_get_meal_plan", { currentDay }, token);
    return {
      items: response.json<MealItemWire[]>(),
      day: MealPlanDaySchema.parse(JSON.parse(String(response.headers[MEAL_PLAN_DAY_HEADER]))),
    };
  };

  let withNote = 0;
  let shown = 0;
  const topics = new Map<string, number>();
  for (let index = 0; index < profiles; index += 1) {
    const user = await signUpThrough(app, `notes-${randomUUID()}@example.com`);
    await callOk(app, "write_user_data", profileOf(5_000 + index), user.accessToken);
    const { day } = await dayOf(user.accessToken, 1);
    const stored = (await findMealPlan(app.db, user.userId, 1))?.notes ?? [];
    if (stored.length === 0) continue;
    withNote += 1;
    const plain = explainPlanNotes(day.notes);
    for (const note of plain) topics.set(note.topic, (topics.get(note.topic) ?? 0) + 1);
    const sent = stored.every((note) => day.notes.includes(note)) && day.notes.length === stored.length;
    if (sent && plain.length === stored.length && plain.every((note) => note.plain.trim() !== "")) shown += 1;
  }
  console.log(
    `plans with a note: ${withNote} of ${profiles}; topics ${JSON.stringify(Object.fromEntries(topics))}`,
  );
  console.log(`notesShownPct: ${withNote === 0 ? 100 : ((100 * shown) / withNote).toFixed(1)}`);

  const weekGapsKcal: number[] = [];
  const weekGapShares: number[] = [];
  const targetGapsKcal: number[] = [];
  const carbRatios: number[] = [];
  let proteinShortDays = 0;
  let days = 0;
  for (let index = 0; index < weeks; index += 1) {
    const user = await signUpThrough(app, `week-${randomUUID()}@example.com`);
    await makePro(app.db, user.userId);
    const profile = profileOf(7_000 + index);
    await callOk(app, "write_user_data", profile, user.accessToken);
    const baseKcal = (await dayOf(user.accessToken, 1)).day.targetKcal;
    await callOk<ProfileResponse>(app, "write_user_data", { user_training_day_food: true }, user.accessToken);
    const week: Awaited<ReturnType<typeof dayOf>>[] = [];
    for (let day = 1; day <= 7; day += 1) week.push(await dayOf(user.accessToken, day));
    const kcalOf = (items: readonly MealItemWire[]) => items.reduce((sum, item) => sum + item.Calories, 0);
    weekGapsKcal.push(week.reduce((sum, { items }) => sum + kcalOf(items), 0) - 7 * baseKcal);
    weekGapShares.push((weekGapsKcal.at(-1) ?? 0) / (7 * baseKcal));
    targetGapsKcal.push(week.reduce((sum, { day }) => sum + day.targetKcal, 0) - 7 * baseKcal);
    const proteinG = nutrientTargets({
      targetKcal: baseKcal,
      weightKg: profile.user_weight_in_kgs ?? 0,
      goal: profile.user_fitness_goal ?? "Lose Weight",
      gender: profile.user_gender ?? "female",
      heightCm: profile.user_height_in_cm ?? 0,
    }).proteinMinG;
    for (const { items } of week) {
      days += 1;
      if (items.reduce((sum, item) => sum + item.Protein, 0) < proteinG - 0.5) proteinShortDays += 1;
    }
    const meanCarbsG = (kind: string) => {
      const chosen = week.filter(({ day }) => day.dayKind === kind);
      return (
        chosen.reduce((sum, { items }) => sum + items.reduce((total, item) => total + item.Carbs, 0), 0) /
        chosen.length
      );
    };
    carbRatios.push(meanCarbsG("training") / meanCarbsG("rest"));
    console.log(
      `week ${index + 1}: ${profile.user_preferred_workout_days?.length} training days, base ${Math.round(baseKcal)} kcal, targets ${week.map(({ day }) => `${day.dayKind?.[0]}${Math.round(day.targetKcal)}`).join(" ")}, carbs training/rest ${carbRatios.at(-1)?.toFixed(2)}`,
    );
  }
  const maxAbs = (values: readonly number[]) => Math.max(...values.map((value) => Math.abs(value)));
  const median = (values: readonly number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(`weekTargetGapKcalMax: ${maxAbs(targetGapsKcal).toFixed(2)}`);
  console.log(
    `weekPlannedGapKcalMax: ${maxAbs(weekGapsKcal).toFixed(0)} (median ${median(weekGapsKcal.map(Math.abs)).toFixed(0)})`,
  );
  console.log(`weekPlannedGapPctMax: ${maxAbs(weekGapShares.map((share) => 100 * share)).toFixed(2)}`);
  console.log(`proteinShortDays: ${proteinShortDays} of ${days}`);
  console.log(
    `carbsTrainingOverRestMedian: ${median(carbRatios).toFixed(2)} (min ${Math.min(...carbRatios).toFixed(2)})`,
  );
} finally {
  await app.close();
}
