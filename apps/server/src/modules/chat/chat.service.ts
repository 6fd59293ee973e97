import { toWireWorkoutItem } from "@fitwise/contracts/plan-items.mapper";
import { visibleWorkoutItems } from "@fitwise/contracts/free-tier";
import {
  CHAT_CONTEXT_MESSAGES,
  CHAT_MAX_CHOICES,
  DEFAULT_GREETINGS,
  type ChatHistoryResponse,
  type ChatTrainerRequest,
  type ChatTrainerResponse,
} from "@fitwise/contracts/chat";
import { acceptedOffer } from "@fitwise/engine/trainer/intent-parser";
import { isProgressQuestion } from "@fitwise/engine/trainer/progress-check";
import { detectRedFlag } from "@fitwise/engine/trainer/red-flags";
import type { Database } from "../../db/database";
import { derivedSeed } from "../plans/plan-seeds";
import { progressCheckReply } from "../progress/progress.service";
import { commitTurn } from "./chat.commit";
import { shownToTier, withoutLockedNames } from "./chat.free-tier";
import { loadChatContext, type ChatDeps } from "./chat.context";
import { createIntentRunner, offlineTurn } from "./chat.intents";
import { countChatMessages, deleteChatMessages, listChatMessages } from "./chat.repository";
import { emptyTurn, type TurnResult } from "./chat-turn";
import { jobKey } from "../jobs/job-queue";
import { modelTurn } from "./openai-brain";

// The chat's three functions; reading (chat.context), thinking (chat.intents, chat.solves,
// chat.free-tier, openai-brain) and writing (chat.commit) live beside it.

/** The reply to the caller; a changed week is sent as their tier shows it (decision 055). */
export function toResponse(turn: TurnResult, isPro: boolean): ChatTrainerResponse {
  const present = new Set([
    ...Object.values(turn.state.mealPlans).flatMap((items) => (items ?? []).map((item) => item.id)),
    ...turn.state.workoutPlan.map((item) => item.id),
  ]);
  // A later call in the turn may have replaced an item an earlier one swapped in.
  const itemIds = [...new Set(turn.itemIdsUpdated)].filter((id) => present.has(id));
  const activeDay = turn.activeDay ?? [...turn.mealDays][0];
  return {
    message: turn.reply,
    ...(itemIds.length > 0 ? { item_ids_updated: itemIds } : {}),
    ...(turn.mealDays.size > 0 && activeDay !== undefined ? { active_day: activeDay } : {}),
    ...(turn.workout
      ? {
          updated_plan: {
            workout_plan: visibleWorkoutItems(isPro, turn.state.workoutPlan).map(toWireWorkoutItem),
          },
        }
      : {}),
    ...(turn.choices.length > 0 ? { choices: turn.choices.slice(0, CHAT_MAX_CHOICES) } : {}),
    ...(turn.change === undefined ? {} : { change: { change_id: turn.change.id, lines: turn.change.lines } }),
  };
}

/** openai_chat_trainer: read the caller's plans, think (model or offline brain), save every change, answer. */
export async function chatTrainer(
  deps: ChatDeps,
  userId: string,
  payload: ChatTrainerRequest,
  request: { id: string; optedOutOfTracking: boolean },
): Promise<ChatTrainerResponse> {
  const message = payload.user_message.trim();
  const context = await loadChatContext(deps, userId, payload);
  // Per message, so the same words a second time ("new meals for today") give another plan.
  const seed = derivedSeed("chat", userId, await countChatMessages(deps.db, userId));
  // "How am I doing?" is answered from the logs (docs/decisions/022), with the same figures as /progress.
  if (isProgressQuestion(message) && detectRedFlag(message) === undefined) {
    const turn = emptyTurn(context.state, "offline");
    turn.reply = await progressCheckReply(deps.db, userId, context.state.profile.goal, deps.now());
    await commitTurn(deps, context, turn, message, seed, !request.optedOutOfTracking);
    return toResponse(turn, context.access.isPro);
  }
  // A bare "yes" accepts the offer in Alex's last reply ("protect my knee?"): the offline brain reads that request.
  const lastReply = payload.conversation_history.findLast((entry) => entry.role === "assistant")?.content;
  const offlineMessage = acceptedOffer(message, lastReply) ?? message;
  const turn = deps.ai
    ? await modelTurn({
        ai: deps.ai,
        log: deps.log,
        requestId: request.id,
        message,
        history: payload.conversation_history.slice(-CHAT_CONTEXT_MESSAGES),
        state: context.state,
        shownState: shownToTier(context.state, context.access.isPro),
        runner: () => createIntentRunner(deps, context, seed, "model"),
        fallback: () => offlineTurn(deps, context, offlineMessage, seed),
      })
    : await offlineTurn(deps, context, offlineMessage, seed);
  turn.reply = withoutLockedNames(turn.reply, [context.state, turn.state], context.access.isPro);
  await commitTurn(deps, context, turn, message, seed, !request.optedOutOfTracking);
  await enqueueRestOfWeek(deps, userId, turn, seed);
  return toResponse(turn, context.access.isPro);
}

/**
 * The days the turn left stale are re-planned by the background job, keyed by the recorded change, or the message's
 * seed when no plan was written (the turn's version). A queue that is missing or refuses loses nothing: the days are stale, so their next read re-plans them.
 */
async function enqueueRestOfWeek(
  deps: ChatDeps,
  userId: string,
  turn: TurnResult,
  seed: number,
): Promise<void> {
  if (turn.pendingMealDays.size === 0 || deps.jobs === undefined) return;
  try {
    await deps.jobs.enqueue("replan-week", jobKey("replan-week", userId, turn.change?.id ?? `chat-${seed}`), {
      userId,
    });
  } catch (error) {
    deps.log.error({ err: error }, "could not queue the rest of the week's re-plan");
  }
}

/** get_chat_history: the stored conversation, or Alex's greetings for a new user. */
export async function chatHistory(db: Database, userId: string, now: Date): Promise<ChatHistoryResponse> {
  const stored = await listChatMessages(db, userId, 200);
  if (stored.length === 0) {
    const at = now.toISOString();
    return {
      messages: DEFAULT_GREETINGS.map((content) => ({ sender: "assistant", content, created_at: at })),
    };
  }
  return {
    messages: stored.map((message) => ({
      sender: message.sender,
      content: message.content,
      created_at: new Date(message.created_at).toISOString(),
    })),
  };
}

export async function clearChatHistory(db: Database, userId: string): Promise<{ deleted: number }> {
  return { deleted: await deleteChatMessages(db, userId) };
}
