import { randomBytes, randomUUID } from "node:crypto";
import { buildApp } from "../src/app";
import { createWorkerPlanPool } from "../src/modules/plans/plan-pool";
import { signUpThrough, testConfig } from "../src/test/test-app";
import { callOk, makePro, PROFILE } from "../src/test/plan-journey.fixture";

/**
 * Times openai_get_meal_plan end to end through app.inject (routing, auth, validation, database,
 * worker round trip): a fresh solve (a Pro reset, so every call plans) and a stored-plan answer; then
 * get_grocery_list for seven days of the stored plan (groceryListP95Ms, issue target ≤ 20 ms) and
 * get_recipe for the plan's items (recipeP95Ms).
 * Run: npm run bench:plans -w @fitwise/server [-- runs]
 */
const runs = Number(process.argv[2] ?? 100);

function summary(label: string, timesMs: number[]): string {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return `${label}: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (n=${sorted.length})`;
}

// The server's worker pool, but without its 30 solves per user and minute (plan-pool.ts): one bench user makes the
// resets, and the days the stored-plan and grocery calls plan, that many people would make.
const planPool = createWorkerPlanPool({ perOwnerPerMinute: Number.MAX_SAFE_INTEGER });
const app = await buildApp(testConfig({ jwtSecret: randomBytes(32).toString("base64url") }), {
  logger: false,
  planPool,
});
try {
  const user = await signUpThrough(app, `bench-${randomUUID()}@example.com`);
  await callOk(app, "write_user_data", PROFILE, user.accessToken);
  await makePro(app.db, user.userId);
  // The first call starts and warms the worker; servers do that when they start listening.
  await callOk(app, "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);

  const time = async (name: string, body: (run: number) => Record<string, unknown>): Promise<number[]> => {
    const timesMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await callOk(app, name, body(run), user.accessToken);
      timesMs.push(performance.now() - started);
    }
    return timesMs;
  };
  const p95 = (timesMs: readonly number[]) =>
    [...timesMs].sort((a, b) => a - b)[Math.min(timesMs.length - 1, Math.floor(0.95 * timesMs.length))] ??
    NaN;
  const plan = () => time("openai_get_meal_plan", () => ({ currentDay: 1, buttonPress: true }));
  console.log(summary("fresh solve (reset)", await plan()));
  const stored = await time("openai_get_meal_plan", () => ({ currentDay: 1, buttonPress: false }));
  console.log(summary("stored plan", stored));
  const week = Array.from({ length: 7 }, (_, index) => ({ day: index + 1, plan: 1 }));
  const groceries = await time("get_grocery_list", () => ({ days: week }));
  console.log(summary("grocery list, 7 days", groceries));
  const items = await callOk<{ foodId: string; Weight: number }[]>(
    app,
    "openai_get_meal_plan",
    { currentDay: 1 },
    user.accessToken,
  );
  const recipes = await time("get_recipe", (run) => {
    const item = items[run % items.length];
    return { food_id: item?.foodId, grams: item?.Weight };
  });
  console.log(summary("recipe", recipes));
  console.log(`groceryListP95Ms: ${p95(groceries).toFixed(1)}`);
  console.log(`recipeP95Ms: ${p95(recipes).toFixed(1)}`);
} finally {
  await app.close();
  await planPool.close();
}
