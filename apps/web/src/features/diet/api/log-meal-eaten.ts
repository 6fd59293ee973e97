import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MealItem } from "@fitwise/engine/nutrition/meal-plan.types";
import { LogMealEatenRequestSchema } from "@fitwise/contracts/progress";
import type { LogMealEatenRequest, ProgressResponse } from "@fitwise/contracts/progress";
import { cacheProgress, readCachedProgress } from "../../../lib/get-progress";
import { sendOrQueue } from "../../../lib/offline-queue";
import { queryKeys } from "../../../lib/query-keys";

export interface EatenTick {
  request: LogMealEatenRequest;
  /** The plan item ticked: its name for messages, its figures for the intake shown while offline. */
  item: MealItem;
}

/**
 * `log_meal_eaten`: ticks (with the grams eaten) or unticks a plan item for a day, through the
 * offline queue (docs/decisions/047). If the plan changed before a queued tick is sent, the server
 * refuses it (unknown_item) and the person is told which tick was not kept.
 */
export function logMealEaten({ request, item }: EatenTick) {
  const parsed = LogMealEatenRequestSchema.parse(request);
  const what = `${parsed.eaten ? "Ticking" : "Unticking"} ${item.name} as eaten on ${parsed.date}`;
  return sendOrQueue("log_meal_eaten", parsed, what);
}

/** Today's eaten items with a queued tick applied, until the server's answer replaces them. */
function withTick(progress: ProgressResponse, { request, item }: EatenTick): ProgressResponse {
  if (request.date !== progress.today) return progress;
  const others = progress.eaten_today.filter((row) => row.item_id !== request.item_id);
  if (!request.eaten) return { ...progress, eaten_today: others };
  const grams = request.grams ?? item.grams;
  const energyKcal = item.grams > 0 ? Math.round(((item.energyKcal * grams) / item.grams) * 10) / 10 : 0;
  const row = { date: request.date, item_id: item.id, item_name: item.name, grams, energy_kcal: energyKcal };
  return { ...progress, eaten_today: [...others, row] };
}

export function useLogMealEaten() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logMealEaten,
    // Offline the tick is queued, not paused: the box stays as the person left it.
    networkMode: "always",
    onSuccess: (outcome, tick) => {
      if (outcome.status === "sent") {
        const result = outcome.response;
        queryClient.setQueryData<ProgressResponse>(queryKeys.progress(), (progress) =>
          progress && progress.today === result.date ? { ...progress, eaten_today: result.eaten } : progress,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
        // The diary lists ticked items beside logged foods.
        void queryClient.invalidateQueries({ queryKey: queryKeys.diary(result.date) });
        return;
      }
      const progress =
        queryClient.getQueryData<ProgressResponse>(queryKeys.progress()) ?? readCachedProgress();
      if (!progress) return;
      const next = withTick(progress, tick);
      cacheProgress(next);
      queryClient.setQueryData(queryKeys.progress(), next);
    },
  });
}
