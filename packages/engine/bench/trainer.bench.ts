/**
 * Reply time of the offline trainer (docs/decisions/008: median over 200 messages).
 * Run: npx tsx packages/engine/bench/trainer.bench.ts
 *
 * Each message is answered from the same starting state (all seven meal days planned by the real planner, a 4-day
 * home workout plan), so every figure is one chat turn: parseIntent + applyIntent, including any re-planning.
 */
import { createMealPlanner } from "../src/nutrition/meal-planner";
import { parseIntent } from "../src/trainer/intent-parser";
import { applyIntent } from "../src/trainer/trainer-actions";
import { fixtureState } from "../src/trainer/trainer.fixture";
import { DAY_INDICES, mealRequestFor, type TrainerState } from "../src/trainer/trainer-state";

const MESSAGES = [
  "swap the oatmeal",
  "Replace my lunch",
  "give me a different breakfast",
  "swap the white rice on day 2",
  "new meals for today",
  "Regenerate day 2",
  "reset day 5 meal plan",
  "I'm allergic to peanuts",
  "I don't like mushrooms",
  "I have a gluten intolerance",
  "make it Italian",
  "Switch to Mexican food please",
  "I went vegan",
  "I'm vegetarian now",
  "swap push-ups",
  "replace the glute bridge",
  "move Monday's workout to Tuesday",
  "Move my workout from Friday to Sunday",
  "make Friday a rest day",
  "I can't train on Saturday",
  "new workout plan",
  "I want to build muscle now",
  "I'm advanced",
  "change my level to intermediate",
  "how many calories today?",
  "How much protein do I have on day 3",
  "What are my macros?",
  "how much protein should I eat?",
  "how do I do a deadlift?",
  "How to do a goblet squat",
  "explain romanian deadlift",
  "how do I do a triple backflip?",
  "how much water should I drink?",
  "How much sleep do I need?",
  "I'm new to the gym, where do I start?",
  "I'm so sore after yesterday",
  "my knee hurts when I squat",
  "what's my workout today?",
  "which days do I train?",
  "thanks!",
  "hi",
  "Good morning Alex",
  "what's the weather like",
  "tell me a joke",
  "swap the pizza",
  "I have chest pain",
  "I feel dizzy",
  "I'm pregnant",
  "should I go vegan?",
  "I'd rather train on Sunday instead of Saturday",
];
const RUNS = 200;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

const planner = await createMealPlanner();
const base = fixtureState();
const mealPlans: TrainerState["mealPlans"] = {};
for (const day of DAY_INDICES) {
  const outcome = planner.plan(mealRequestFor(base.profile, day, day));
  mealPlans[day] = outcome.ok ? outcome.plan.items : base.mealPlans[day];
}
const state: TrainerState = { ...base, mealPlans };

// Warm the solver and the regex engine so the first message is not charged for start-up.
applyIntent(parseIntent("new meals for today", state), state, { mealPlanner: planner, seed: 0 });

const timesMs: number[] = [];
const byKind = new Map<string, number[]>();
for (let run = 0; run < RUNS; run += 1) {
  const message = MESSAGES[run % MESSAGES.length] ?? "";
  const started = performance.now();
  const intent = parseIntent(message, state);
  applyIntent(intent, state, { mealPlanner: planner, seed: run + 1 });
  const elapsedMs = performance.now() - started;
  timesMs.push(elapsedMs);
  byKind.set(intent.kind, [...(byKind.get(intent.kind) ?? []), elapsedMs]);
}

const sorted = [...timesMs].sort((a, b) => a - b);
console.log(`offline trainer, ${RUNS} messages (${MESSAGES.length} distinct), parseIntent + applyIntent`);
console.log(
  `median ${percentile(sorted, 0.5).toFixed(2)} ms · p90 ${percentile(sorted, 0.9).toFixed(2)} ms · max ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} ms`,
);
for (const [kind, times] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
  const kindSorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${kind.padEnd(20)} n=${String(times.length).padStart(3)}  median ${percentile(kindSorted, 0.5).toFixed(2)} ms`,
  );
}
