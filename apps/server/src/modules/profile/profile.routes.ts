import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { WriteProfileRequestSchema } from "@fitwise/contracts/profile";
import {
  SaveDietRequestSchema,
  SaveWorkoutRequestSchema,
  type SaveDietRequest,
  type SaveWorkoutRequest,
} from "@fitwise/contracts/saved";
import type { Database } from "../../db/database";
import type { AuthenticatedUser } from "../../http/authenticate";
import { defineFunction, type FunctionInput } from "../../http/define-function";
import { HttpError } from "../../http/errors";
import type { UserStateCache } from "../../http/user-state-cache";
import {
  loadProfile,
  profileAnswerJson,
  readSubscription,
  writeProfile,
  type FirstWeighIn,
  type StoredProfile,
} from "./profile.service";

/**
 * Saving a plan through write_user_data: the saved module's service, wired by buildApp (app.ts) since
 * that module sits above this one (docs/decisions/075).
 */
export interface SavedPlanWriter {
  saveDiet(db: Database, userId: string, input: SaveDietRequest, now: Date): Promise<{ diet_id: string }>;
  saveWorkout(
    db: Database,
    userId: string,
    input: SaveWorkoutRequest,
    now: Date,
  ): Promise<{ workout_id: string }>;
}

/**
 * write_user_data writes the profile unless write_table names a saved-plan table. The body is parsed with
 * that branch of the registry's union (FUNCTIONS.write_user_data), so an error names the branch's fields.
 */
const WriteTableSchema = z.object({
  write_table: z.enum(["my_users", "saved_diets", "saved_workouts"]).optional(),
});

function parseWriteUserData(body: unknown): FunctionInput<"write_user_data"> {
  const { write_table } = WriteTableSchema.parse(body);
  if (write_table === "saved_diets") return SaveDietRequestSchema.parse(body);
  if (write_table === "saved_workouts") return SaveWorkoutRequestSchema.parse(body);
  return WriteProfileRequestSchema.parse(body);
}

function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user;
}

/** write_user_data and get_user_data under /functions/v1. */
export async function profileRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    profiles: UserStateCache<StoredProfile>;
    savedPlans: SavedPlanWriter;
    firstWeighIn: FirstWeighIn;
    now?: () => Date;
  },
): Promise<void> {
  const { db, profiles, savedPlans, firstWeighIn } = options;
  const now = options.now ?? (() => new Date());

  defineFunction(app, "write_user_data", { parse: parseWriteUserData }, async (input, request) => {
    const user = caller(request);
    if (input.write_table === "saved_diets") return savedPlans.saveDiet(db, user.id, input, now());
    if (input.write_table === "saved_workouts") return savedPlans.saveWorkout(db, user.id, input, now());
    return writeProfile(db, user, input, now(), firstWeighIn);
  });

  defineFunction(app, "get_user_data", {}, async ({ table }, request, reply) => {
    const userId = caller(request).id;
    if (table !== "my_users") return readSubscription(db, userId, now());
    const stored = await profiles.getOrLoad(userId, userId, () => loadProfile(db, userId, now()));
    return reply.type("application/json; charset=utf-8").send(profileAnswerJson(stored, now()));
  });
}
