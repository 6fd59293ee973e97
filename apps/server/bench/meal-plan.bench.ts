import { randomBytes, randomUUID } from "node:crypto";
import { buildApp } from "../src/app";
import { signUpThrough, testConfig } from "../src/test/test-app";
import { callOk, makePro, PROFILE } from "../src/modules/plans/plan-test-helpers";

/**
 * Times openai_get_meal_plan end to end through app.inject (routing, auth, validation, database,
 * worker round trip): a fresh solve (a Pro reset, so every call plans) and a stored-plan answer.
 * Run: npm run bench:plans -w @fitwise/server [-- runs]
 */
const runs = Number(process.argv[2] ?? 50);

function summary(label: string, timesMs: number[]): string {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return `${label}: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (n=${sorted.length})`;
}

const app = await buildApp(testConfig({ jwtSecret: randomBytes(32).toString("base64url") }), {
  logger: false,
});
try {
  const user = await signUpThrough(app, `bench-${randomUUID()}@example.com`);
  await callOk(app, "write_user_data", PROFILE, user.accessToken);
  await makePro(app.db, user.userId);
  // The first call starts and warms the worker; servers do that when they start listening.
  await callOk(app, "openai_get_meal_plan", { currentDay: 1 }, user.accessToken);

  const time = async (body: Record<string, unknown>): Promise<number[]> => {
    const timesMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await callOk(app, "openai_get_meal_plan", body, user.accessToken);
      timesMs.push(performance.now() - started);
    }
    return timesMs;
  };
  console.log(summary("fresh solve (reset)", await time({ currentDay: 1, buttonPress: true })));
  console.log(summary("stored plan", await time({ currentDay: 1, buttonPress: false })));
} finally {
  await app.close();
}
