import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SavedPlanRef } from "@fitwise/contracts/saved";
import type { Database } from "../../db/database";
import { matchesIfNoneMatch, PUBLIC_PLAN_CACHE_CONTROL, type PublicPlanCache } from "./public-plan-cache";
import type { PublicPlanNotices } from "./public-plan-notices";
import { deleteSaved, listSaved, readPublicSaved, setSavedVisibility } from "./saved.service";
import { callerId } from "../../http/authenticate";
import { defineFunction } from "../../http/define-function";

const keyOf = (ref: SavedPlanRef): string =>
  ref.table === "saved_diets" ? `diet:${ref.diet_id}` : `workout:${ref.workout_id}`;

/** Listing, public reading and deleting saved plans under /functions/v1 (saving is write_user_data). */
export async function savedRoutes(
  app: FastifyInstance,
  options: { db: Database; publicPlans: PublicPlanCache; notices: PublicPlanNotices },
): Promise<void> {
  const { db, publicPlans, notices } = options;

  defineFunction(app, "get_saved_list", {}, async ({ table }, request) => {
    return listSaved(db, callerId(request), table);
  });

  const sendPublic = async (ref: SavedPlanRef, request: FastifyRequest, reply: FastifyReply) => {
    const plan = await publicPlans.get(keyOf(ref), () => readPublicSaved(db, ref));
    reply.header("etag", plan.etag).header("cache-control", PUBLIC_PLAN_CACHE_CONTROL);
    if (matchesIfNoneMatch(request.headers["if-none-match"], plan.etag)) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(plan.json);
  };

  // Public by design (docs/product.md §5): anyone holding the unguessable link may read the allow-listed fields.
  defineFunction(app, "get_saved_data", {}, async (input, request, reply) =>
    sendPublic(input, request, reply),
  );
  // The same as a GET with the reference in the query, so a browser or CDN can cache it by URL.
  defineFunction(
    app,
    "get_saved_data",
    { method: "GET", source: (request) => request.query ?? {} },
    async (input, request, reply) => sendPublic(input, request, reply),
  );

  defineFunction(app, "set_saved_plan_visibility", {}, async (input, request) => {
    const stored = await setSavedVisibility(db, callerId(request), input);
    // This instance answers the new visibility at once; others when the notice reaches them (decision 060).
    publicPlans.delete(keyOf(input));
    await notices.publish(keyOf(input));
    return stored;
  });

  defineFunction(app, "delete_saved_plan", {}, async (ref, request) => {
    const deleted = await deleteSaved(db, callerId(request), ref);
    publicPlans.delete(keyOf(ref));
    await notices.publish(keyOf(ref));
    return deleted;
  });
}
