import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ChatMessageSchema, DEFAULT_GREETINGS, type ChatMessage } from "@fitwise/contracts/chat";
import { callFunction } from "../../../lib/call-function";
import { readCache, writeCache } from "../../../lib/local-cache";
import { queryKeys } from "../../../lib/query-keys";

/** Messages kept locally (docs/product.md §7 chat_history); the server holds the history, this is for the first paint. */
const CACHED_MESSAGES = 50;

export function greetings(): ChatMessage[] {
  const at = new Date().toISOString();
  return DEFAULT_GREETINGS.map((content) => ({ sender: "assistant", content, created_at: at }));
}

export function readCachedHistory(): ChatMessage[] {
  const parsed = z.array(ChatMessageSchema).safeParse(readCache("chat_history"));
  return parsed.success && parsed.data.length > 0 ? parsed.data : greetings();
}

export function cacheHistory(messages: readonly ChatMessage[]): void {
  writeCache("chat_history", messages.slice(-CACHED_MESSAGES));
}

export async function fetchChatHistory(): Promise<ChatMessage[]> {
  const { messages } = await callFunction("get_chat_history", {});
  cacheHistory(messages);
  return messages;
}

/** The stored conversation; the cached copy shows at once. */
export function useChatHistory() {
  return useQuery({
    queryKey: queryKeys.chatHistory(),
    queryFn: fetchChatHistory,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
