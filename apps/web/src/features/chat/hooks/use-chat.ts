import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CHAT_CONTEXT_MESSAGES, type ChatMessage, type ChatTrainerResponse } from "@fitwise/contracts/chat";
import { useAlert } from "../../../lib/alerts";
import { queryKeys } from "../../../lib/query-keys";
import { cacheHistory, readCachedHistory, useChatHistory } from "../api/chat-history";
import { sendChatMessage, UnexpectedReplyError } from "../api/chat-trainer";
import { refreshMealDay, replaceWorkoutPlan } from "../api/refresh-plans";
import { undoPlanChange } from "../../../lib/undo-plan-change";
import { markItemsUpdating } from "./item-updating";

/** docs/product.md §9 texts, exactly. */
export const PATIENCE_MESSAGE = "Please be patient while I update your plan, which can take up to a minute!";
export const APOLOGY_MESSAGE = "Sorry, something went wrong. Please try again later.";
export const SEND_FAILED = "Failed to send message";
export const UNEXPECTED_FORMAT = "Unexpected data format";
/*
 * The original app's toasts said to drag down to refresh; here the screens already show the change (the reply
 * updates their data), so the toast says that instead.
 */
export const DIET_UPDATED = "Your diet plan has been updated. The diet screen already shows the changes.";
export const WORKOUT_UPDATED =
  "Your workout plan has been updated. The workout screen already shows the changes.";
/** docs/product.md §6.5: the patience message after 10 s without a reply. */
export const PATIENCE_AFTER_MS = 10_000;

/** `local`: shown here only (patience, apology), neither stored on the server nor sent as context. */
export type DisplayMessage = ChatMessage & { local?: boolean };

function message(sender: ChatMessage["sender"], content: string, local = false): DisplayMessage {
  return { sender, content, created_at: new Date().toISOString(), ...(local ? { local } : {}) };
}

export function useChat() {
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const history = useChatHistory();
  const [messages, setMessages] = useState<DisplayMessage[]>(readCachedHistory);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Buttons under the last reply's clarifying question (decision 045); gone once anything is sent. */
  const [choices, setChoices] = useState<NonNullable<ChatTrainerResponse["choices"]>>([]);
  /** The last reply's plan change, before → after, with its Undo (decision 046); gone once anything else happens. */
  const [change, setChange] = useState<ChatTrainerResponse["change"]>(undefined);
  const messagesRef = useRef(messages);
  const pendingRef = useRef(false);
  const marking = useRef<AbortController | null>(null);

  useEffect(() => {
    if (history.data && !pendingRef.current) {
      messagesRef.current = history.data;
      setMessages(history.data);
    }
  }, [history.data]);

  useEffect(() => () => marking.current?.abort(), []);

  // The ref is the list's source of truth between renders: a reply's handlers read it right after appending.
  const append = useCallback((next: DisplayMessage) => {
    const updated = [...messagesRef.current, next];
    messagesRef.current = updated;
    setMessages(updated);
  }, []);

  const applyReply = useCallback(
    async (reply: ChatTrainerResponse) => {
      if (reply.item_ids_updated && reply.item_ids_updated.length > 0) {
        marking.current?.abort();
        const controller = new AbortController();
        marking.current = controller;
        void markItemsUpdating(reply.item_ids_updated, controller.signal);
      }
      if (reply.updated_plan) await replaceWorkoutPlan(queryClient, reply.updated_plan.workout_plan);
      if (reply.active_day !== undefined) {
        await refreshMealDay(queryClient, reply.active_day);
        showAlert("alert", DIET_UPDATED);
      } else if (reply.updated_plan) {
        showAlert("alert", WORKOUT_UPDATED);
      }
    },
    [queryClient, showAlert],
  );

  /** Sends a message; false when it was not sent (blank, or another is still pending). */
  const send = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      if (content === "" || pendingRef.current) return false;
      const context = messagesRef.current
        .filter((entry) => !entry.local)
        .slice(-CHAT_CONTEXT_MESSAGES)
        .map((entry) => ({ role: entry.sender, content: entry.content }));
      append(message("user", content));
      setChoices([]);
      setChange(undefined);
      pendingRef.current = true;
      setPending(true);
      setError(null);
      const patience = setTimeout(
        () => append(message("assistant", PATIENCE_MESSAGE, true)),
        PATIENCE_AFTER_MS,
      );
      void sendChatMessage(content, context)
        .then((reply) => {
          append(message("assistant", reply.message));
          setChoices(reply.choices ?? []);
          setChange(reply.change);
          const stored = messagesRef.current.filter((entry) => !entry.local);
          cacheHistory(stored);
          queryClient.setQueryData(queryKeys.chatHistory(), stored);
          return { reply };
        })
        .catch((failure: unknown) => {
          setError(failure instanceof UnexpectedReplyError ? UNEXPECTED_FORMAT : SEND_FAILED);
          append(message("assistant", APOLOGY_MESSAGE, true));
          return undefined;
        })
        .then(async (result) => {
          clearTimeout(patience);
          pendingRef.current = false;
          setPending(false);
          if (result) await applyReply(result.reply);
        });
      return true;
    },
    [append, applyReply, queryClient],
  );

  /** Undoes the last reply's change; the screens refresh as after a reply. */
  const undo = useCallback(() => {
    if (change === undefined || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setError(null);
    setChange(undefined);
    void undoPlanChange(change.change_id)
      .then(async (reply) => {
        append(message("assistant", reply.message, true));
        await applyReply(reply);
      })
      .catch((failure: unknown) => {
        append(message("assistant", failure instanceof Error ? failure.message : APOLOGY_MESSAGE, true));
      })
      .finally(() => {
        pendingRef.current = false;
        setPending(false);
      });
  }, [append, applyReply, change]);

  return { messages, pending, error, send, choices, change, undo };
}
