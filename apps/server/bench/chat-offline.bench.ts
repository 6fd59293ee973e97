/**
 * Reply time of the offline trainer brain through the real HTTP stack (app.inject, in-memory PGlite, the
 * chat's worker pool): 200 messages over a mix of questions and plan changes, from 10 Pro users.
 * Run: npm run bench:chat
 */
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/env";

const USERS = 10;
const MESSAGES_PER_USER = 20;

const PROFILE = {
  user_age: 34,
  user_gender: "female",
  user_weight_in_kgs: 68,
  user_height_in_cm: 168,
  user_activity: 1.375,
  user_fitness_goal: "Lose Weight",
  user_preferred_workout_days: ["Monday", "Wednesday", "Friday", "Saturday"],
  user_workout_type: "Home Workout",
  user_experience_level: "Beginner",
  user_diet_preference: "standard",
  user_food_preference: "American",
  user_preferred_protein_sources: ["Poultry", "Eggs", "Dairy"],
  user_fav_food: "",
  user_allergies: "",
};

/** Questions and changes in roughly the mix a user sends; pairs undo each other so every turn really changes something. */
const MESSAGES = [
  "hello",
  "how much protein today?",
  "replace my breakfast",
  "what are my macros?",
  "how do I do a push-up?",
  "new meals for day 2",
  "how much water should I drink?",
  "make it Italian",
  "move Monday's workout to Tuesday",
  "what's my workout on Wednesday?",
  "I'm intermediate",
  "I don't like olives",
  "swap my lunch",
  "make it Mexican",
  "move Tuesday's workout to Monday",
  "I'm a beginner again, set my level to beginner",
  "I have chest pain when I run",
  "how much sleep do I need?",
  "what are my calories today?",
  "thanks!",
];

const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  HOST: "127.0.0.1",
  PORT: "0",
  RATE_LIMIT_SIGNUP_PER_MINUTE: "1000",
});
const app = await buildApp(config, { logger: false });

async function call(
  name: string,
  token: string,
  payload: unknown,
): Promise<{ status: number; body: string }> {
  const response = await app.inject({
    method: "POST",
    url: `/functions/v1/${name}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.body };
}

async function userWithPlans(index: number): Promise<string> {
  const signUp = await app.inject({
    method: "POST",
    url: "/auth/v1/signup",
    payload: {
      email: `bench-${index}-${Date.now()}@example.com`,
      password: "correct horse battery staple",
      data: {},
    },
  });
  const { access_token: token, user } = signUp.json<{ access_token: string; user: { id: string } }>();
  await call("write_user_data", token, PROFILE);
  await app.db
    .insertInto("user_subscriptions")
    .values({ user_id: user.id, subscription_id: `bench-${index}`, status_name: "active" })
    .execute();
  for (const day of [1, 2]) await call("openai_get_meal_plan", token, { currentDay: day });
  await call("openai_get_workout_plan", token, {});
  return token;
}

const tokens: string[] = [];
for (let index = 0; index < USERS; index += 1) tokens.push(await userWithPlans(index));

// The chat's worker starts (and compiles the engine) on the first solve; that start is not a reply time.
// A user of its own, so the measured users stay within the 20 messages a minute the chat allows.
const warmUp = performance.now();
await call("openai_chat_trainer", await userWithPlans(USERS), { user_message: "new meals for day 3" });
const warmUpMs = performance.now() - warmUp;

const timings: { message: string; ms: number; status: number }[] = [];
for (let round = 0; round < MESSAGES_PER_USER; round += 1) {
  for (const [index, token] of tokens.entries()) {
    const message = MESSAGES[(round + index) % MESSAGES.length] ?? "hello";
    const started = performance.now();
    const { status } = await call("openai_chat_trainer", token, {
      user_message: message,
      conversation_history: [],
    });
    timings.push({ message, ms: performance.now() - started, status });
  }
}
await app.close();

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const all = timings.map((timing) => timing.ms).sort((left, right) => left - right);
const failed = timings.filter((timing) => timing.status !== 200);
console.log(
  `messages: ${timings.length} (${failed.length} not 200), worker warm-up (not counted): ${warmUpMs.toFixed(0)} ms`,
);
console.log(
  `reply time: median ${quantile(all, 0.5).toFixed(1)} ms, p90 ${quantile(all, 0.9).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms`,
);
const byMessage = new Map<string, number[]>();
for (const timing of timings)
  byMessage.set(timing.message, [...(byMessage.get(timing.message) ?? []), timing.ms]);
for (const [message, values] of byMessage) {
  const sorted = [...values].sort((left, right) => left - right);
  console.log(`  ${quantile(sorted, 0.5).toFixed(1).padStart(7)} ms median  ${message}`);
}
