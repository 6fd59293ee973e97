import type { FastifyInstance, FastifyRequest } from "fastify";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import {
  acceptSuggestedTarget,
  deleteWeight,
  getProgress,
  getWorkoutHistory,
  logMealEaten,
  logWeight,
  logWorkoutSet,
} from "./progress.service";

function callerId(request: FastifyRequest): string {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user.id;
}

/** Weigh-ins, meals eaten, workout sets and the adaptive target under /functions/v1 (docs/decisions/022). */
export async function progressRoutes(
  app: FastifyInstance,
  options: { db: Database; now?: () => Date },
): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const authenticated = { preHandler: app.authenticate };

  app.post("/log_weight", authenticated, async (request) =>
    logWeight(db, callerId(request), FUNCTIONS.log_weight.request.parse(request.body ?? {}), now()),
  );

  app.post("/delete_weight", authenticated, async (request) => {
    const { date } = FUNCTIONS.delete_weight.request.parse(request.body ?? {});
    return deleteWeight(db, callerId(request), date);
  });

  app.post("/get_progress", authenticated, async (request) => {
    const { today } = FUNCTIONS.get_progress.request.parse(request.body ?? {});
    return getProgress(db, callerId(request), today, now());
  });

  app.post("/accept_suggested_target", authenticated, async (request) => {
    const { goal_kcal, today } = FUNCTIONS.accept_suggested_target.request.parse(request.body ?? {});
    return acceptSuggestedTarget(db, callerId(request), goal_kcal, today, now());
  });

  app.post("/log_meal_eaten", authenticated, async (request) =>
    logMealEaten(db, callerId(request), FUNCTIONS.log_meal_eaten.request.parse(request.body ?? {}), now()),
  );

  app.post("/log_workout_set", authenticated, async (request) =>
    logWorkoutSet(db, callerId(request), FUNCTIONS.log_workout_set.request.parse(request.body ?? {}), now()),
  );

  app.post("/get_workout_history", authenticated, async (request) => {
    const { exercise_id } = FUNCTIONS.get_workout_history.request.parse(request.body ?? {});
    return getWorkoutHistory(db, callerId(request), exercise_id);
  });
}
