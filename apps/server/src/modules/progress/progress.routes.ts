import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { applyOnce } from "../../http/client-writes";
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
import { defineFunction } from "../../http/define-function";
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

  // The three writes a browser may queue offline are applied once per client_id (docs/decisions/047).
  defineFunction(app, "log_weight", {}, async (input, request) => {
    const userId = callerId(request);
    return applyOnce(db, userId, "log_weight", input.client_id, (trx) =>
      logWeight(trx, userId, input, now()),
    );
  });

  defineFunction(app, "delete_weight", {}, async ({ date }, request) => {
    return deleteWeight(db, callerId(request), date);
  });

  defineFunction(app, "get_progress", {}, async ({ today }, request) => {
    return getProgress(db, callerId(request), today, now());
  });

  defineFunction(app, "accept_suggested_target", {}, async ({ goal_kcal, today }, request) => {
    return acceptSuggestedTarget(db, callerId(request), goal_kcal, today, now());
  });

  defineFunction(app, "log_meal_eaten", {}, async (input, request) => {
    const userId = callerId(request);
    return applyOnce(db, userId, "log_meal_eaten", input.client_id, (trx) =>
      logMealEaten(trx, userId, input, now()),
    );
  });

  defineFunction(app, "log_workout_set", {}, async (input, request) => {
    const userId = callerId(request);
    return applyOnce(db, userId, "log_workout_set", input.client_id, (trx) =>
      logWorkoutSet(trx, userId, input, now()),
    );
  });

  defineFunction(
    app,
    "import_workout_history",
    { bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    async (input, request) => {
      return importWorkoutHistory(db, callerId(request), input, now());
    },
  );

  defineFunction(app, "get_workout_history", {}, async ({ exercise_id }, request) => {
    return getWorkoutHistory(db, callerId(request), exercise_id);
  });
}
