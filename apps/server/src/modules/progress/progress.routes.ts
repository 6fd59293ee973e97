import type { FastifyInstance } from "fastify";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import type { Database } from "../../db/database";
import { applyOnce } from "./client-writes";
import {
  acceptSuggestedTarget,
  deleteWeight,
  getProgress,
  getWorkoutHistory,
  logMealEaten,
  logWeight,
  logWorkoutSet,
} from "./progress.service";
import { callerId } from "../../http/authenticate";
import { importWorkoutHistory } from "./workout-import.service";

/** A 3 MB export as a JSON string: quotes and line breaks are escaped, so allow for every character doubling. */
const IMPORT_BODY_LIMIT_BYTES = 8 * 1_048_576;

/** Weigh-ins, meals eaten, workout sets and the adaptive target under /functions/v1 (docs/decisions/022). */
export async function progressRoutes(
  app: FastifyInstance,
  options: { db: Database; now?: () => Date },
): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const authenticated = { preHandler: app.authenticate };

  // The three writes a browser may queue offline are applied once per client_id (docs/decisions/047).
  app.post("/log_weight", authenticated, async (request) => {
    const input = FUNCTIONS.log_weight.request.parse(request.body ?? {});
    const userId = callerId(request);
    return applyOnce(db, userId, "log_weight", input.client_id, (trx) =>
      logWeight(trx, userId, input, now()),
    );
  });

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

  app.post("/log_meal_eaten", authenticated, async (request) => {
    const input = FUNCTIONS.log_meal_eaten.request.parse(request.body ?? {});
    const userId = callerId(request);
    return applyOnce(db, userId, "log_meal_eaten", input.client_id, (trx) =>
      logMealEaten(trx, userId, input, now()),
    );
  });

  app.post("/log_workout_set", authenticated, async (request) => {
    const input = FUNCTIONS.log_workout_set.request.parse(request.body ?? {});
    const userId = callerId(request);
    return applyOnce(db, userId, "log_workout_set", input.client_id, (trx) =>
      logWorkoutSet(trx, userId, input, now()),
    );
  });

  app.post(
    "/import_workout_history",
    { ...authenticated, bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    async (request) => {
      const input = FUNCTIONS.import_workout_history.request.parse(request.body ?? {});
      return importWorkoutHistory(db, callerId(request), input, now());
    },
  );

  app.post("/get_workout_history", authenticated, async (request) => {
    const { exercise_id } = FUNCTIONS.get_workout_history.request.parse(request.body ?? {});
    return getWorkoutHistory(db, callerId(request), exercise_id);
  });
}
