import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import { WriteProfileRequestSchema } from "@fitwise/contracts/profile";
import { SaveDietRequestSchema, SaveWorkoutRequestSchema } from "@fitwise/contracts/saved";
import type { Database } from "../../db/database";
import type { AuthenticatedUser } from "../../http/authenticate";
import { HttpError } from "../../http/errors";
import { saveDiet, saveWorkout } from "../saved/saved.service";
import type { UserStateCache } from "../../http/user-state-cache";
import {
  loadProfile,
  profileAnswerJson,
  readSubscription,
  writeProfile,
  type StoredProfile,
} from "./profile.service";

/**
 * write_user_data writes the profile unless write_table names a saved-plan table. The body is parsed with
 * that branch of the registry's union (FUNCTIONS.write_user_data), so an error names the branch's fields.
 */
const WriteTableSchema = z.object({
  write_table: z.enum(["my_users", "saved_diets", "saved_workouts"]).optional(),
});

function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user;
}

/** write_user_data and get_user_data under /functions/v1. */
export async function profileRoutes(
  app: FastifyInstance,
  options: { db: Database; profiles: UserStateCache<StoredProfile>; now?: () => Date },
): Promise<void> {
  const { db, profiles } = options;
  const now = options.now ?? (() => new Date());
  const authenticated = { preHandler: app.authenticate };

  app.post("/write_user_data", authenticated, async (request) => {
    const body = request.body ?? {};
    const user = caller(request);
    const { write_table } = WriteTableSchema.parse(body);
    if (write_table === "saved_diets") return saveDiet(db, user.id, SaveDietRequestSchema.parse(body), now());
    if (write_table === "saved_workouts")
      return saveWorkout(db, user.id, SaveWorkoutRequestSchema.parse(body), now());
    return writeProfile(db, user, WriteProfileRequestSchema.parse(body), now());
  });

  app.post("/get_user_data", authenticated, async (request, reply) => {
    const { table } = FUNCTIONS.get_user_data.request.parse(request.body ?? {});
    const userId = caller(request).id;
    if (table !== "my_users") return readSubscription(db, userId, now());
    const stored = await profiles.getOrLoad(userId, userId, () => loadProfile(db, userId, now()));
    return reply.type("application/json; charset=utf-8").send(profileAnswerJson(stored, now()));
  });
}
