/**
 * How well and how fast the offline trainer understands people (docs/decisions/045-measured-understanding.md).
 * Run: npm run bench:trainer
 *
 * Understanding is scored on the held-out labelled messages (src/trainer/messages.held-out.jsonl), read against the
 * fixture plans their labels were written for; the development part is reported beside it, as the figure tuning
 * was allowed to see. Reply time is one chat turn (parse + applyIntent, including any re-planning) for each
 * held-out message, from a state whose seven meal days the real planner made, run as the server runs it before it
 * answers: with deferOtherMealDays, so a change to the whole week (an allergy, cuisine, diet or goal) re-plans the day
 * in view in the reply and leaves the other days to the server's background job (docs/decisions/070). Those deferred
 * solves are not in replyMs: they happen after the answer, off the request path. The solves run in this thread here;
 * the server runs them in its plan workers, so its reply adds a hand-over per solve and the database reads and writes.
 * deferredReplanP95Ms is the deferred part of those messages (messagesWithDeferredDays), timed apart.
 */
import { readFileSync } from "node:fs";
import { createMealPlanner } from "../src/nutrition/meal-planner";
import { parseIntents } from "../src/trainer/intent-parser";
import { parseLabelledMessages, scoreUnderstanding } from "../src/trainer/labelled-messages";
import { applyIntent } from "../src/trainer/trainer-actions";
import { fixtureState } from "../src/trainer/trainer.fixture";
import { DAY_INDICES, mealRequestFor, type DayIndex, type TrainerState } from "../src/trainer/trainer-state";

function messagesOf(part: "dev" | "held-out") {
  return parseLabelledMessages(
    readFileSync(new URL(`../src/trainer/messages.${part}.jsonl`, import.meta.url), "utf8"),
  );
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

const heldOut = messagesOf("held-out");
const labelledState = fixtureState();
const heldOutScore = scoreUnderstanding(heldOut, labelledState, parseIntents);
const devScore = scoreUnderstanding(messagesOf("dev"), labelledState, parseIntents);

const planner = await createMealPlanner();
const base = fixtureState();
const mealPlans: TrainerState["mealPlans"] = {};
for (const day of DAY_INDICES) {
  const outcome = planner.plan(mealRequestFor(base.profile, day, day));
  mealPlans[day] = outcome.ok ? outcome.plan.items : base.mealPlans[day];
}
const state: TrainerState = { ...base, mealPlans };
// Warm the solver and the regex engine so the first message is not charged for start-up.
for (const intent of parseIntents("new meals for today", state))
  applyIntent(intent, state, { mealPlanner: planner, seed: 0 });

const parseMs: number[] = [];
const replyMs: number[] = [];
// The background job's share of each message that left days for later: one solve per pending day, timed apart.
const deferredMs: number[] = [];
for (const [index, message] of heldOut.entries()) {
  const started = performance.now();
  const intents = parseIntents(message.text, state);
  const parsed = performance.now();
  let current = state;
  const pending = new Set<DayIndex>();
  for (const intent of intents) {
    const outcome = applyIntent(intent, current, {
      mealPlanner: planner,
      seed: index + 1,
      deferOtherMealDays: true,
    });
    current = outcome.state;
    for (const day of outcome.pendingMealDays ?? []) pending.add(day);
  }
  const ended = performance.now();
  parseMs.push(parsed - started);
  replyMs.push(ended - started);
  if (pending.size === 0) continue;
  const deferredStarted = performance.now();
  for (const day of pending) planner.plan(mealRequestFor(current.profile, day, index + 1));
  deferredMs.push(performance.now() - deferredStarted);
}
parseMs.sort((a, b) => a - b);
replyMs.sort((a, b) => a - b);
deferredMs.sort((a, b) => a - b);

for (const miss of devScore.misses)
  console.log(
    `dev miss: ${JSON.stringify(miss.text)} expected ${JSON.stringify(miss.expected)} got ${JSON.stringify(miss.got)}`,
  );
console.log(
  JSON.stringify({
    bench: "trainer",
    part: "held-out",
    messages: heldOutScore.messages,
    intentAccuracy: round(heldOutScore.intentAccuracy, 3),
    slotAccuracy: round(heldOutScore.slotAccuracy, 3),
    confusion: heldOutScore.confusion.map(({ expected, got, count }) => `${expected}→${got} ×${count}`),
    parseP95Ms: round(percentile(parseMs, 0.95), 2),
    replyMedianMs: round(percentile(replyMs, 0.5), 2),
    replyP95Ms: round(percentile(replyMs, 0.95), 2),
    messagesWithDeferredDays: deferredMs.length,
    deferredReplanP95Ms: round(percentile(deferredMs, 0.95), 2),
    dev: {
      messages: devScore.messages,
      intentAccuracy: round(devScore.intentAccuracy, 3),
      slotAccuracy: round(devScore.slotAccuracy, 3),
    },
  }),
);
