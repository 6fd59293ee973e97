import { countsTowardFreeLimit } from "@fitwise/contracts/free-tier";
import { parseIntents, type Intent } from "@fitwise/engine/trainer/intent-parser";
import { applyIntent } from "@fitwise/engine/trainer/trainer-actions";
import type { ChatContext, ChatDeps } from "./chat.context";
import { freeTierRefusal } from "./chat.free-tier";
import { runWithPool } from "./chat.solves";
import { emptyTurn, type IntentRunner, type TurnResult } from "./chat-turn";

export const PROFILE_INCOMPLETE_REPLY =
  "I need your body data before I can work with your plans: please complete the calorie calculator (your goal, age, height, weight and activity) first. Until then I can still explain exercises and answer questions from the beginner guide.";

/** Numbers and changes need body data; these answers do not. */
const NEEDS_NO_PROFILE = new Set<Intent["kind"]>([
  "red-flag",
  "guide",
  "explain-exercise",
  "ask-workout",
  "greeting",
  "thanks",
  "abuse",
  "pain",
  "clarify",
  "unknown",
]);

/** Applies intents one after another to one turn, keeping every change for the single write at the end. */
export function createIntentRunner(
  deps: ChatDeps,
  context: ChatContext,
  seed: number,
  brain: TurnResult["brain"],
): IntentRunner {
  const turn = emptyTurn(context.state, brain);
  let access = { ...context.access };
  let calls = 0;
  return {
    async apply(intent) {
      turn.intents.push(intent.kind);
      if (!context.complete && !NEEDS_NO_PROFILE.has(intent.kind))
        return { reply: PROFILE_INCOMPLETE_REPLY, changed: false, refused: true };
      const refusal = freeTierRefusal(intent, turn.state, access);
      if (refusal !== undefined) return { reply: refusal, changed: false, refused: true };
      const before = turn.state;
      // Each call in a turn gets its own seed, so two swaps in one message do not pick alike. A week-wide change
      // re-plans the day in view now and leaves the rest to the background job (docs/decisions/070).
      const outcome = await runWithPool(
        deps.pool,
        (trainerDeps) => applyIntent(intent, before, { ...trainerDeps, deferOtherMealDays: true }),
        seed + calls * 7_919,
      );
      calls += 1;
      const changed =
        outcome.changed.mealDays.length > 0 || outcome.changed.workout || outcome.changed.profile;
      turn.state = outcome.state;
      for (const day of outcome.changed.mealDays) {
        turn.mealDays.add(day);
        if (intent.kind === "replace-meal") continue;
        turn.replannedDays.add(day);
        turn.pendingMealDays.delete(day);
      }
      for (const day of outcome.pendingMealDays ?? []) turn.pendingMealDays.add(day);
      if (outcome.changed.workout) {
        turn.workout = true;
        if (intent.kind !== "replace-exercise") turn.workoutRebuilt = true;
      }
      if (outcome.changed.profile) turn.profile = true;
      turn.itemIdsUpdated.push(...outcome.itemIdsUpdated);
      turn.choices.push(...(outcome.choices ?? []));
      if (outcome.activeDay !== undefined) turn.activeDay = outcome.activeDay;
      if (
        countsTowardFreeLimit(access.isPro) &&
        (intent.kind === "replace-meal" || intent.kind === "replace-exercise")
      ) {
        turn.freeReplacements += outcome.itemIdsUpdated.length;
        access = {
          ...access,
          freeReplacementsLeft: access.freeReplacementsLeft - outcome.itemIdsUpdated.length,
        };
      }
      return { reply: outcome.reply, changed, refused: false };
    },
    turn: () => turn,
  };
}

/** The offline brain: every request in the message, in order, each on the state the last left (decision 045). */
export async function offlineTurn(
  deps: ChatDeps,
  context: ChatContext,
  message: string,
  seed: number,
): Promise<TurnResult> {
  const runner = createIntentRunner(deps, context, seed, "offline");
  const replies: string[] = [];
  for (const intent of parseIntents(message, context.state)) replies.push((await runner.apply(intent)).reply);
  const turn = runner.turn();
  turn.reply = replies.join("\n\n");
  return turn;
}
