import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DeleteSavedPlanRequestSchema,
  GetSavedDataRequestSchema,
  GetSavedListRequestSchema,
} from "@fitwise/contracts/saved";
import type { Database } from "../../db/database";
import { HttpError } from "../../http/errors";
import { deleteSaved, listSaved, readPublicSaved } from "./saved.service";

function callerId(request: FastifyRequest): string {
  if (!request.user) throw new HttpError(401, "no_authorization", "This endpoint requires a Bearer token");
  return request.user.id;
}

/** Listing, public reading and deleting saved plans under /functions/v1 (saving is write_user_data). */
export async function savedRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;

  app.post("/get_saved_list", { preHandler: app.authenticate }, async (request) => {
    const { table } = GetSavedListRequestSchema.parse(request.body ?? {});
    return listSaved(db, callerId(request), table);
  });

  // Public by design (spec §6): anyone holding the unguessable link may read the allow-listed fields.
  app.post("/get_saved_data", async (request) => {
    const ref = GetSavedDataRequestSchema.parse(request.body ?? {});
    return readPublicSaved(db, ref);
  });

  app.post("/delete_saved_plan", { preHandler: app.authenticate }, async (request) => {
    const ref = DeleteSavedPlanRequestSchema.parse(request.body ?? {});
    return deleteSaved(db, callerId(request), ref);
  });
}
