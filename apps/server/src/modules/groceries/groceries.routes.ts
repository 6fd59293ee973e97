import type { FastifyInstance } from "fastify";
import { FUNCTIONS } from "@fitwise/contracts/functions";
import type { Database } from "../../db/database";
import { getGroceryList, setGroceryTick } from "./groceries.service";
import { callerId } from "../../http/authenticate";

/** The shopping list and its ticks under /functions/v1 (docs/product.md §3.15). */
export async function groceriesRoutes(
  app: FastifyInstance,
  options: { db: Database; now?: () => Date },
): Promise<void> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const authenticated = { preHandler: app.authenticate };

  app.post("/get_grocery_list", authenticated, async (request) =>
    getGroceryList(
      db,
      callerId(request),
      FUNCTIONS.get_grocery_list.request.parse(request.body ?? {}),
      now(),
    ),
  );

  app.post("/set_grocery_tick", authenticated, async (request) => {
    const { name, ticked } = FUNCTIONS.set_grocery_tick.request.parse(request.body ?? {});
    return setGroceryTick(db, callerId(request), name, ticked);
  });
}
