import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogMealEatenRequestSchema } from "@fitwise/contracts/progress";
import type {
  LogMealEatenRequest,
  LogMealEatenResponse,
  ProgressResponse,
} from "@fitwise/contracts/progress";
import { callFunction } from "../../../lib/call-function";
import { queryKeys } from "../../../lib/query-keys";

/** `log_meal_eaten`: ticks (with the grams eaten) or unticks a plan item for a day; answers that day's eaten items. */
export function logMealEaten(input: LogMealEatenRequest): Promise<LogMealEatenResponse> {
  return callFunction("log_meal_eaten", LogMealEatenRequestSchema.parse(input));
}

export function useLogMealEaten() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logMealEaten,
    onSuccess: (result) => {
      queryClient.setQueryData<ProgressResponse>(queryKeys.progress(), (progress) =>
        progress && progress.today === result.date ? { ...progress, eaten_today: result.eaten } : progress,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress() });
    },
  });
}
