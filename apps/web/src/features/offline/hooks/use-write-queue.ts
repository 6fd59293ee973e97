import { useEffect, useState } from "react";
import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../../../lib/alerts";
import { flushQueue, pendingWrites, subscribeQueue } from "../../../lib/offline-queue";
import type { QueueableName } from "../../../lib/offline-queue";
import { queryKeys } from "../../../lib/query-keys";

/** While writes wait and the browser says it is online, the server is tried again this often. */
const RETRY_MS = 30_000;

/** The query keys (or key prefixes) each kind of write changes. */
const REFRESHED_BY: Record<QueueableName, readonly (readonly string[])[]> = {
  log_weight: [queryKeys.progress()],
  log_meal_eaten: [queryKeys.progress()],
  log_workout_set: [queryKeys.workoutHistory()],
  // Every day's diary (the entry's day is in the payload, not here), and the adaptive target that reads it.
  log_food: [queryKeys.diaries(), queryKeys.progress()],
  set_grocery_tick: [queryKeys.groceryLists()],
};

/**
 * Sends the offline queue (lib/offline-queue.ts) when the page opens, when the connection returns and
 * every 30 s while writes wait; refreshes what the sent writes changed; tells the person of a write
 * the server refused (docs/decisions/047). Answers how many writes wait.
 */
export function useWriteQueue(): number {
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const [pending, setPending] = useState(0);

  useEffect(() => {
    const unsubscribe = subscribeQueue((event) => {
      if (event.type === "pending") setPending(event.count);
      else if (event.type === "sent") {
        for (const key of new Set(event.names.flatMap((name) => REFRESHED_BY[name]))) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      } else {
        showAlert("error", `${event.label} was not saved: ${event.message}`);
      }
    });
    void pendingWrites().then(setPending);
    void flushQueue();
    const unsubscribeOnline = onlineManager.subscribe((online) => {
      if (online) void flushQueue();
    });
    return () => {
      unsubscribe();
      unsubscribeOnline();
    };
  }, [queryClient, showAlert]);

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void flushQueue(), RETRY_MS);
    return () => clearInterval(timer);
  }, [pending]);

  return pending;
}
