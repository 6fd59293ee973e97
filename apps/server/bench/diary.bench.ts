/**
 * Food search and the diary through the real HTTP stack (app.inject, in-memory PGlite): a person with
 * allergies types 40 queries a keystroke at a time ("c", "ch", "chi"… as a search box sends them), then logs
 * foods and reads the day. Prints one JSON line; searchFoodsP95Ms should stay at or under 10 ms.
 * Run: npm run bench:diary
 */
import { performance } from "node:perf_hooks";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/env";

const QUERIES = [
  "chiken breast",
  "greek yoghurt",
  "banana",
  "oat milk",
  "brown rice",
  "peanut butter",
  "scrambled eggs",
  "salmon",
  "whole milk",
  "cottage cheese",
  "sweet potato",
  "olive oil",
  "avocado",
  "broccoli",
  "almonds",
  "tuna canned",
  "apple",
  "pasta",
  "bread",
  "cheddar cheese",
  "ground beef",
  "turkey breast",
  "lentil soup",
  "hummus",
  "black beans",
  "tofu",
  "strawberries",
  "blueberries",
  "orange juice",
  "coffee",
  "dark chocolate",
  "pizza",
  "mac and cheese",
  "chicken tikka masala",
  "pad thai",
  "oatmeal",
  "bagel",
  "shrimp",
  "honey",
  "spinach",
];

const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  HOST: "127.0.0.1",
  PORT: "0",
  RATE_LIMIT_SIGNUP_PER_MINUTE: "1000",
});
const app = await buildApp(config, { logger: false });

async function call(name: string, token: string, payload: Record<string, unknown>): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url: `/functions/v1/${name}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response.statusCode;
}

const signUp = await app.inject({
  method: "POST",
  url: "/auth/v1/signup",
  payload: {
    email: `bench-diary-${Date.now()}@example.com`,
    password: "correct horse battery staple",
    data: {},
  },
});
const token = signUp.json<{ access_token: string }>().access_token;
await call("write_user_data", token, {
  user_age: 34,
  user_gender: "female",
  user_weight_in_kgs: 68,
  user_height_in_cm: 168,
  user_activity: 1.375,
  user_fitness_goal: "Lose Weight",
  user_diet_preference: "standard",
  user_food_preference: "American",
  user_allergies: "peanuts, shellfish, no pork",
});

// The diet screen reads the profile before anyone searches, as the app does.
await call("get_user_data", token, { table: "my_users" });

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

// The first request builds the search index and compiles the code paths; that start is not a search time.
const warmUpMs = await timed(() => call("search_foods", token, { query: "warm up" }));

const searchMs: number[] = [];
for (const query of QUERIES)
  for (let length = 1; length <= query.length; length += 1) {
    const typed = query.slice(0, length);
    if (typed.trim() === "") continue;
    searchMs.push(await timed(() => call("search_foods", token, { query: typed })));
  }

const date = new Date().toISOString().slice(0, 10);
const logMs: number[] = [];
const diaryMs: number[] = [];
for (let index = 0; index < 50; index += 1) {
  logMs.push(
    await timed(() =>
      call("log_food", token, { date, meal: "Lunch", food_id: "banana", grams: 100 + index }),
    ),
  );
  diaryMs.push(await timed(() => call("get_diary", token, { date })));
}
await app.close();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
};
console.log(
  JSON.stringify({
    searches: searchMs.length,
    searchFoodsP50Ms: quantile(searchMs, 0.5),
    searchFoodsP95Ms: quantile(searchMs, 0.95),
    searchFoodsMaxMs: quantile(searchMs, 1),
    logFoodP95Ms: quantile(logMs, 0.95),
    getDiaryP95Ms: quantile(diaryMs, 0.95),
    warmUpMs: Math.round(warmUpMs),
  }),
);
